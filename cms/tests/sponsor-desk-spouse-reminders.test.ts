import { beforeAll, describe, expect, it } from 'vitest';
import { call, mailsTo, waitForMail } from './helpers/auth';
import {
  createInvestor,
  createOffering,
  signAsInvestor,
  signLinkIn,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';
import { REMINDER, SIGNING, SYND_USER } from '../src/utils/uids';

/**
 * The sponsor desk's reminder to a spouse who must still sign (docs/sponsor-desk.md, Reminders; docs/signing.md): it
 * mails the spouse's own link again, to the address the link went to; a link it cannot usefully mail (suspended, the
 * spouse asked for paper, no link waiting) or a mail that fails shows the reminder failed, and nothing is mailed.
 */
let app: TestApp;
let offering: Offering;
const LINK_MAIL = 'Please sign your subscription agreement for spouse-remind Fund I';

/** The reminder service, called as the desk's route calls it, with the mails' promise. */
const reminderService = () =>
  app.strapi.service('api::reminder.reminder') as unknown as {
    send(
      input: Record<string, unknown>,
      staffName: string,
    ): Promise<{ answer: Record<string, unknown>; delivered: Promise<void> }>;
  };

const spouseRow = (who: Investor) =>
  app.strapi.db.query(SIGNING).findOne({ where: { syndUser: { id: who.syndUserId }, role: 'spouse' } });
const setSpouse = async (who: Investor, data: Record<string, unknown>) =>
  app.strapi.db.query(SIGNING).update({ where: { id: (await spouseRow(who)).id }, data });
const linkMails = (who: Investor) =>
  mailsTo(who.spouseEmail!).filter((mail) => mail.raw.includes(`Subject: ${LINK_MAIL}`));

/** An investor who signed, whose spouse got their link and must still sign; the spouse's link token. */
async function waitingForSpouse(prefix: string): Promise<{ who: Investor; token: string }> {
  const who = await createInvestor(app, offering, prefix, { spouse: true });
  await signAsInvestor(app, who, `${prefix} Investor`);
  return { who, token: tokenOf(signLinkIn((await waitForMail(who.spouseEmail!, LINK_MAIL)).text)) };
}

/** Reminds the fund's investors who signed (their spouses) and waits for the mails; the investor's reminder rows. */
async function remind(who: Investor) {
  const { answer, delivered } = await reminderService().send(
    { fund: offering.fund, state: 'investor_signed' },
    'Eddie Editor',
  );
  await delivered;
  expect(answer).toMatchObject({ sent: expect.any(Number) });
  return app.strapi.db.query(REMINDER).findMany({ where: { syndUser: { id: who.syndUserId } } });
}

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'spouse-remind');
});

describe("the desk's reminder to a spouse", () => {
  it('mails the link to the address it went to, and records that address, when staff changed the spouse email since', async () => {
    const { who, token } = await waitingForSpouse('spouse-remind-moved');
    await app.strapi.db
      .query(SYND_USER)
      .update({ where: { id: who.syndUserId }, data: { cosub_email: `moved-${who.spouseEmail}` } });
    const [reminder] = await remind(who);
    expect(reminder).toMatchObject({ email: who.spouseEmail, failedAt: null });
    expect(reminder.sentAt).not.toBeNull();
    expect(signLinkIn(linkMails(who)[1].text)).toContain(`/sign/${token}`);
  });

  it('is shown failed, and mails nothing, when the link is suspended: only a New signing link opens it', async () => {
    const { who, token } = await waitingForSpouse('spouse-remind-suspended');
    await setSpouse(who, { lockCount: 3 });
    expect((await call(app, 'GET', `/api/signing/${token}`)).body.identity).toMatchObject({ suspended: true });
    const [reminder] = await remind(who);
    expect(reminder.failedAt).not.toBeNull();
    expect(linkMails(who)).toHaveLength(1);
    // The investor's "Continue to sign" does not send the spouse a new link either (they signed already)...
    const asked = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: who.syndUser },
      { authCode: who.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    expect(asked).toMatchObject({ status: 200, body: { url: null } });
    expect(linkMails(who)).toHaveLength(1);
    // ...the desk's New signing link does, and the old link stops working.
    const signingService = app.strapi.service('api::signing.signing') as unknown as {
      reissueLinksAsStaff(id: string, by: string, request: { ip: null; userAgent: null }): Promise<unknown>;
    };
    expect(await signingService.reissueLinksAsStaff(who.syndUser, 'Desk Staff', { ip: null, userAgent: null })).toEqual(
      { reissued: [{ role: 'spouse', email: who.spouseEmail }] },
    );
    const fresh = tokenOf(signLinkIn(linkMails(who)[1].text));
    expect((await call(app, 'GET', `/api/signing/${fresh}`)).body.identity).toMatchObject({ suspended: false });
    expect((await call(app, 'GET', `/api/signing/${token}`)).status).toBe(404);
  });

  it('is shown failed, and mails nothing, when the spouse asked to sign on paper', async () => {
    const { who, token } = await waitingForSpouse('spouse-remind-paper');
    expect((await call(app, 'POST', `/api/signing/${token}/paper`, {})).status).toBe(200);
    const [reminder] = await remind(who);
    expect(reminder.failedAt).not.toBeNull();
    expect(linkMails(who)).toHaveLength(1);
  });

  it('is shown failed when no link waits for the spouse', async () => {
    const { who } = await waitingForSpouse('spouse-remind-nolink');
    await setSpouse(who, { tokenNonce: null });
    const [reminder] = await remind(who);
    expect(reminder.failedAt).not.toBeNull();
    expect(linkMails(who)).toHaveLength(1);
  });

  it('is shown failed when the mail server refuses the mail, and leaves the link as it was', async () => {
    const { who } = await waitingForSpouse('spouse-remind-down');
    const before = await spouseRow(who);
    const provider = app.strapi.plugin('email').provider as { send(options: { to: string }): Promise<unknown> };
    const send = provider.send;
    provider.send = async (options) => {
      if (options.to === who.spouseEmail) throw new Error('The mail server is away');
      return send.call(provider, options);
    };
    try {
      const [reminder] = await remind(who);
      expect(reminder.failedAt).not.toBeNull();
    } finally {
      provider.send = send;
    }
    expect(linkMails(who)).toHaveLength(1);
    expect(await spouseRow(who)).toMatchObject({ tokenHash: before.tokenHash, expiresAt: before.expiresAt });
  });
});
