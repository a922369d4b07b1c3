import type { Core } from '@strapi/strapi';
import { NOTIFICATION_TEMPLATE } from '../../utils/uids';
import type { Row } from '../../utils/rows';

interface BuiltInTemplate {
  name: string;
  subject: string;
  message: string;
  color: string;
  defaultTargetLevel: 'superadmin' | 'admin' | 'user';
  canSendAsEmail: boolean;
}

/**
 * The notification templates the CMS and the site send (docs/api-investor.md, docs/api-files.md, docs/api-profile.md).
 * Each is made at start-up when missing, so a portal works without the demo seed; content staff may then reword
 * them in the admin panel and their wording is kept.
 */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  // What the site reports about an investor's own actions (me.notifyOf): the portal's staff hear of it.
  {
    name: 'review_syndication',
    subject: '%userName% is reviewing %investmentName%',
    message: '%userName% opened the syndication page of %investmentName%.',
    color: '#1976D2',
    defaultTargetLevel: 'admin',
    canSendAsEmail: false,
  },
  {
    name: 'review_syndication_document',
    subject: '%userName% opened %documentTitle%',
    message: 'Due-diligence document %documentTitle% of %fundName% was opened.',
    color: '#5BACA2',
    defaultTargetLevel: 'admin',
    canSendAsEmail: false,
  },
  {
    name: 'review_news_document',
    subject: '%userName% read %documentTitle%',
    message: 'News document %documentTitle% was opened.',
    color: '#7E57C2',
    defaultTargetLevel: 'admin',
    canSendAsEmail: false,
  },
  // A light colour: the site picks black text on it.
  {
    name: 'proof_document_uploaded',
    subject: '%userName% uploaded a proof document',
    message: '%userName% uploaded %documentName% for accreditation review.',
    color: '#FFEB3B',
    defaultTargetLevel: 'admin',
    canSendAsEmail: true,
  },
  // A dark colour: white text.
  {
    name: 'accreditation_status_updated',
    subject: '%userName% stated their accreditation: %status%',
    message:
      '%userName% stated their accreditation status: %status%. Their verification documents are under Proof Documents.',
    color: '#1A237E',
    defaultTargetLevel: 'admin',
    canSendAsEmail: true,
  },
  // Investment decisions and signing: staff hear of each step, the investor of the last one.
  {
    name: 'syndication_committed',
    subject: '%userName% commits %amount% to %investmentName%',
    message: '%userName% is going to invest %amount% in %investmentName%.',
    color: '#2E7D32',
    defaultTargetLevel: 'admin',
    canSendAsEmail: true,
  },
  {
    name: 'syndication_declined',
    subject: '%userName% declined %investmentName%',
    message: '%userName% will not invest in %investmentName%. Feedback: %feedback%',
    color: '#8D6E63',
    defaultTargetLevel: 'admin',
    canSendAsEmail: true,
  },
  {
    name: 'syndication_signed',
    subject: '%userName% signed the agreement for %investmentName%',
    message:
      '%userName% has signed the subscription agreement for %investmentName% (%amount%). It is waiting for your countersignature on the site (Management, Countersign).',
    color: '#1565C0',
    defaultTargetLevel: 'admin',
    canSendAsEmail: true,
  },
  {
    name: 'syndication_countersigned',
    subject: 'Your agreement for %investmentName% is complete',
    message:
      'Management has countersigned your subscription agreement for %investmentName% (%amount%). You can download it from the investment page, where the funding instructions now appear.',
    color: '#2E7D32',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  // Content staff publish tax and news documents in the admin panel (docs/api-files.md); each investor concerned hears of it.
  {
    name: 'new_tax_document',
    subject: 'New tax document: %documentTitle%',
    message: '%documentTitle% (%fundName%, %year%) is ready under Tax Documents.',
    color: '#00695C',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  {
    name: 'new_news_document',
    subject: 'News from %fundName%: %documentTitle%',
    message: '%documentTitle% is ready under News Documents.',
    color: '#7E57C2',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  // Staff post a capital call or distribution on the sponsor desk (docs/capital-accounts.md); each investor concerned hears of their share.
  {
    name: 'capital_call_posted',
    subject: 'Capital call for %fundName%: %amount% due %dueDate%',
    message:
      'Your share of a capital call for %fundName% is %amount%, due %dueDate%. Its page shows the wire instructions, the notice (%documentTitle%) and whether your payment has arrived.',
    color: '#E65100',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  {
    name: 'distribution_posted',
    subject: 'Distribution from %fundName%: %amount%',
    message:
      '%fundName% has distributed %amount% to you (%kind%). The notice (%documentTitle%) is under News Documents, and the entry in your transactions.',
    color: '#2E7D32',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  // Staff remind investors who must still sign or fund from the sponsor desk's board (docs/sponsor-desk.md); %step% says what is asked.
  // Staff amend or transfer a commitment on the sponsor desk (docs/sponsor-desk.md, Amending and transferring commitments); the investors concerned hear of it, with the reason.
  {
    name: 'commitment_amended',
    subject: 'Your commitment to %investmentName% was amended',
    message: 'Your commitment to %investmentName% is now %amount% (it was %previousAmount%). Why: %reason%. %nextStep%',
    color: '#6A1B9A',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  {
    name: 'commitment_transferred_out',
    subject: 'Your position in %investmentName% was transferred',
    message:
      'Your commitment of %amount% to %investmentName% was transferred to %toName%. Why: %reason%. Your agreements and transactions so far stay in your history.',
    color: '#6A1B9A',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  {
    name: 'commitment_transferred_in',
    subject: 'A position in %investmentName% was transferred to you',
    message:
      'The commitment of %amount% to %investmentName% held by %fromName% was transferred to you. Why: %reason%. Please sign your subscription agreement: its link is in a separate email.',
    color: '#6A1B9A',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
  {
    name: 'syndication_reminder',
    subject: 'Reminder: %investmentName% is waiting for you',
    message: '%step%. Your commitment to %investmentName% is %amount%; the investment page has everything you need.',
    color: '#F9A825',
    defaultTargetLevel: 'user',
    canSendAsEmail: true,
  },
];

/**
 * Makes the built-in shared templates (no portal) that are missing. Several instances may start at once: a name is
 * unique among the shared templates (their portalNameKey), so a template another instance has just made is a refused
 * insert here, and is left as it is.
 */
export async function ensureBuiltInTemplates(strapi: Core.Strapi): Promise<void> {
  const existing: Pick<Row<typeof NOTIFICATION_TEMPLATE>, 'name'>[] = await strapi.db
    .query(NOTIFICATION_TEMPLATE)
    .findMany({ where: { portal: { id: { $null: true } } }, select: ['name'] });
  const names = new Set(existing.map(({ name }) => name));
  for (const template of BUILT_IN_TEMPLATES.filter(({ name }) => !names.has(name))) {
    try {
      await strapi
        .documents(NOTIFICATION_TEMPLATE)
        .create({ data: { ...template, showInUI: true, canSendToSlack: false } as never });
    } catch (error) {
      if (
        !(await strapi.db
          .query(NOTIFICATION_TEMPLATE)
          .findOne({ where: { name: template.name, portal: { id: { $null: true } } } }))
      )
        throw error;
    }
  }
}
