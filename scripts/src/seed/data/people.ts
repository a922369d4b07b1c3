import { INVEST_STATUS, isDeclined, isGoingToInvest, isInvesting, signingStep, type Level } from '@portal/rules';
import { SYND_USER, USER } from '../../lib/uids';
import { record, type Fields, type SeedRecord } from '../engine';
import { authenticatedRole, portalRef, userRef } from '../refs';
import {
  OAK_DONE,
  OAK_STARTED,
  WASABI_CLOSED,
  WASABI_DONE,
  WASABI_STARTED,
  commitmentDates,
  offeringRefs,
} from './offerings';

/** What an investor's participation in one investment must come out as, in the terms of @portal/rules. */
type InvestorState =
  | 'declined'
  | 'going, not signed'
  | 'going, spouse to sign'
  | 'going, management to sign'
  | 'investing';

interface Participation {
  offering: string;
  intended: InvestorState;
  amount: number;
  extra?: Fields;
}

interface PersonSeed {
  email: string;
  portal: string;
  level: Level;
  firstName: string;
  lastName: string;
  /** Signed up but never confirmed the email: inactive and unconfirmed. */
  unconfirmed?: boolean;
  /** Given for investors (isInvestor), even before they join any investment. */
  investments?: Participation[];
}

export const PEOPLE: PersonSeed[] = [
  {
    email: 'superadmin@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'superadmin',
    firstName: 'Sam',
    lastName: 'Superadmin',
  },
  {
    email: 'admin@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  { email: 'user@wasabistallions.com', portal: 'wasabistallions', level: 'user', firstName: 'Una', lastName: 'User' },
  {
    email: 'guest@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'guest',
    firstName: 'Gus',
    lastName: 'Guest',
  },
  {
    email: 'unconfirmed@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Uma',
    lastName: 'Unconfirmed',
    unconfirmed: true,
  },
  {
    email: 'investor.new@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Ned',
    lastName: 'Newcomer',
    investments: [],
  },
  {
    email: 'investor.declined@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Dee',
    lastName: 'Decliner',
    investments: [
      {
        offering: WASABI_STARTED,
        intended: 'declined',
        amount: 0,
        extra: { feedback: 'The timing does not work for me this year; please keep me posted on the yearling fund.' },
      },
    ],
  },
  {
    email: 'investor.going@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Gina',
    lastName: 'Going',
    investments: [
      {
        offering: WASABI_STARTED,
        intended: 'going, not signed',
        amount: 50_000,
        extra: { method_of_inv: 'CASH', is_married: false },
      },
    ],
  },
  {
    email: 'investor.signed@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Sid',
    lastName: 'Signer',
    investments: [
      {
        offering: WASABI_STARTED,
        intended: 'going, management to sign',
        amount: 75_000,
        extra: { method_of_inv: 'ENTITY', syndAgreementSignedByCurrentUser: true },
      },
    ],
  },
  {
    // A second agreement waiting for management, so the sponsor desk can countersign several at once.
    email: 'investor.ready@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Rhea',
    lastName: 'Ready',
    investments: [
      {
        offering: WASABI_STARTED,
        intended: 'going, management to sign',
        amount: 40_000,
        extra: { method_of_inv: 'CASH', is_married: false, syndAgreementSignedByCurrentUser: true },
      },
    ],
  },
  {
    email: 'investor.spouse@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Sue',
    lastName: 'Spouse',
    investments: [
      {
        offering: WASABI_STARTED,
        intended: 'going, spouse to sign',
        amount: 100_000,
        extra: {
          method_of_inv: 'CASH',
          is_married: true,
          is_marital_state: true,
          syndAgreementSignedByCurrentUser: true,
          cosub_first_name: 'Stan',
          cosub_last_name: 'Spouse',
          cosub_email: 'stan.spouse@example.com',
        },
      },
    ],
  },
  {
    email: 'investor.investing@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Ivan',
    lastName: 'Investor',
    investments: [
      { offering: WASABI_STARTED, intended: 'investing', amount: 150_000 },
      { offering: WASABI_DONE, intended: 'investing', amount: 100_000 },
      { offering: WASABI_CLOSED, intended: 'investing', amount: 60_000 },
    ],
  },
  {
    // A second partner in Funds III and IV, so their capital calls and distributions are visibly shared.
    email: 'investor.partner@wasabistallions.com',
    portal: 'wasabistallions',
    level: 'user',
    firstName: 'Petra',
    lastName: 'Partner',
    investments: [
      { offering: WASABI_DONE, intended: 'investing', amount: 150_000 },
      { offering: WASABI_CLOSED, intended: 'investing', amount: 90_000 },
    ],
  },
  { email: 'admin@oakharbor.com', portal: 'oakharbor', level: 'admin', firstName: 'Owen', lastName: 'Admin' },
  { email: 'user@oakharbor.com', portal: 'oakharbor', level: 'user', firstName: 'Olive', lastName: 'Harbor' },
  {
    email: 'investor@oakharbor.com',
    portal: 'oakharbor',
    level: 'user',
    firstName: 'Oscar',
    lastName: 'Oakes',
    investments: [
      { offering: OAK_STARTED, intended: 'going, not signed', amount: 100_000, extra: { method_of_inv: 'TRUST' } },
      { offering: OAK_DONE, intended: 'investing', amount: 250_000 },
    ],
  },
];

/** The state @portal/rules derive from a stored syndication user, or 'undecided'. */
function investorState(syndUser: Fields): InvestorState | 'undecided' {
  if (isDeclined(syndUser)) return 'declined';
  if (isInvesting(syndUser)) return 'investing';
  if (!isGoingToInvest(syndUser)) return 'undecided';
  const step = signingStep(syndUser);
  return step === 1 ? 'going, not signed' : step === 2 ? 'going, spouse to sign' : 'going, management to sign';
}

function participation(
  person: PersonSeed,
  { offering, intended, amount, extra }: Participation,
  now: Date,
): SeedRecord {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const accepted = intended !== 'declined';
  // One story per fund: signed while the fund was open, the money in after (or by the fund's seeded ledger).
  const dates = commitmentDates(offering, now);
  const data: Fields = {
    user: userRef(person.email),
    userFirstName: person.firstName,
    userLastName: person.lastName,
    ...offeringRefs(offering),
    invest_status: accepted ? INVEST_STATUS.accepted : INVEST_STATUS.declined,
    invest_amount: amount,
    ...(accepted && { sa_start_date: intended === 'investing' ? dates.signStart : daysAgo(5) }),
    ...(intended === 'investing' && {
      method_of_inv: 'CASH',
      syndAgreementSignedByCurrentUser: true,
      hasSyndAgreement: true,
      syndAgreementsCount: 1,
      sa_complete_date: dates.signComplete,
      ...(dates.transfer && { ft_start_date: dates.transfer.start, ft_complete_date: dates.transfer.complete }),
    }),
    ...extra,
  };
  const state = investorState(data);
  if (state !== intended)
    throw new Error(
      `Seed investor ${person.email} on ${offering} is meant to be "${intended}" but comes out "${state}"`,
    );
  return record(SYND_USER, ['user', 'investment'], data);
}

/** Site accounts; all share `password` so the demo is easy to sign in to. */
export function users(password: string): SeedRecord[] {
  return PEOPLE.map(({ email, portal, level, firstName, lastName, unconfirmed, investments }) =>
    record(USER, ['email'], {
      username: email,
      email,
      password,
      provider: 'local',
      role: authenticatedRole(),
      level,
      firstName,
      lastName,
      confirmed: !unconfirmed,
      isActive: !unconfirmed,
      isInvestor: investments !== undefined,
      accreditation: investments !== undefined ? 1 : 0,
      // Stated when the demo is seeded: the dashboard asks investors again a year later.
      ...(investments !== undefined && { accreditationDate: new Date().toISOString() }),
      portal: portalRef(portal),
    }),
  );
}

export function syndUsers(now: Date): SeedRecord[] {
  return PEOPLE.flatMap((person) => (person.investments ?? []).map((entry) => participation(person, entry, now)));
}

/** How far a demo investor's agreement has come: the stages a seeded participation implies. */
export type AgreementStage = 'spouse to sign' | 'management to sign' | 'complete';

const STAGE_OF: Partial<Record<InvestorState, AgreementStage>> = {
  'going, spouse to sign': 'spouse to sign',
  'going, management to sign': 'management to sign',
  investing: 'complete',
};

/**
 * The agreement every demo participation that has one needs, so each step of signing shows and every complete
 * investment has its sealed PDF to download; countersigned by the first admin of the investor's portal.
 */
export function demoAgreements(): {
  email: string;
  offering: string;
  stage: AgreementStage;
  management: { name: string; email: string };
}[] {
  return PEOPLE.flatMap((person) => {
    const admin = PEOPLE.find((other) => other.portal === person.portal && other.level === 'admin');
    if (!admin) throw new Error(`The demo portal ${person.portal} needs an admin to countersign its agreements`);
    const management = { name: `${admin.firstName} ${admin.lastName}`, email: admin.email };
    return (person.investments ?? []).flatMap(({ offering, intended }) => {
      const stage = STAGE_OF[intended];
      return stage ? [{ email: person.email, offering, stage, management }] : [];
    });
  });
}
