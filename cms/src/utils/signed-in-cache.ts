import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { sessions } from '../api/session/services/session';
import { COLLECTIONS } from '../api/collection/collections';
import { clearOnWrites, ReadCache } from './read-cache';
import { routeLane } from './route-lane';
import { SESSION_TYPES, SIGN_IN_SESSION } from './session-types';
import { USER } from './uids';

/**
 * The signed-in reads' caches, per instance, on the read cache's machinery (src/utils/read-cache.ts): the same
 * all-or-nothing invalidation, at once on the instance that writes and within a second on the others through their
 * own rows of the shared counter table.
 *
 * - Sessions: who a session code is (the user, their portal, the session), so a signed-in request does not look the
 *   session up. Cleared by every change or deletion of a session (logout, password reset, upkeep), of a user (block,
 *   level, profile) or of a portal; a session's expiry is checked on every use. Only found sessions are kept, so a new
 *   session needs no clearing.
 * - Answers: what a signed-in GET the site makes answered (its JSON), per URL, Origin, Host, user and kind of session.
 *   Cleared by any write to a type an answer is read from (everything but sessions, rate limits, newsletter
 *   subscribers, the download log and signer rows), and kept 30 s at most, as a fund's state also moves with the clock. Every
 *   answer carries an ETag; a browser revalidating with it gets a 304.
 */

const SESSIONS_ROW = 2;
const ANSWERS_ROW = 3;
const FUND_TOTALS_ROW = 4;
const FUND_FACTS_ROW = 6;
const SESSION_MAX_AGE_MS = 60_000;
const ANSWER_MAX_AGE_MS = 30_000;

/** The types no cached answer is read from: writes to them (many, at times) leave the answers be. */
// Signer rows: the investor area's answers read the commitment's signing flags, never the rows (only the sponsor
// desk's board does, and it is not cached here); a link holder without a session writes them (a refused signature).
const NOT_IN_ANSWERS = new Set<string>([
  ...SESSION_TYPES,
  'api::rate-limit.rate-limit-hit',
  'api::rate-limit.lease',
  'api::subscriber.subscriber',
  'api::file-download.file-download',
  'api::signing.signing',
]);

/** The signed-in GETs answered from the cache: the site's reads of the investor area (docs/api-investor.md, api-files.md). */
const CACHED_PATHS = [
  /^\/api\/auth\/me$/,
  /^\/api\/syndication\/(mine|available|summary)$/,
  /^\/api\/syndication\/byslug\/[^/]+$/,
  /^\/api\/funds\/[^/]+\/synd_documents$/,
  // The transactions page's ledger (its CSV is a download, not cached).
  /^\/api\/profile\/transactions$/,
  // The generic collection reads a visitor cannot make (the public ones have the public read cache).
  new RegExp(
    `^/api/(${Object.entries(COLLECTIONS)
      .filter(([, rule]) => rule.read !== 'anyone')
      .flatMap(([name]) => [name, name.replace(/_/g, '-')])
      .join('|')})(/[^/]+)?$`,
  ),
];

const caches = new WeakMap<
  Core.Strapi,
  { sessions: ReadCache; answers: ReadCache; fundTotals: ReadCache; fundFacts: ReadCache }
>();

function cachesOf(strapi: Core.Strapi) {
  let found = caches.get(strapi);
  if (!found) {
    // SIGNED_IN_CACHE=off: every signed-in read goes to the database (what `npm run bench` measures as the first read
    // of each investor after a deal announcement; or an instance whose memory is tight).
    const enabled = process.env.SIGNED_IN_CACHE !== 'off';
    found = {
      sessions: new ReadCache(strapi, { row: SESSIONS_ROW, maxAgeMs: SESSION_MAX_AGE_MS, enabled }),
      answers: new ReadCache(strapi, { row: ANSWERS_ROW, maxAgeMs: ANSWER_MAX_AGE_MS, enabled }),
      // Not a user's: what a fund's accepted commitments add up to, the same for every investor who reads the fund.
      fundTotals: new ReadCache(strapi, { row: FUND_TOTALS_ROW, maxAgeMs: ANSWER_MAX_AGE_MS }),
      // Not a user's either: what a set of funds' valuations, tax schedules and ledger are (the summary's fund facts).
      fundFacts: new ReadCache(strapi, { row: FUND_FACTS_ROW, maxAgeMs: ANSWER_MAX_AGE_MS }),
    };
    caches.set(strapi, found);
  }
  return found;
}

