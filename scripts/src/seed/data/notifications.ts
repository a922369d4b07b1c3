import { NOTIFICATION, NOTIFICATION_TEMPLATE } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';
import { templateRef, userRef } from '../refs';

// The templates the CMS and the site send are made by the CMS itself at start-up (cms/src/api/notification-template/
// built-in.ts); the demo adds one staff would write for their own announcements.
export const NOTIFICATION_TEMPLATES: SeedRecord[] = [
  record(NOTIFICATION_TEMPLATE, ['name'], {
    name: 'new_offering',
    subject: 'New offering: %fundName%',
    message: '%fundName% is open for commitments until %closeDate%.',
    color: '#2E7D32',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
    showInUI: true,
    canSendToSlack: false,
  }),
];

interface NotificationSeed {
  email: string;
  template: string;
  tags: Record<string, string>;
  /** What the subject reads once the template's %tag% placeholders are filled; also the record's key. */
  messageSubject: string;
}

const NOTES: NotificationSeed[] = [
  {
    email: 'user@wasabistallions.com',
    template: 'new_offering',
    tags: { fundName: 'Wasabi Stallion Fund V', closeDate: 'in three weeks' },
    messageSubject: 'New offering: Wasabi Stallion Fund V',
  },
  {
    email: 'admin@wasabistallions.com',
    template: 'accreditation_status_updated',
    tags: { userName: 'Una User', status: 'Individual: net worth over $1M' },
    messageSubject: 'Una User stated their accreditation: Individual: net worth over $1M',
  },
  {
    email: 'admin@wasabistallions.com',
    template: 'proof_document_uploaded',
    tags: { userName: 'Una User', documentName: 'brokerage-statement.pdf' },
    messageSubject: 'Una User uploaded a proof document',
  },
  {
    email: 'investor.going@wasabistallions.com',
    template: 'new_offering',
    tags: { fundName: 'Wasabi Racing Syndicate 2026', closeDate: 'in six weeks' },
    messageSubject: 'New offering: Wasabi Racing Syndicate 2026',
  },
  {
    email: 'admin@wasabistallions.com',
    template: 'review_syndication',
    tags: { userName: 'Gina Going', investmentName: 'Midnight Wasabi Stallion Syndicate' },
    messageSubject: 'Gina Going is reviewing Midnight Wasabi Stallion Syndicate',
  },
];

export const NOTIFICATIONS: SeedRecord[] = NOTES.map(({ email, template, ...note }) =>
  record(NOTIFICATION, ['user', 'template', 'messageSubject'], {
    ...note,
    user: userRef(email),
    template: templateRef(template),
    email,
    // Staff notices (the admin's) carry the staff level their template targets.
    level: email.startsWith('admin@') ? 'admin' : 'user',
    sent: false,
  }),
);
