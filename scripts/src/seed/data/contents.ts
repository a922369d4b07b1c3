import { CONTENT } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { portalRef } from '../refs';

interface ContentSeed {
  slug: string;
  title: string;
  body: string;
}

const WASABI: ContentSeed[] = [
  {
    slug: 'footer-terms',
    title: 'Footer terms',
    body:
      '<p>&copy; Wasabi Stallions LLC. Interests in our syndications are offered only to accredited investors. ' +
      'Thoroughbred ownership is speculative; past race or sale results do not predict future returns. ' +
      'See our <a href="/terms-of-use">Terms of Use</a> and <a href="/privacy-policy">Privacy Policy</a>.</p>',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    body:
      '<h2>What we collect</h2><p>Wasabi Stallions keeps the name, contact details and accreditation documents you give us, ' +
      'and records which syndication documents you open so our team can follow up.</p>' +
      '<h2>How we use it</h2><p>Only to run your account, meet securities-law duties and tell you about new offerings. ' +
      'We never sell your data.</p><h2>Your choices</h2><p>Write to <a href="mailto:privacy@wasabistallions.com">privacy@wasabistallions.com</a> ' +
      'to see, correct or delete what we hold.</p>',
  },
  {
    slug: 'terms-of-use',
    title: 'Terms of Use',
    body:
      '<h2>Using this portal</h2><p>The Wasabi Stallions investor portal is for accredited investors and their advisers. ' +
      'Keep your password to yourself; you are responsible for what is done with your account.</p>' +
      '<h2>No advice</h2><p>Nothing here is investment, tax or legal advice. Read each private placement memorandum in full.</p>',
  },
  {
    // The electronic records disclosure a signer accepts before signing (docs/signing.md); other portals show the default.
    slug: 'esign-disclosure',
    title: 'Consent to electronic records and signatures',
    body:
      '<p>Wasabi Stallions delivers its subscription agreements, notices, statements and tax documents through this portal, ' +
      'and asks you to sign electronically. Your electronic signature binds you as a handwritten one would.</p>' +
      '<p><strong>Paper copies.</strong> Write to <a href="mailto:investors@wasabistallions.com">investors@wasabistallions.com</a> ' +
      'for a paper copy of any document, free of charge.</p>' +
      '<p><strong>Withdrawing consent.</strong> You may withdraw this consent at any time, free of charge, by writing to the same ' +
      'address, or, before you sign, with the button "Sign on paper instead" on the signing page; we will then send your agreement ' +
      'on paper. Withdrawing does not undo a signature already made.</p>' +
      '<p><strong>Your email.</strong> Keep it current in your profile so that documents reach you.</p>' +
      '<p><strong>What you need.</strong> A current web browser (Chrome, Edge, Firefox or Safari) with JavaScript on, an email ' +
      'account you can read, and a PDF reader to keep copies. If you can read the agreement on this page, your device is ready.</p>',
  },
  {
    slug: 'investment-calculations-disclaimer',
    title: 'About these numbers',
    body:
      '<p><em>Current values are estimates by Wasabi Stallions management based on recent stud fees, race results and ' +
      'comparable bloodstock sales. Distributions are shown as paid. Actual results will differ.</em></p>',
  },
  {
    slug: 'homepage-hero',
    title: 'Own a share of a champion',
    body: '<p>Syndicated thoroughbred stallions, mares and yearlings, selected and managed by people who live on the farm.</p>',
  },
  {
    slug: 'homepage-intro',
    title: 'Why Wasabi Stallions',
    body:
      '<p>For twenty years our team has bought, raced and stood stallions in Kentucky. Our syndications let accredited ' +
      'investors share in stud fees and sale proceeds, with the same terms as the founders.</p>',
  },
  {
    slug: 'homepage-how-it-works',
    title: 'How it works',
    body:
      '<ol><li>Create an account and confirm your accreditation.</li><li>Review the due-diligence documents of an open syndication.</li>' +
      '<li>Choose your amount and sign the subscription agreement online.</li><li>Follow your horses and distributions on your dashboard.</li></ol>',
  },
  {
    slug: 'homepage-cta',
    title: 'Ready to ride along?',
    // '#sign-up' links open the site's registration dialog (web/src/components/content/sign-up-links.ts).
    body: '<p><a href="#sign-up">Sign up</a> to see our current syndication and get first word of the next one.</p>',
  },
  {
    slug: 'welcome-hero',
    title: 'Welcome to the stable',
    body: '<p>Thanks for joining Wasabi Stallions. Here is what to do first.</p>',
  },
  {
    slug: 'welcome-intro',
    title: 'Your first steps',
    body:
      '<p>Finish your profile, upload proof of accreditation, then open the current syndication from your dashboard. ' +
      'Questions? Book a call with our syndication desk any weekday.</p>',
  },
  {
    slug: 'dashboard-extra',
    title: 'Farm visit days',
    body:
      '<p>Investors are welcome at the farm on the first Saturday of every month. ' +
      '<a href="mailto:visits@wasabistallions.com">Tell us you are coming</a>.</p>',
  },
];

