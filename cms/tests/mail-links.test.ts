import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, mailsTo, signedInUser, type OutboxMail } from './helpers/auth';
import {
  countersignAs,
  createInvestor,
  createOffering,
  signAsInvestor,
  type Investor,
  type Offering,
} from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { NOTIFICATION, PORTAL, USER } from '../src/utils/uids';

/**
 * Every mail that asks for an action links to the page of the site where it is done, on the recipient's own portal
 * (docs/notifications.md, Links): the staff's "signed, waiting for you", the investor's completed agreement, a
 * reminder, a capital call and a distribution. The bell's notification keeps the same page.
 */
let app: TestApp;
let offering: Offering;
let staff: { email: string; authCode: string };
let superToken: string;
const SITE = 'http://invest.mail-links.example';

const desk = (method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${superToken}` });

/** Waits (a few seconds at most) for the mail to `to` whose subject holds `subject`. */
async function mailWith(to: string, subject: string): Promise<OutboxMail> {
  const started = Date.now();
  const pattern = new RegExp(`^Subject: .*${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  while (Date.now() - started < 5_000) {
    const found = mailsTo(to).find((mail) => pattern.test(mail.raw));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}..." to ${to}`);
}

/** The one address the mail's text gives after "Open it here:". */
const linkIn = (text: string): string | null => /Open it here: (\S+)/.exec(text)?.[1] ?? null;

/** An investor of the offering whose agreement is complete (signed by them, countersigned by the portal's admin). */
async function completedInvestor(prefix: string): Promise<Investor> {
  const investor = await createInvestor(app, offering, prefix, { spouse: false });
  await app.strapi.db.query(USER).update({
    where: { id: investor.id },
    data: { accreditation: 1, firstName: 'Mia', lastName: prefix },
  });
  await signAsInvestor(app, investor, `Mia ${prefix}`);
  await countersignAs(app, staff.authCode, investor);
  return investor;
}

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'mail-links');
  await app.strapi.db
    .query(PORTAL)
    .update({ where: { id: offering.portal.id }, data: { domains: ['invest.mail-links.example'] } });
  staff = await signedInUser(app, 'mail-links-admin', 'admin', offering.portal);
  superToken = await adminToken(app, 'mail-links-desk@portal.local', 'strapi-super-admin', ['Desk', 'Admin']);
});

describe('the links in mails', () => {
  it("take staff to the countersigning queue and the investor to their investment, on the portal's own domain", async () => {
    const investor = await completedInvestor('Ames');
    // The request came from the site on localhost: the links are the portal's own address, as its documents are.
    const toStaff = await mailWith(staff.email, 'Mia Ames signed the agreement for mail-links Deal');
    expect(linkIn(toStaff.text)).toBe(`${SITE}/management/countersign`);
    expect(toStaff.text).toContain(`<a href="${SITE}/management/countersign">Open it here</a>`);
    const complete = await mailWith(investor.email, 'Your agreement for mail-links Deal is complete');
    expect(linkIn(complete.text)).toBe(`${SITE}/syndication/dashboard/mail-links-deal`);
    // The bell's notification keeps the page (a path of the site).
    const bell = await app.strapi.db.query(NOTIFICATION).findOne({
      where: { user: { id: investor.id }, messageSubject: 'Your agreement for mail-links Deal is complete' },
      select: ['link'],
    });
    expect(bell).toEqual({ link: '/syndication/dashboard/mail-links-deal' });
  });

  it('take an investor reminded to sign to the investment page', async () => {
    const waiting = await createInvestor(app, offering, 'reminded', { spouse: false });
    const sent = await desk('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The reminder is this investor's one mail (its subject is the shared template's, which staff may reword).
    const reminder = await mailWith(waiting.email, '');
    expect(linkIn(reminder.text)).toBe(`${SITE}/syndication/dashboard/mail-links-deal`);
  });

  it("take a capital call to its own page, and a distribution to the investor's transactions", async () => {
    const investor = await completedInvestor('Moné');
    const today = new Date().toISOString().slice(0, 10);
    const post = async (draft: Record<string, unknown>) => {
      const made = await desk('POST', '/sponsor-desk/fund-events', { fund: offering.fund, date: today, ...draft });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const posted = await desk('POST', `/sponsor-desk/fund-events/${made.body.documentId}/post`);
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      return made.body.documentId as string;
    };
    const called = await post({ type: 'capital_call', due_date: today, percent: 10 });
    const call = await mailWith(investor.email, 'Capital call for mail-links Fund I');
    expect(linkIn(call.text)).toBe(`${SITE}/dashboard/capital-calls/${called}`);
    expect(call.text).toContain('Its page shows the wire instructions, the notice (');
    await post({ type: 'distribution', total_cents: 100_000, kind: 'income', basis: 'commitment' });
    const paid = await mailWith(investor.email, 'Distribution from mail-links Fund I');
    expect(linkIn(paid.text)).toBe(`${SITE}/dashboard/transactions`);
  });

  it('name the portal on SITE_URL when it has no domain, and give no page when there is none to open', async () => {
    await app.strapi.db.query(PORTAL).update({ where: { id: offering.portal.id }, data: { domains: [] } });
    try {
      const waiting = await createInvestor(app, offering, 'no-domain', { spouse: false });
      await desk('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
      const reminder = await mailWith(waiting.email, '');
      expect(linkIn(reminder.text)).toBe(
        'http://localhost:5173/syndication/dashboard/mail-links-deal?portal=mail-links',
      );
    } finally {
      await app.strapi.db
        .query(PORTAL)
        .update({ where: { id: offering.portal.id }, data: { domains: ['invest.mail-links.example'] } });
    }
    // What staff are only told (an investor uploaded a proof document) opens no page: the mail gives none.
    const investor = await signedInUser(app, 'no-link', 'user', offering.portal);
    const told = await call(
      app,
      'POST',
      '/api/profile/notify/save',
      { templateName: 'proof_document_uploaded', tags: { documentName: 'w2.pdf' } },
      { authCode: investor.authCode },
    );
    expect(told.status).toBe(200);
    expect(linkIn((await mailWith(staff.email, 'uploaded a proof document')).text)).toBeNull();
  });
});
