import { PDFDocument, StandardFonts } from 'pdf-lib';
import { call, mailsTo, signedInUser, waitForMail, type CallOptions } from './auth';
import { createPortal, type TestPortal } from './records';
import type { TestApp } from './strapi';
import { fixtureDocuments } from './strapi';

const DAY = 86_400_000;

export interface Offering {
  portal: TestPortal;
  fund: string;
  investment: string;
  company: string;
}

/** A portal with a company and one Started fund and its investment; `templates` are the fund's agreement templates. */
export async function createOffering(app: TestApp, slug: string, templates: string[] = []): Promise<Offering> {
  const portal = await createPortal(app, slug);
  const company = (
    await fixtureDocuments(app, 'api::company.company').create({
      data: { name: `${slug} company`, portal: portal.documentId } as never,
    })
  ).documentId;
  const now = Date.now();
  const fund = (
    await fixtureDocuments(app, 'api::fund.fund').create({
      data: {
        name: `${slug} Fund I`,
        company,
        min_inv_amount: 10_000,
        total_inv_amount: 1_000_000,
        open_date: new Date(now - 20 * DAY),
        start_date: new Date(now - 10 * DAY),
        close_date: new Date(now + 20 * DAY),
        end_date: new Date(now + 400 * DAY),
        ...Object.fromEntries(templates.map((template, index) => [`sa_doc_template_${index + 1}_id`, template])),
      } as never,
    })
  ).documentId;
  const investment = (
    await fixtureDocuments(app, 'api::investment.investment').create({
      data: { name: `${slug} Deal`, url_slug: `${slug}-deal`, fund, company } as never,
    })
  ).documentId;
  return { portal, fund, investment, company };
}

export interface Investor {
  id: number;
  email: string;
  authCode: string;
  syndUser: string;
  syndUserId: number;
  spouseEmail: string | null;
}

/** A signed-in investor of the offering's portal, going to invest; with a spouse who must co-sign unless `spouse: false`. */
export async function createInvestor(
  app: TestApp,
  offering: Offering,
  prefix: string,
  { spouse = true, status = 'Accepted investment' } = {},
): Promise<Investor> {
  const user = await signedInUser(app, prefix, 'user', offering.portal);
  const spouseEmail = spouse ? `${prefix}-spouse-${user.id}@example.com` : null;
  const syndUser = await fixtureDocuments(app, 'api::synd-user.synd-user').create({
    data: {
      user: user.documentId,
      fund: offering.fund,
      investment: offering.investment,
      company: offering.company,
      invest_status: status,
      invest_amount: 50_000,
      method_of_inv: 'CASH',
      is_married: spouse,
      is_marital_state: spouse,
      ...(spouse && { cosub_first_name: 'Pat', cosub_last_name: 'Partner', cosub_email: spouseEmail }),
    } as never,
  });
  return {
    id: user.id,
    email: user.email,
    authCode: user.authCode,
    syndUser: syndUser.documentId,
    syndUserId: syndUser.id as number,
    spouseEmail,
  };
}

/** The token of a /sign/<token> link (with ?portal=<slug> when it is a portal's chosen by slug). */
export const tokenOf = (url: string): string => {
  const match = /\/sign\/([A-Za-z0-9_-]+)(\?portal=[a-z0-9-]+)?$/.exec(url);
  if (!match) throw new Error(`not a signing link: ${url}`);
  return match[1];
};

/** The /sign/ link in a mail. */
export const signLinkIn = (text: string): string => {
  const match = /https?:\/\/[^\s<>"]+\/sign\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error('no signing link in the mail');
  return match[0];
};

/** A one-page PDF, as a signing service would answer the signed document. */
export async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A 1x1 PNG, as a data URL (a drawn signature). */
export const DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Downloads a URL: status, headers and bytes. */
export async function download(
  url: string,
  authCode?: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url, { headers: authCode ? { authcode: authCode } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const CODE_SUBJECT = 'Your signing code';

/** Mails a signer a code through their link and reads it from the outbox (the newest code mail to `email`). */
export async function mailedCode(
  app: TestApp,
  token: string,
  email: string,
  options: CallOptions = {},
): Promise<string> {
  const before = mailsTo(email).filter((mail) => mail.raw.includes(`Subject: ${CODE_SUBJECT}`)).length;
  const sent = await call(app, 'POST', `/api/signing/${token}/code`, {}, options);
  if (sent.status !== 200) throw new Error(`code not sent: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await waitForMail(email, CODE_SUBJECT, before + 1);
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/**
 * Signs through a signer's link as the signing page does: accepts the disclosure shown, then, unless `options.authCode`
 * is the investor's own session, proves who it is with the code mailed to `email`; then signs with `body`.
 */
export async function signThroughLink(
  app: TestApp,
  token: string,
  email: string,
  body: Record<string, unknown>,
  options: CallOptions = {},
) {
  const view = await call(app, 'GET', `/api/signing/${token}`, undefined, options);
  if (view.status !== 200) return view;
  await call(app, 'POST', `/api/signing/${token}/disclosure`, { version: view.body.disclosure.version }, options);
  let verification: string | undefined;
  if (view.body.identity.method === 'email-code') {
    const code = await mailedCode(app, token, email, options);
    verification = (await call(app, 'POST', `/api/signing/${token}/code/verify`, { code }, options)).body.verification;
  }
  return call(app, 'POST', `/api/signing/${token}`, { ...body, ...(verification ? { verification } : {}) }, options);
}

/** The investor asks to sign and signs through their own link with their own session (as from the dashboard). */
export async function signAsInvestor(app: TestApp, who: Investor, name: string): Promise<void> {
  const { body } = await call(
    app,
    'POST',
    '/api/syndication/request_sign',
    { id: who.syndUser },
    { authCode: who.authCode, headers: { origin: 'http://localhost:5173' } },
  );
  const signed = await signThroughLink(
    app,
    tokenOf(body.url as string),
    who.email,
    { name, consent: true },
    { authCode: who.authCode },
  );
  if (signed.status !== 200) throw new Error(`not signed: ${signed.status} ${JSON.stringify(signed.body)}`);
}

/** Management (a site admin's session) countersigns the investor's agreement from the site; fails the test unless done. */
export async function countersignAs(app: TestApp, authCode: string, investor: Pick<Investor, 'syndUser'>) {
  const countersigned = await call(
    app,
    'POST',
    '/api/syndication/countersign',
    { id: investor.syndUser, name: 'Ada Admin' },
    { authCode, headers: { origin: 'http://localhost:5173' } },
  );
  if (countersigned.status !== 200)
    throw new Error(`not countersigned: ${countersigned.status} ${JSON.stringify(countersigned.body)}`);
}
