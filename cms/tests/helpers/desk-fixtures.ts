import { expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { adminToken, call, signedInUser } from './auth';
import { textOf } from './pdf-text';
import { createPortal, type TestPortal } from './records';
import { download } from './signing';
import { fixtureDocuments, http, useStrapi, type TestApp } from './strapi';
import { CALL_ITEM, LEDGER_ENTRY, SYND_USER, USER } from '../../src/utils/uids';

/**
 * The world of the sponsor desk's money tests (docs/capital-accounts.md): a portal of the test file's own, run by an
 * editor on the desk, a super admin, and funds whose investors committed and completed their agreements.
 */
export const DAY = 86_400_000;

export interface Investor {
  id: number;
  email: string;
  authCode: string;
  syndUser: { id: number; documentId: string };
}

export interface Desk {
  app: TestApp;
  home: TestPortal;
  editorToken: string;
  superToken: string;
}

/** The running test file's desk (test files run one at a time). */
let desk: Desk;

/**
 * Boots the test CMS and opens the file's desk: portal `slug`, run by the editor Eddie Editor
 * (`<staff>-editor@portal.local`), and the super admin Ada Admin (`<staff>-admin@portal.local`). For `beforeAll`.
 */
export async function openDesk(slug: string, staff: string = slug): Promise<Desk> {
  const app = await useStrapi();
  return staffDesk(app, await createPortal(app, slug), staff);
}

/** The desk of `home`, a portal made otherwise: its editor and the super admin, named as `openDesk` names them. */
export async function staffDesk(app: TestApp, home: TestPortal, staff: string): Promise<Desk> {
  const editorToken = await adminToken(
    app,
    `${staff}-editor@portal.local`,
    'strapi-editor',
    ['Eddie', 'Editor'],
    [home],
  );
  const superToken = await adminToken(app, `${staff}-admin@portal.local`, 'strapi-super-admin', ['Ada', 'Admin']);
  desk = { app, home, editorToken, superToken };
  return desk;
}

export const panel = (token: string, method: string, route: string, body?: unknown) =>
  http(desk.app, method, route, body, { Authorization: `Bearer ${token}` });
export const editor = (method: string, route: string, body?: unknown) => panel(desk.editorToken, method, route, body);
export const admin = (method: string, route: string, body?: unknown) => panel(desk.superToken, method, route, body);

/** A fund of `portal` with investors who committed these amounts (dollars) and whose agreements are complete; its wire instructions name the fund's account (`wiring(slug)`). */
export async function fundWith(
  portal: TestPortal,
  slug: string,
  amounts: number[],
): Promise<{ fund: { id: number; documentId: string }; investors: Investor[] }> {
  const { app } = desk;
  const company = await fixtureDocuments(app, 'api::company.company').create({
    data: { name: `${slug} co`, portal: portal.documentId } as never,
  });
  const fund = await fixtureDocuments(app, 'api::fund.fund').create({
    data: {
      name: `${slug} fund`,
      url_slug: slug,
      company: company.documentId,
      min_inv_amount: 1_000,
      total_inv_amount: 10_000_000,
      open_date: new Date(Date.now() - 10 * DAY),
      start_date: new Date(Date.now() - 5 * DAY),
      close_date: new Date(Date.now() + 20 * DAY),
      end_date: new Date(Date.now() + 400 * DAY),
      currentPercentageTotalReturned: 10,
      currentFundValuePercentage: 100,
      wire_instructions: `<p>Bank: First Test Bank &amp; Trust, ABA 021000021</p><p>Account: ${slug} Fund LLC, 000123456789</p>`,
    } as never,
  });
  const investment = await fixtureDocuments(app, 'api::investment.investment').create({
    data: { name: `${slug} deal`, url_slug: slug, fund: fund.documentId, company: company.documentId } as never,
  });
  const investors: Investor[] = [];
  for (const [index, amount] of amounts.entries()) {
    const user = await signedInUser(app, `${slug}-${index}`, 'user', portal);
    await app.strapi.db
      .query(USER)
      .update({ where: { id: user.id }, data: { accreditation: 1, firstName: `Investor${index}`, lastName: slug } });
    const committed = await call(
      app,
      'POST',
      '/api/syndication/set_investing',
      { id: investment.documentId, invest_amount: amount, method_of_inv: 'TRUST' },
      { authCode: user.authCode },
    );
    expect(committed.status).toBe(200);
    const syndUser = committed.body.syndUser as { id: number; documentId: string };
    await app.strapi.db.query(SYND_USER).update({ where: { id: syndUser.id }, data: { sa_complete_date: new Date() } });
    investors.push({
      id: user.id,
      email: user.email,
      authCode: user.authCode,
      syndUser: { id: syndUser.id, documentId: syndUser.documentId },
    });
  }
  return { fund: { id: fund.id as number, documentId: fund.documentId }, investors };
}

export const entriesOf = async (syndUserId: number) =>
  (await desk.app.strapi.db.query(LEDGER_ENTRY).findMany({
    where: { syndUser: { id: syndUserId } },
    select: ['type', 'kind', 'amount_cents', 'effective_date'],
  })) as { type: string; amount_cents: string | number; effective_date: string }[];
/** What posted capital calls ask of one investor (paid or not): the amounts in cents. */
export const calledOf = async (syndUserId: number) =>
  (
    (await desk.app.strapi.db
      .query(CALL_ITEM)
      .findMany({ where: { syndUser: { id: syndUserId } }, select: ['amount_cents'] })) as {
      amount_cents: string | number;
    }[]
  ).map((item) => Number(item.amount_cents));
/** The investor's only notice among their News Documents: its title as listed, and the PDF with its lines as the investor reads them (each line's runs of spaces as one). */
export async function onlyNotice(
  investor: Investor,
): Promise<{ displayTitle: string; pdf: PDFDocument; lines: string[] }> {
  const { app } = desk;
  const listed = await call(app, 'GET', '/api/news_documents?mine=true&limit=999', undefined, {
    authCode: investor.authCode,
  });
  expect(listed.body.items).toHaveLength(1);
  const [{ id, displayTitle }] = listed.body.items as { id: number; displayTitle: string }[];
  const link = await call(app, 'POST', '/api/profile/news_documents/download', { id }, { authCode: investor.authCode });
  const { bytes } = await download(link.body.url);
  const lines = (await textOf(bytes))
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  return { displayTitle, pdf: await PDFDocument.load(bytes), lines };
}
/** A distribution of income drafted and posted on the desk by the super admin. */
export async function distribute(fund: string, date: string, totalCents: number) {
  const draft = await admin('POST', '/sponsor-desk/fund-events', {
    fund,
    type: 'distribution',
    date,
    total_cents: totalCents,
    kind: 'income',
  });
  expect((await admin('POST', `/sponsor-desk/fund-events/${draft.body.documentId}/post`)).status).toBe(200);
}
/** An ISO date `days` from today (UTC). */
export const daysFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An accountant's CSV sent to the desk's import by the staff member of `token` (`query`: `?dry_run=true`, ...). */
export const sendCsv = async (token: string, csv: string, query = '') => {
  const response = await fetch(`${desk.app.url}/sponsor-desk/imports${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Tests read arbitrary JSON answers; `any` keeps assertions short (as helpers/strapi's http).
  return { status: response.status, body: (await response.json()) as any };
};
