import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { SigningDisclosure } from '@portal/rules';
import { escapeHtml } from '../../../utils/html';
import { mailSettings } from '../../../providers/mail';
import { portalConfig } from '../../../utils/portal-config';
import { contents } from '../../content/services/content';

/** The content item a portal's staff word the electronic records disclosure in (Content, slug esign-disclosure). */
export const DISCLOSURE_SLUG = 'esign-disclosure';

/**
 * The disclosure a portal shows until its staff word their own (ESIGN Act, 15 U.S.C. 7001(c); UETA): `contact` is
 * the address it names for paper copies and withdrawing consent.
 */
export const defaultDisclosure = (contact: string) => {
  const mail = `<a href="mailto:${escapeHtml(contact)}">${escapeHtml(contact)}</a>`;
  return {
    title: 'Consent to electronic records and signatures',
    body: [
      '<p>Before you sign, please read this disclosure. By accepting it you agree to receive, review and sign the documents of this subscription electronically, and that your electronic signature binds you as a handwritten one would.</p>',
      '<p><strong>What it covers.</strong> This subscription agreement, and the notices, statements and tax documents of this investment that the sponsor delivers through this investor portal.</p>',
      `<p><strong>Paper copies.</strong> You may ask for a paper copy of any document you sign or receive here, at no charge, by writing to the sponsor at ${mail}. You can also download and print the agreement from this page.</p>`,
      `<p><strong>Withdrawing your consent.</strong> You may withdraw this consent at any time, free of charge, by writing to ${mail}, or, before you sign, with the button "Sign on paper instead" on the signing page; the sponsor will then send you the agreement on paper. Withdrawing does not undo a signature already made, and paper delivery may take longer.</p>`,
      '<p><strong>Your contact details.</strong> Keep your email address current in your profile, or tell the sponsor, so that documents reach you.</p>',
      '<p><strong>What you need.</strong> A phone or computer with a current web browser (Chrome, Edge, Firefox or Safari) with JavaScript on, an email account you can read, and a program that opens PDF files if you keep copies. If you can read the agreement shown on this page, your device meets these requirements.</p>',
    ].join(''),
  };
};

/** The address in a mailbox such as `Investor Portal <ir@example.com>`. */
const addressIn = (mailbox: string): string => /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();

/** Where signers ask for paper and withdraw consent: SIGNING_CONTACT_EMAIL, else the address mails come from. */
export const contactAddress = (strapi: Core.Strapi): string =>
  portalConfig(strapi).signing.contactEmail || addressIn(mailSettings().defaultReplyTo);

/** The portal's disclosure as a signer reads it: the contract the signing page reads (@portal/rules). */
export type Disclosure = SigningDisclosure;

/** The wording a disclosure's version and SHA-256 are taken of, and the signer row keeps as accepted. */
export const wordingOf = ({ title, body }: Pick<Disclosure, 'title' | 'body'>): string => `${title}\n${body}`;

/** The portal's disclosure: its content item esign-disclosure when staff wrote one, else the default wording. */
export async function disclosureOf(strapi: Core.Strapi, portalId: number | null): Promise<Disclosure> {
  const item =
    portalId === null
      ? undefined
      : (await contents(strapi).bySlug([DISCLOSURE_SLUG], { id: portalId }))[DISCLOSURE_SLUG];
  const fallback = defaultDisclosure(contactAddress(strapi));
  const title = item?.title?.trim() || fallback.title;
  const body = item?.body?.trim() || fallback.body;
  const sha256 = crypto.createHash('sha256').update(wordingOf({ title, body })).digest('hex');
  return { title, body, version: sha256.slice(0, 16), sha256 };
}