const OAK: ContentSeed[] = [
  {
    slug: 'footer-terms',
    title: 'Footer terms',
    body:
      '<p>&copy; Oak Harbor Capital Partners LP. Securities offered through private placements to accredited investors only. ' +
      'Real estate investments are illiquid and may lose value.</p>',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    body:
      '<h2>Information we hold</h2><p>Oak Harbor Capital stores your identity, contact and accreditation details to administer ' +
      'your investments and to meet anti-money-laundering rules.</p><h2>Contact</h2>' +
      '<p>Questions go to <a href="mailto:compliance@oakharborcapital.com">compliance@oakharborcapital.com</a>.</p>',
  },
  {
    slug: 'terms-of-use',
    title: 'Terms of Use',
    body:
      '<h2>Eligibility</h2><p>This site is meant for accredited investors in the United States.</p>' +
      '<h2>Information only</h2><p>Figures on this site are unaudited unless stated otherwise and are no offer to sell securities.</p>',
  },
  {
    slug: 'investment-calculations-disclaimer',
    title: 'Valuation note',
    body:
      "<p><em>Property values are the general partner's quarterly estimates using capitalisation rates of comparable " +
      'sales. They are not appraisals.</em></p>',
  },
  {
    slug: 'homepage-hero',
    title: 'Income property, institutional discipline',
    body: '<p>Oak Harbor Capital acquires and operates multifamily and industrial property in growing Sun Belt markets.</p>',
  },
  {
    slug: 'homepage-intro',
    title: 'Built on steady cash flow',
    body:
      '<p>We buy well-located buildings below replacement cost, improve operations and distribute cash quarterly. ' +
      'Our partners invest alongside you in every fund.</p>',
  },
  {
    slug: 'homepage-how-it-works',
    title: 'Investing with Oak Harbor',
    body:
      '<ul><li>Verify your accreditation once.</li><li>Read the offering documents and our underwriting.</li>' +
      '<li>Commit and e-sign in minutes.</li><li>Receive quarterly reports and distributions.</li></ul>',
  },
  {
    slug: 'homepage-cta',
    title: 'Join our investor list',
    body: '<p><a href="#sign-up">Create an account</a> to be told first when the next Oak Harbor fund opens.</p>',
  },
  {
    slug: 'dashboard-extra',
    title: 'Quarterly webinar',
    body: '<p>Our next investor webinar reviews occupancy and rent growth across the portfolio. Invitations go out two weeks ahead.</p>',
  },
];

const contentsOf = (portal: string, items: ContentSeed[]): SeedRecord[] =>
  items.map((item) => record(CONTENT, ['slug', 'portal'], { ...item, portal: portalRef(portal) }));

export const CONTENTS: SeedRecord[] = [...contentsOf('wasabistallions', WASABI), ...contentsOf('oakharbor', OAK)];
