import { NOTIFICATION, NOTIFICATION_TEMPLATE } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { templateRef, userRef } from '../refs';

interface TemplateSeed {
  name: string;
  subject: string;
  message: string;
  color: string;
  defaultTargetLevel: 'superadmin' | 'admin' | 'user';
  canSendAsEmail: boolean;
}

// The first five are the events the site reports about a user's own actions (me.notifyOf); staff get them.
const TEMPLATES: TemplateSeed[] = [
  { name: 'review_syndication', subject: '%userName% is reviewing %investmentName%', message: '%userName% opened the syndication page of %investmentName%.', color: '#1976D2', defaultTargetLevel: 'admin', canSendAsEmail: false },
  { name: 'review_syndication_document', subject: '%userName% opened %documentTitle%', message: 'Due-diligence document %documentTitle% of %fundName% was opened.', color: '#5BACA2', defaultTargetLevel: 'admin', canSendAsEmail: false },
  { name: 'review_news_document', subject: '%userName% read %documentTitle%', message: 'News document %documentTitle% was opened.', color: '#7E57C2', defaultTargetLevel: 'admin', canSendAsEmail: false },
  // A light colour: the site must pick black text on it.
  { name: 'proof_document_uploaded', subject: '%userName% uploaded a proof document', message: '%userName% uploaded %documentName% for accreditation review.', color: '#FFEB3B', defaultTargetLevel: 'admin', canSendAsEmail: true },
  // A dark colour: white text.
  { name: 'accreditation_status_updated', subject: 'Your accreditation status is now %status%', message: 'We reviewed your documents: your accreditation status is now %status%.', color: '#1A237E', defaultTargetLevel: 'user', canSendAsEmail: true },
  { name: 'new_offering', subject: 'New offering: %fundName%', message: '%fundName% is open for commitments until %closeDate%.', color: '#2E7D32', defaultTargetLevel: 'user', canSendAsEmail: true },
  // Investment decisions and signing (docs/api-investor.md): staff hear of each step, the investor of the last one.
  { name: 'syndication_committed', subject: '%userName% commits %amount% to %investmentName%', message: '%userName% is going to invest %amount% in %investmentName%.', color: '#2E7D32', defaultTargetLevel: 'admin', canSendAsEmail: true },
  { name: 'syndication_declined', subject: '%userName% declined %investmentName%', message: '%userName% will not invest in %investmentName%. Feedback: %feedback%', color: '#8D6E63', defaultTargetLevel: 'admin', canSendAsEmail: true },
  { name: 'syndication_signed', subject: '%userName% signed the agreement for %investmentName%', message: '%userName% has signed the subscription agreement for %investmentName% (%amount%). It is waiting for your countersignature on the site (Management, Countersign).', color: '#1565C0', defaultTargetLevel: 'admin', canSendAsEmail: true },
  // Content staff publish tax and news documents in the admin panel (docs/api-files.md); the investor hears of each.
  { name: 'new_tax_document', subject: 'New tax document: %documentTitle%', message: '%documentTitle% (%fundName%, %year%) is ready under Tax Documents.', color: '#00695C', defaultTargetLevel: 'user', canSendAsEmail: true },
  { name: 'new_news_document', subject: 'News from %fundName%: %documentTitle%', message: '%documentTitle% is ready under News Documents.', color: '#7E57C2', defaultTargetLevel: 'user', canSendAsEmail: true },
  { name: 'syndication_countersigned', subject: 'Your agreement for %investmentName% is complete', message: 'Management has countersigned your subscription agreement for %investmentName% (%amount%). You can download it from the investment page, where the funding instructions now appear.', color: '#2E7D32', defaultTargetLevel: 'user', canSendAsEmail: true },
];

export const NOTIFICATION_TEMPLATES: SeedRecord[] = TEMPLATES.map((template) =>
  record(NOTIFICATION_TEMPLATE, ['name'], { ...template, showInUI: true, canSendToSlack: false })
);

interface NotificationSeed {
  email: string;
  template: string;
  tags: Record<string, string>;
  /** What the subject reads once the template's %tag% placeholders are filled; also the record's key. */
  messageSubject: string;
}

const NOTES: NotificationSeed[] = [
  { email: 'user@wasabistallions.com', template: 'new_offering', tags: { fundName: 'Wasabi Stallion Fund V', closeDate: 'in three weeks' }, messageSubject: 'New offering: Wasabi Stallion Fund V' },
  { email: 'user@wasabistallions.com', template: 'accreditation_status_updated', tags: { status: 'Accredited' }, messageSubject: 'Your accreditation status is now Accredited' },
  { email: 'user@wasabistallions.com', template: 'proof_document_uploaded', tags: { userName: 'Una User', documentName: 'brokerage-statement.pdf' }, messageSubject: 'Una User uploaded a proof document' },
  { email: 'investor.going@wasabistallions.com', template: 'new_offering', tags: { fundName: 'Wasabi Racing Syndicate 2026', closeDate: 'in six weeks' }, messageSubject: 'New offering: Wasabi Racing Syndicate 2026' },
  { email: 'investor.going@wasabistallions.com', template: 'review_syndication', tags: { userName: 'Gina Going', investmentName: 'Midnight Wasabi Stallion Syndicate' }, messageSubject: 'Gina Going is reviewing Midnight Wasabi Stallion Syndicate' },
];

export const NOTIFICATIONS: SeedRecord[] = NOTES.map(({ email, template, ...note }) =>
  record(NOTIFICATION, ['user', 'template', 'messageSubject'], {
    ...note,
    user: userRef(email),
    template: templateRef(template),
    email,
    level: 'user',
    sent: false,
  })
);
