import { expect } from 'vitest';
import { joinStaff } from './auth';
import { admin, DAY, editor, staffDesk } from './desk-fixtures';
import { makeWay } from './records';
import { createInvestor, createOffering, signAsInvestor, type Investor, type Offering } from './signing';
import { useStrapi, type TestApp } from './strapi';
import { FUND, INVESTMENT, SYND_USER, USER } from '../../src/utils/uids';

/**
 * The sponsor desk's raise board world (docs/sponsor-desk.md): the offering `board`, run by the editor Eddie Editor
 * (board-editor@portal.local) with the super admin Ada Admin (board-admin@portal.local), and its investors put in
 * each state of a raise (`by`), Boardman all: Rita reviewed; Carl and Cora committed; Ivan, Iris and Ines signed
 * (Ines's spouse has not); Sam's spouse signed; Cole countersigned; Dana declined; Fay funded $60,000.
 */
let app: TestApp;
let offering: Offering;

/** The investors by the state they are put in. */
export const by: Record<string, Investor[]> = {};

/** Writes to an investor's commitment directly (the query engine: no rule applies). */
export const setRow = (who: Investor, data: Record<string, unknown>) =>
  app.strapi.db.query(SYND_USER).update({ where: { id: who.syndUserId }, data });

async function investor(
  state: string,
  prefix: string,
  options: { spouse?: boolean; status?: string | null; amount?: number } = {},
): Promise<Investor> {
  const who = await createInvestor(app, offering, `board-${prefix}`, {
    spouse: options.spouse ?? false,
    status: (options.status === undefined ? 'Accepted investment' : options.status) as string,
  });
  await app.strapi.db.query(USER).update({
    where: { id: who.id },
    data: { firstName: prefix[0].toUpperCase() + prefix.slice(1), lastName: 'Boardman' },
  });
  if (options.amount) await setRow(who, { invest_amount: options.amount });
  (by[state] ??= []).push(who);
  return who;
}

/** The reminder service, called as the desk's route calls it, with the day it is sent and the mails' promise. */
export const reminderService = () =>
  app.strapi.service('api::reminder.reminder') as unknown as {
    send(
      input: Record<string, unknown>,
      staffName: string,
      now?: Date,
    ): Promise<{ answer: Record<string, unknown>; delivered: Promise<void> }>;
  };
/** The board's service, as the desk's CSV route calls it (with its batch size). */
export const boardService = () =>
  app.strapi.service('api::synd-user.board') as unknown as {
    commitmentsCsv(
      fund: string,
      query: { sort: { field: string; desc: boolean } },
      options: { batch: number },
    ): Promise<{ csv: AsyncGenerator<string> }>;
  };
/** Another offering, in a portal of its own that the editor runs too. */
export async function editorsOffering(slug: string): Promise<Offering> {
  const made = await createOffering(app, slug);
  await joinStaff(app, 'board-editor@portal.local', made.portal);
  return made;
}
/**
 * A commitment of an investor to another portal's fund, as a database from before the same-portal rule may hold one
 * (docs/record-rules.md): written with the query engine, since no Document Service write makes one now. The desk must
 * still keep each portal's figures to its own funds.
 */
export async function commitmentAcrossPortals(
  userId: number,
  made: Offering,
  amount: number,
): Promise<{ id: number; documentId: string }> {
  const [fund, investment] = await Promise.all([
    app.strapi.db.query(FUND).findOne({ where: { documentId: made.fund }, select: ['id'] }),
    app.strapi.db.query(INVESTMENT).findOne({ where: { documentId: made.investment }, select: ['id'] }),
  ]);
  return app.strapi.db.query(SYND_USER).create({
    data: {
      user: userId,
      fund: fund.id,
      investment: investment.id,
      invest_status: 'Accepted investment',
      invest_amount: amount,
    },
  });
}
/** The board fund's commitments table as the editor (or `as`) reads it, with `query`. */
export const commitments = (query: string, as = editor) =>
  as('GET', `/sponsor-desk/funds/${offering.fund}/commitments${query}`);
/** The investors' emails of a page of the commitments table. */
export const emailsOf = (body: { results: { investor: { email: string } }[] }) =>
  body.results.map((line) => line.investor.email);

/** Boots the test CMS and makes the board's world anew (whatever an earlier test file left): for `beforeAll`. */
export async function openBoard(): Promise<{
  app: TestApp;
  offering: Offering;
  editorToken: string;
  superToken: string;
}> {
  app = await useStrapi();
  await makeWay(app, 'board', ['board-editor@portal.local', 'board-admin@portal.local']);
  for (const state of Object.keys(by)) delete by[state];
  offering = await createOffering(app, 'board');
  const { editorToken, superToken } = await staffDesk(app, offering.portal, 'board');

  await investor('reviewed', 'rita', { status: null });
  await investor('committed', 'carl', { amount: 20_000 });
  await investor('committed', 'cora', { spouse: true, amount: 30_000 });
  for (const name of ['ivan', 'iris'])
    await signAsInvestor(app, await investor('investor_signed', name), 'Board Investor');
  // Signed; the spouse, who must sign too, has not.
  await signAsInvestor(app, await investor('investor_signed', 'ines', { spouse: true }), 'Board Investor');
  await setRow(await investor('spouse_signed', 'sam', { spouse: true }), {
    syndAgreementSignedByCurrentUser: true,
    syndAgreementSignedByCurrentUserCosub: true,
  });
  await setRow(await investor('countersigned', 'cole', { amount: 40_000 }), {
    syndAgreementSignedByCurrentUser: true,
    sa_complete_date: new Date(Date.now() - 3 * DAY),
  });
  await setRow(await investor('declined', 'dana', { status: 'Declined investment' }), {
    feedback: 'The minimum is too high for me',
  });
  const funded = await investor('funded', 'fay', { amount: 60_000 });
  await setRow(funded, { syndAgreementSignedByCurrentUser: true, sa_complete_date: new Date(Date.now() - 9 * DAY) });
  expect(
    (
      await admin('POST', '/sponsor-desk/funding', {
        syndUser: funded.syndUser,
        amount_cents: 6_000_000,
        date: '2026-11-20',
      })
    ).status,
  ).toBe(200);
  return { app, offering, editorToken, superToken };
}