/** This instance's cache of who each session is. */
export const sessionCache = (strapi: Core.Strapi): ReadCache => cachesOf(strapi).sessions;

/**
 * This instance's cache of what each fund's accepted commitments add up to (what is left to raise, which every
 * investment an investor reads shows): a fund of 75,000 commitments is summed once, not on every investor's read.
 * Cleared by any write to a commitment, on every instance as the others are; kept 30 s at most; on whatever
 * SIGNED_IN_CACHE says, as it holds no one's own data.
 */
export const fundTotalsCache = (strapi: Core.Strapi): ReadCache => cachesOf(strapi).fundTotals;

/**
 * This instance's cache of what the dashboard's summary reads of the funds themselves, the same for every investor of
 * a set of funds: their valuations (with each investor's part of a total value), their tax schedules, and which keep
 * a ledger. Cleared by any write to a fund, valuation, tax schedule, ledger entry or commitment, on every instance as
 * the others are; kept 30 s at most; on whatever SIGNED_IN_CACHE says, as it holds no one's own answer.
 */
export const fundFactsCache = (strapi: Core.Strapi): ReadCache => cachesOf(strapi).fundFacts;

/** An answer the route did not make as a 200 with JSON: sent as it is, not kept. */
class NotKept extends Error {}

/**
 * Global middleware `global::signed-in-read-cache`: a signed-in GET of the investor area answered from the answers'
 * cache when the same user (in the same kind of session) read the same URL since the last change, else by the route
 * (whose 200 is kept), reached by the route lane (src/utils/route-lane.ts). Requests without a valid session go on
 * to the route, which answers them as before.
 */
const signedInReadCache = (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const lane = routeLane(strapi);
  const toRoute = async (ctx: Context, next: Next) => {
    if (!(await lane.route(ctx))) await next();
  };
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' || !ctx.get('authcode') || !CACHED_PATHS.some((path) => path.test(ctx.path)))
      return next();
    const caller = await sessions(strapi).fromRequest(ctx);
    if (!caller) return next();
    const cache = cachesOf(strapi).answers;
    let routed = false;
    const route = async () => {
      routed = true;
      await toRoute(ctx, next);
      if (ctx.status !== 200 || !ctx.body || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body))
        throw new NotKept();
      return ctx.body as object;
    };
    try {
      const answer = await cache.get(
        [ctx.originalUrl, ctx.get('origin'), ctx.get('host'), caller.user.id, caller.session.isGuestSession],
        route,
      );
      cache.send(ctx, answer, { signedIn: true, dependsOnSession: true });
    } catch (error) {
      // This request's route answered (an error, or no JSON): its answer stands. One that waited on another
      // request's route asks its own.
      if (routed) {
        if (error instanceof NotKept) return;
        throw error;
      }
      await toRoute(ctx, next);
    }
  };
};

/**
 * What a password-reset request writes on the user (src/api/account; the database layer adds updatedAt): read by no
 * answer and by no session. Anyone may ask for a reset for any address, so such a write must not empty every
 * instance's caches.
 */
const RESET_REQUEST_FIELDS = new Set(['resetPasswordCode', 'resetPasswordAt', 'updatedAt']);
const onlyResetRequest = (uid: string, fields: string[]) =>
  uid === USER && fields.every((field) => RESET_REQUEST_FIELDS.has(field));

/** Registers the middleware and the caches' invalidation by database lifecycles. Call from register(). */
export function registerSignedInCaches(strapi: Core.Strapi): void {
  strapi.get('middlewares').add('global::', { 'signed-in-read-cache': signedInReadCache });
  const { sessions: sessionsCache, answers } = cachesOf(strapi);
  clearOnWrites(
    strapi,
    sessionsCache,
    [SIGN_IN_SESSION, USER, 'api::portal.portal'],
    ['afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'],
    onlyResetRequest,
  );
  const feedsAnswers = (uid: string) =>
    (uid.startsWith('api::') || uid === USER || uid === 'plugin::upload.file') && !NOT_IN_ANSWERS.has(uid);
  clearOnWrites(strapi, answers, feedsAnswers, undefined, onlyResetRequest);
  clearOnWrites(strapi, cachesOf(strapi).fundTotals, ['api::synd-user.synd-user', 'api::fund.fund']);
  clearOnWrites(strapi, cachesOf(strapi).fundFacts, [
    'api::fund.fund',
    'api::valuation.valuation',
    'api::tax-schedule.tax-schedule',
    'api::ledger-entry.ledger-entry',
    'api::synd-user.synd-user',
  ]);
}
