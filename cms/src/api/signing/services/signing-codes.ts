import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { CodeSent, CodeVerified } from '@portal/rules';
import { errors } from '@strapi/utils';
import { derivedKey } from '../../../utils/derived-keys';
import { escapeHtml } from '../../../utils/html';
import { conflict } from '../../../utils/http-errors';
import { columnOf, tableOf } from '../../../utils/tables';
import { rateLimits, type Counted } from '../../session/services/rate-limit';
import { contactAddress, type Disclosure } from './disclosure';
import { acceptedNow, signerTrail, type CheckedSigner, type Client } from './signer-trail';
import { SIGNING } from '../../../utils/uids';

/** A one-time code works for ten minutes; five wrong codes lock the link for ten minutes. */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const LOCK_MINUTES = 10;
/**
 * The third lock-out of one link suspends it: five guesses every ten minutes would otherwise go on for the link's 30
 * days (over 20,000 guesses at a million codes). A new link lifts it (reissueLink: the sponsor desk, or the investor's
 * "Continue to sign"), and the old one stops working.
 */
export const LOCKS_BEFORE_SUSPENSION = 3;
/** A verified signer has an hour to sign before they are asked for a new code. */
export const VERIFIED_MINUTES = 60;
/** At most this many codes per link in the rate-limit window (15 minutes by default); and 30 s between two. */
const CODES_PER_WINDOW = 5;
const RESEND_AFTER_MS = 30_000;
const MINUTE = 60_000;

/** Whether a link is suspended: its third lock-out (LOCKS_BEFORE_SUSPENSION) suspends it until a new link is sent. */
export const isSuspended = (signer: Pick<CheckedSigner, 'lockCount'>): boolean =>
  Number(signer.lockCount ?? 0) >= LOCKS_BEFORE_SUSPENSION;

/** An email shown half-hidden: a***@example.com. */
export const maskedEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

const codeHashOf = (signerId: number, code: string): string =>
  crypto.createHmac('sha256', derivedKey('signing-codes')).update(`${signerId}:${code}`).digest('hex');

/** The proof a verified signer's browser holds: an HMAC of the row and the time the code was entered. */
const verificationOf = (signerId: number, verifiedAt: string): string =>
  crypto
    .createHmac('sha256', derivedKey('signing-verification'))
    .update(`${signerId}:${new Date(verifiedAt).toISOString()}`)
    .digest('base64url');

/**
 * Whether two secrets are the same, in constant time: compared as bytes (a string of as many characters may have more
 * bytes: 43 x 'é' is 86, and timingSafeEqual throws on buffers of different lengths).
 */
function equal(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

const minutesLeft = (until: string): number =>
  Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / MINUTE));

/**
 * The signer's proof of who they are by a six-digit code mailed to them (docs/signing.md): sent at most five times a
 * link in 15 minutes, tried five times before the link locks, and the link suspended at its third lock-out.
 */
