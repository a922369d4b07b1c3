import { beforeAll, describe, expect, it } from 'vitest';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import { call, mailsTo, waitForMail } from './helpers/auth';
import {
  by,
  commitmentAcrossPortals,
  commitments,
  editorsOffering,
  emailsOf,
  openBoard,
  reminderService,
  setRow,
} from './helpers/board-fixtures';
import { admin, DAY, editor } from './helpers/desk-fixtures';
import { createInvestor, signAsInvestor, type Investor, type Offering } from './helpers/signing';
import type { TestApp } from './helpers/strapi';
import { FUND, REMINDER, SYND_USER, USER } from '../src/utils/uids';

/**
 * Reminders from the sponsor desk (docs/sponsor-desk.md): those who must still sign or fund are reminded by bell and
 * mail at most once a day, each recorded, a failed or stopped mail sent again and a stale one dropped (the world of
 * helpers/board-fixtures.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openBoard());
});

describe('reminders', () => {
  it('reminds those who must still sign, by bell and mail, once a day, each recorded', async () => {
    const sent = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: 'committed', sent: 2, skipped: 0, notNeeded: 0 });
    for (const who of by.committed) {
      const mail = await waitForMail(who.email, 'Reminder: board Deal is waiting for you');
      expect(mail.text).toContain('Please sign your subscription agreement');
    }
    const bell = await call(
      app,
      'GET',
      '/api/notifications?mine=true&populate=template&sort=-createdAt&limit=10',
      undefined,
      { authCode: by.committed[0].authCode },
    );
    expect(bell.body.items[0]).toMatchObject({ subject: 'Reminder: board Deal is waiting for you' });
    const recorded = await app.strapi.db
      .query(REMINDER)
      .findMany({ where: { syndUser: { id: by.committed[0].syndUserId } } });
    expect(recorded).toMatchObject([{ state: 'committed', sentBy: 'Eddie Editor', email: by.committed[0].email }]);
    expect(
      (await commitments('?state=committed')).body.results.every(
        (line: { lastRemindedAt: string | null }) => line.lastRemindedAt,
      ),
    ).toBe(true);

    // The same day again: nobody is reminded twice.
    const again = await admin('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'committed' });
    expect(again.body).toMatchObject({ sent: 0, skipped: 2 });
    expect(mailsTo(by.committed[0].email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(1);
  });

  it("asks a spouse's signature of the spouse, with their own signing link, and the money of the right investors only", async () => {
    // Of the three who signed, only Ines waits for her spouse; the others wait for management.
    const ines = by.investor_signed[2];
    const spouseMail = 'Please sign your subscription agreement for board Fund I';
    // The spouse got their link when Ines signed.
    const first = await waitForMail(ines.spouseEmail!, spouseMail);
    const spouse = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'investor_signed' });
    expect(spouse.body).toMatchObject({ sent: 1, skipped: 0, notNeeded: 2 });
    const reminded = await waitForMail(ines.spouseEmail!, spouseMail, 2);
    expect(reminded.text).toContain(
      'Ines Boardman has signed a subscription agreement for board Fund I. As their spouse, please review and sign it here:',
    );
    // The same link as the first mail: nothing new issued, and it opens the spouse's signing.
    const linkOf = (text: string) => /\/sign\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(linkOf(reminded.text)).toBe(linkOf(first.text));
    const opened = await call(app, 'GET', `/api/signing/${linkOf(reminded.text)}`);
    expect(opened.status).toBe(200);
    // Ines herself gets no reminder; the record names where it went, once for her that day.
    expect(mailsTo(ines.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    await expect
      .poll(async () =>
        (await app.strapi.db.query(REMINDER).findMany({ where: { syndUser: { id: ines.syndUserId } } })).map(
          ({ state, email, step, sentAt, failedAt }) => ({ state, email, step, sent: Boolean(sentAt), failedAt }),
        ),
      )
      .toEqual([
        {
          state: 'investor_signed',
          email: ines.spouseEmail,
          step: "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)",
          sent: true,
          failedAt: null,
        },
      ]);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'investor_signed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    const funding = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state: 'countersigned' });
    expect(funding.body).toMatchObject({ sent: 1 });
    expect((await waitForMail(by.countersigned[0].email, 'Reminder: board Deal is waiting for you')).text).toContain(
      'Please fund your commitment',
    );
  });

  it('reminds the same investors again the next day', async () => {
    const { answer, delivered } = await reminderService().send(
      { fund: offering.fund, state: 'committed' },
      'Eddie Editor',
      new Date(Date.now() + DAY),
    );
    expect(answer).toMatchObject({ sent: 2, skipped: 0 });
    await delivered;
    for (const who of by.committed) await waitForMail(who.email, 'Reminder: board Deal is waiting for you', 2);
  });

  it('reminds an investor once a day whichever fund it is about', async () => {
    const first = await editorsOffering('remind-one');
    const second = await editorsOffering('remind-two');
    const both = await createInvestor(app, first, 'remind-both', { spouse: false });
    await commitmentAcrossPortals(both.id, second, 30_000);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: first.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 1, skipped: 0 });
    expect(
      (await admin('POST', '/sponsor-desk/reminders', { fund: second.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    await waitForMail(both.email, 'Reminder: remind-one Deal is waiting for you');
  });

  it('reminds only the rows the search keeps, as the table lists them', async () => {
    const offered = await editorsOffering('remind-search');
    const [found, other] = [
      await createInvestor(app, offered, 'remind-found', { spouse: false }),
      await createInvestor(app, offered, 'remind-other', { spouse: false }),
    ];
    await app.strapi.db
      .query(USER)
      .update({ where: { id: found.id }, data: { firstName: 'Quinn', lastName: 'Searched' } });
    const listed = await editor('GET', `/sponsor-desk/funds/${offered.fund}/commitments?state=committed&q=quinn`);
    expect(emailsOf(listed.body)).toEqual([found.email]);
    const sent = await editor('POST', '/sponsor-desk/reminders', {
      fund: offered.fund,
      state: 'committed',
      q: 'quinn',
    });
    expect(sent.body).toMatchObject({ sent: 1, skipped: 0, notNeeded: 0, noAccount: 0 });
    await waitForMail(found.email, 'Reminder: remind-search Deal is waiting for you');
    expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: other.syndUserId } } })).toBe(0);
    expect(mailsTo(other.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed', q: 12 })).body.error
        .message,
    ).toBe('q must be given once, as text');
  });

  it("answers before the mails go out, and a mail that fails is shown failed and leaves the day's reminder to send again", async () => {
    const offered = await editorsOffering('remind-fail');
    const unlucky = await createInvestor(app, offered, 'remind-unlucky', { spouse: false });
    const mailer = app.strapi.plugin('email').service('email') as { send(options: { to: string }): Promise<unknown> };
    const send = mailer.send;
    mailer.send = async (options) => {
      if (options.to === unlucky.email) throw new Error('The mail server is away');
      return send.call(mailer, options);
    };
    try {
      const { answer, delivered } = await reminderService().send(
        { fund: offered.fund, state: 'committed' },
        'Eddie Editor',
      );
      expect(answer).toMatchObject({ sent: 1, skipped: 0 });
      await delivered;
    } finally {
      mailer.send = send;
    }
    // Kept, marked failed; the table shows it failed, with no reminder given.
    const [failed] = await app.strapi.db.query(REMINDER).findMany({ where: { syndUser: { id: unlucky.syndUserId } } });
    expect(failed.failedAt).not.toBeNull();
    expect(failed.reminderKey).toBe(`failed:${failed.id}`);
    const lineOf = async () => (await editor('GET', `/sponsor-desk/funds/${offered.fund}/commitments`)).body.results[0];
    expect(await lineOf()).toMatchObject({
      lastRemindedAt: null,
      lastReminderFailedAt: new Date(failed.failedAt).toISOString(),
    });
    const csv = (await admin('GET', `/sponsor-desk/funds/${offered.fund}/commitments.csv`)).body as string;
    expect(csv.trim().split('\n')[1].split(',')[15]).toBe(`failed ${new Date(failed.failedAt).toISOString()}`);
    // The same day, once the mail server is back: the reminder goes, and the table shows its date.
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 1, skipped: 0 });
    await waitForMail(unlucky.email, 'Reminder: remind-fail Deal is waiting for you');
    await expect.poll(async () => (await lineOf()).lastReminderFailedAt).toBeNull();
    expect((await lineOf()).lastRemindedAt).not.toBeNull();
  });

  it("sends a reminder claimed by a call that stopped before its mail with the fund's next reminder call that day", async () => {
    const offered = await editorsOffering('remind-left');
    const left = await createInvestor(app, offered, 'remind-left', { spouse: false });
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    await app.strapi.db.query(REMINDER).create({
      data: {
        syndUser: left.syndUserId,
        fund: fundId,
        state: 'committed',
        step: 'Please sign your subscription agreement',
        email: left.email,
        sentBy: 'Eddie Editor',
        sentAt: null,
        day,
        reminderKey: `user:${left.id}:${day}`,
      },
    });
    expect(
      (await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'committed' })).body,
    ).toMatchObject({ sent: 0, skipped: 1 });
    expect((await waitForMail(left.email, 'Reminder: remind-left Deal is waiting for you')).text).toContain(
      'Please sign your subscription agreement',
    );
    await expect
      .poll(
        async () =>
          (await app.strapi.db.query(REMINDER).findOne({ where: { syndUser: { id: left.syndUserId } } })).sentAt,
      )
      .not.toBeNull();
  });

  it('has the upkeep send a reminder whose mail an instance never sent, and drop one the investor no longer needs', async () => {
    const offered = await editorsOffering('remind-stopped');
    const [waiting, decided] = [
      await createInvestor(app, offered, 'remind-stopped', { spouse: false }),
      await createInvestor(app, offered, 'remind-decided', { spouse: false }),
    ];
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    for (const who of [waiting, decided]) {
      const made = await app.strapi.db.query(REMINDER).create({
        data: {
          syndUser: who.syndUserId,
          fund: fundId,
          state: 'committed',
          step: 'Please sign your subscription agreement',
          email: who.email,
          sentBy: 'Eddie Editor',
          sentAt: null,
          day,
          reminderKey: `user:${who.id}:${day}`,
        },
      });
      // Claimed twenty minutes ago by an instance that stopped before the mail.
      await app.strapi.db
        .query(REMINDER)
        .update({ where: { id: made.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
      await setRow(who, { lastRemindedAt: new Date(Date.now() - 20 * 60_000) });
    }
    await setRow(decided, { invest_status: 'Declined investment' });
    const round = await upkeep(app.strapi).run();
    expect(round.remindersResumed).toBe(1);
    expect((await waitForMail(waiting.email, 'Reminder: remind-stopped Deal is waiting for you')).text).toContain(
      'Please sign your subscription agreement',
    );
    expect(
      (await app.strapi.db.query(REMINDER).findOne({ where: { syndUser: { id: waiting.syndUserId } } })).sentAt,
    ).not.toBeNull();
    expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: decided.syndUserId } } })).toBe(0);
    expect(
      (await app.strapi.db.query(SYND_USER).findOne({ where: { id: decided.syndUserId } })).lastRemindedAt,
    ).toBeNull();
    expect((await upkeep(app.strapi).run()).remindersResumed).toBe(0);
  });

  it('drops a resumed reminder whose commitment now asks something else of someone else, rather than send the wrong words', async () => {
    const offered = await editorsOffering('remind-moved');
    const day = new Date().toISOString().slice(0, 10);
    const fundId = (await app.strapi.db.query(FUND).findOne({ where: { documentId: offered.fund } })).id;
    const SPOUSE_STEP =
      "Please sign the subscription agreement as the investor's spouse (your signing link is in this mail)";
    /** A reminder claimed twenty minutes ago by an instance that stopped before its mail. */
    const claimedEarlier = async (who: Investor, state: string, step: string, email: string) => {
      const made = await app.strapi.db.query(REMINDER).create({
        data: {
          syndUser: who.syndUserId,
          fund: fundId,
          state,
          step,
          email,
          sentBy: 'Eddie Editor',
          sentAt: null,
          day,
          reminderKey: `user:${who.id}:${day}`,
        },
      });
      await app.strapi.db
        .query(REMINDER)
        .update({ where: { id: made.id }, data: { createdAt: new Date(Date.now() - 20 * 60_000) } });
      await setRow(who, { lastRemindedAt: new Date(Date.now() - 20 * 60_000) });
    };
    // The spouse was to be reminded; meanwhile the spouse signed and management countersigned: the investor is now
    // asked for the money, never the spouse's words.
    const countersigned = await createInvestor(app, offered, 'remind-moved-one', { spouse: true });
    await signAsInvestor(app, countersigned, 'Moved Investor');
    await claimedEarlier(countersigned, 'investor_signed', SPOUSE_STEP, countersigned.spouseEmail!);
    await setRow(countersigned, { syndAgreementSignedByCurrentUserCosub: true, sa_complete_date: new Date() });
    // The investor was to be reminded to sign; meanwhile they signed, and their spouse is next.
    const signed = await createInvestor(app, offered, 'remind-moved-two', { spouse: true });
    await claimedEarlier(signed, 'committed', 'Please sign your subscription agreement', signed.email);
    await signAsInvestor(app, signed, 'Moved Investor');
    const spouseLink = 'Please sign your subscription agreement for remind-moved Fund I';
    await waitForMail(signed.spouseEmail!, spouseLink);

    await upkeep(app.strapi).run();
    for (const who of [countersigned, signed]) {
      expect(await app.strapi.db.query(REMINDER).count({ where: { syndUser: { id: who.syndUserId } } })).toBe(0);
      expect(
        (await app.strapi.db.query(SYND_USER).findOne({ where: { id: who.syndUserId } })).lastRemindedAt,
      ).toBeNull();
      expect(mailsTo(who.email).filter((mail) => /^Subject: Reminder:/m.test(mail.raw))).toHaveLength(0);
    }
    // The spouse got their link once, when the investor signed, not a second time under the investor's reminder.
    expect(mailsTo(signed.spouseEmail!).filter((mail) => mail.raw.includes(`Subject: ${spouseLink}`))).toHaveLength(1);
    // Freed: each may be reminded of what is asked now, the same day.
    const funding = await editor('POST', '/sponsor-desk/reminders', { fund: offered.fund, state: 'countersigned' });
    expect(funding.body).toMatchObject({ sent: 1, skipped: 0 });
    expect((await waitForMail(countersigned.email, 'Reminder: remind-moved Deal is waiting for you')).text).toContain(
      'Please fund your commitment',
    );
  });

  it('refuses states that need nothing of the investor, and a missing fund', async () => {
    for (const state of ['reviewed', 'funded', 'declined', 'spouse_signed', undefined]) {
      const refused = await editor('POST', '/sponsor-desk/reminders', { fund: offering.fund, state });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(
        'state must be one of committed, investor_signed, countersigned: investors who must still sign or fund',
      );
    }
    expect((await editor('POST', '/sponsor-desk/reminders', { state: 'committed' })).body.error.message).toBe(
      'fund is required',
    );
  });
});
