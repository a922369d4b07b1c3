import { TEAM_MEMBER } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { seedImage } from '../media';
import { portalRef } from '../refs';

interface MemberSeed {
  name: string;
  position: string;
  bio: string;
  /** A seed picture (scripts/src/seed/images); without one the site shows its placeholder. */
  picture?: string;
}

const WASABI: MemberSeed[] = [
  {
    name: 'Hana Ishikawa',
    position: 'Founder & Managing Partner',
    bio: '<p>Hana bought her first yearling at Keeneland in 2004 and has since syndicated eleven graded-stakes winners.</p>',
    picture: 'portrait-1.jpg',
  },
  {
    name: 'Dale Whitcomb',
    position: 'Bloodstock Director',
    bio: '<p>Dale selects every horse we buy. Twenty-five years of pedigree work across Kentucky, Ireland and Japan.</p>',
    picture: 'portrait-2.jpg',
  },
  {
    name: 'Maria Okafor',
    position: 'Head of Investor Relations',
    bio: '<p>Maria answers your questions, runs the syndication desk and organises farm visit days.</p>',
  },
  {
    name: 'Tom Reyes',
    position: 'Chief Financial Officer',
    bio: '<p>Tom prepares fund accounts, K-1s and distribution statements. Formerly an audit manager at a Big Four firm.</p>',
    picture: 'portrait-3.jpg',
  },
];

const OAK: MemberSeed[] = [
  {
    name: 'Eleanor Vance',
    position: 'Managing Partner',
    bio: '<p>Eleanor has acquired over $900 million of multifamily property across Texas, Georgia and the Carolinas.</p>',
    picture: 'portrait-1.jpg',
  },
  {
    name: 'Marcus Bell',
    position: 'Director of Asset Management',
    bio: '<p>Marcus runs the business plans of every property, from renovations to leasing.</p>',
    picture: 'portrait-2.jpg',
  },
  {
    name: 'Priya Natarajan',
    position: 'Investor Relations Manager',
    bio: '<p>Priya looks after our investors: onboarding, reporting and quarterly webinars.</p>',
  },
];

const membersOf = (portal: string, members: MemberSeed[]): SeedRecord[] =>
  members.map(({ picture, ...member }, index) =>
    record(TEAM_MEMBER, ['name', 'portal'], {
      ...member,
      imageUrl: picture ? seedImage(picture) : '',
      sortOrder: index + 1,
      portal: portalRef(portal),
    }),
  );

export const TEAM_MEMBERS: SeedRecord[] = [...membersOf('wasabistallions', WASABI), ...membersOf('oakharbor', OAK)];