export function signingCodes(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { record } = signerTrail(strapi);

  /**
   * Takes one of the link's code tries, in one conditional UPDATE (tries left, not locked, the code `codeHash` still
   * the one sent and not expired), so tries made at the same moment cannot all pass one check of the count: at most
   * five codes are ever compared. Answers the try's number and the link's lock-outs so far; refuses with why when
   * none may be taken.
   */
  async function takeTry(
    signerId: number,
    client: Client,
  ): Promise<{ codeHash: string; tries: number; lockCount: number }> {
    const knex = strapi.db.connection;
    const column = (attribute: string) => columnOf(strapi, SIGNING, attribute);
    const tries = column('codeTries');
    // A row changed between its read and the UPDATE (a new code sent) is read again; a few rounds settle it.
    for (let round = 0; round < 3; round += 1) {
      const row: CheckedSigner | null = await db().findOne({ where: { id: signerId } });
      if (!row) throw new errors.NotFoundError('This signing link is not valid');
      await refuseWhileLocked(row, client, 'a code entered');
      if (!row.codeHash || !row.codeExpiresAt)
        throw new errors.ValidationError('No code has been sent for this link yet: send one first');
      if (new Date(row.codeExpiresAt).getTime() <= Date.now())
        throw new errors.ValidationError('This code has expired: send a new one');
      // The fifth try was taken by a request at the same moment, which is locking the link now.
      if (Number(row.codeTries ?? 0) >= CODE_TRIES) throw locked(LOCK_MINUTES);
      const now = new Date();
      const taken: Record<string, number | string>[] = await knex(tableOf(strapi, SIGNING))
        .where({ id: signerId, [column('codeHash')]: row.codeHash })
        .where(knex.raw('coalesce(??, 0)', [tries]), '<', CODE_TRIES)
        .where(column('codeExpiresAt'), '>', now)
        .where((lock) => lock.whereNull(column('lockedUntil')).orWhere(column('lockedUntil'), '<=', now))
        .where(knex.raw('coalesce(??, 0)', [column('lockCount')]), '<', LOCKS_BEFORE_SUSPENSION)
        .update({ [tries]: knex.raw('coalesce(??, 0) + 1', [tries]) }, [tries, column('lockCount')]);
      if (taken.length)
        return {
          codeHash: row.codeHash,
          tries: Number(taken[0][tries]),
          lockCount: Number(taken[0][column('lockCount')] ?? 0),
        };
    }
    throw conflict('This link is busy: please try again');
  }

  const locked = (minutes: number) =>
    new errors.RateLimitError(
      `Too many wrong codes: this link is locked. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  const suspended = () =>
    new errors.ForbiddenError(
      `Too many wrong codes: this link is suspended. Ask for a new link: the investor with "Continue to sign" on their dashboard, anyone else by writing to the sponsor at ${contactAddress(strapi)}.`,
    );

  /** Refuses `attempt` (recorded in the trail: who knocks on a locked link is news) while the link is locked or suspended. */
  async function refuseWhileLocked(signer: CheckedSigner, client: Client, attempt: string): Promise<void> {
    if (isSuspended(signer)) {
      await record(signer, 'refused-locked', client, `${attempt} (suspended)`);
      throw suspended();
    }
    if (!signer.lockedUntil || new Date(signer.lockedUntil).getTime() <= Date.now()) return;
    await record(signer, 'refused-locked', client, attempt);
    throw locked(minutesLeft(signer.lockedUntil));
  }

  /**
   * Starts the 30 seconds between two codes of a link in one conditional UPDATE (no code sent in the last 30 s), so
   * two requests at the same moment cannot both pass one read of the time: the second is refused. Answers the time
   * the wait started, and what to put back (`undo`) when the code is not sent after all.
   */
  async function claimResend(signer: CheckedSigner): Promise<{ undo: () => Promise<void> }> {
    const knex = strapi.db.connection;
    const sentAt = columnOf(strapi, SIGNING, 'codeSentAt');
    const now = new Date();
    const claimed = await knex(tableOf(strapi, SIGNING))
      .where({ id: signer.id })
      .where((wait) => wait.whereNull(sentAt).orWhere(sentAt, '<=', new Date(now.getTime() - RESEND_AFTER_MS)))
      .update({ [sentAt]: now });
    if (!claimed) throw new errors.RateLimitError('A code was sent less than 30 seconds ago: please check your inbox');
    const before = signer.codeSentAt ? new Date(signer.codeSentAt) : null;
    return {
      undo: () =>
        knex(tableOf(strapi, SIGNING))
          .where({ id: signer.id, [sentAt]: now })
          .update({ [sentAt]: before })
          .then(() => undefined),
    };
  }

  return {
    /** Mails the signer a new six-digit code (the previous one stops working); at most five per link in 15 minutes. */
    async sendCode(signer: CheckedSigner, fundName: string, current: Disclosure, client: Client): Promise<CodeSent> {
      // The code is the step after the disclosure: a link alone does not make the portal mail its signer.
      if (!acceptedNow(signer, current))
        throw conflict('Please read and accept the electronic records disclosure before we send you a code');
      await refuseWhileLocked(signer, client, 'a code request');
      if (!signer.email) throw conflict('This signer has no email address to send a code to');
      const { undo } = await claimResend(signer);
      // Only a code that was sent counts: when the mail fails, the 30 seconds and the count are given back, and the
      // previous code (if any) still works.
      let counted: Counted | undefined;
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(Date.now() + CODE_MINUTES * MINUTE).toISOString();
      try {
        counted = await rateLimits(strapi).take(`signing-code:${signer.id}`, CODES_PER_WINDOW);
        const lead = `Your code to sign the subscription agreement for ${fundName}:`;
        const tail = `It works for ${CODE_MINUTES} minutes. If you did not ask for it, do not pass it on: someone else may have your signing link.`;
        await strapi
          .plugin('email')
          .service('email')
          .send({
            to: signer.email,
            subject: 'Your signing code',
            text: `${lead}\n\n${code}\n\n${tail}\n`,
            html: `<p>${escapeHtml(lead)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p><p>${escapeHtml(tail)}</p>`,
          });
      } catch (error) {
        await undo();
        if (counted) await rateLimits(strapi).release([counted]);
        throw error;
      }
      // The tries are the link's, not the code's: a new code does not give five new ones (only a right code does).
      await record(signer, 'code-sent', client, `to ${maskedEmail(signer.email)}`, {
        codeHash: codeHashOf(signer.id, code),
        codeExpiresAt: expiresAt,
      });
      return { sentTo: maskedEmail(signer.email), expiresAt };
    },

    /**
     * Checks a code: one of the link's five tries is taken first (takeTry); right, the signer is verified, answered the
     * proof their browser sends with the signature, and the tries start over; wrong, the fifth locks the link for ten
     * minutes (and the tries start over for after the lock), and the third such lock-out suspends the link until a new
     * one is sent. Tries count across new codes.
     */
    async verifyCode(signer: CheckedSigner, code: string, client: Client): Promise<CodeVerified> {
      const { codeHash, tries, lockCount } = await takeTry(signer.id, client);
      if (!equal(codeHashOf(signer.id, code.trim()), codeHash)) {
        await record(signer, 'code-wrong', client, `try ${tries} of ${CODE_TRIES}`);
        if (tries >= CODE_TRIES) {
          // Only the request that took the fifth try gets here, so the count it read is the link's.
          const locks = lockCount + 1;
          const cleared = { codeHash: null, codeExpiresAt: null, codeTries: 0, lockCount: locks };
          if (locks >= LOCKS_BEFORE_SUSPENSION) {
            await record(signer, 'link-suspended', client, `after ${locks} lock-outs`, cleared);
            throw suspended();
          }
          const lockedUntil = new Date(Date.now() + LOCK_MINUTES * MINUTE).toISOString();
          await record(
            signer,
            'link-locked',
            client,
            `until ${lockedUntil} (lock-out ${locks}; at ${LOCKS_BEFORE_SUSPENSION} the link is suspended)`,
            { ...cleared, lockedUntil },
          );
          throw new errors.RateLimitError(`Too many wrong codes: this link is locked for ${LOCK_MINUTES} minutes.`);
        }
        const left = CODE_TRIES - tries;
        throw new errors.ValidationError(`That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`);
      }
      const verifiedAt = new Date().toISOString();
      await record(signer, 'code-verified', client, undefined, {
        verifiedBy: 'email-code',
        verifiedAt,
        codeHash: null,
        codeExpiresAt: null,
        codeTries: 0,
      });
      return { verified: true, verification: verificationOf(signer.id, verifiedAt) };
    },

    /** Whether a signature may be made now: the current disclosure accepted, and the signer proven by session or code; else a 4xx. */
    async assertReadyToSign(
      signer: CheckedSigner,
      proof: { ownSession: boolean; verification?: string },
      current: Disclosure,
      client: Client,
    ): Promise<void> {
      if (!acceptedNow(signer, current))
        throw conflict('Please read and accept the electronic records disclosure before you sign');
      // The investor signed in with their own password is proven, whatever wrong codes someone holding the link tried.
      if (proof.ownSession) return;
      await refuseWhileLocked(signer, client, 'a signature');
      const fresh =
        signer.verifiedBy === 'email-code' &&
        signer.verifiedAt &&
        Date.now() - new Date(signer.verifiedAt).getTime() < VERIFIED_MINUTES * MINUTE;
      if (
        !fresh ||
        !proof.verification ||
        !equal(proof.verification, verificationOf(signer.id, signer.verifiedAt as string))
      ) {
        throw new errors.ForbiddenError('Please enter the code we mailed you before you sign');
      }
    },
  };
}
