import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { derivedKey } from '../../../utils/derived-keys';
import { escapeHtml } from '../../../utils/html';
import { conflict, unavailable } from '../../../utils/http-errors';
import { columnOf, tableOf } from '../../../utils/tables';
import { rateLimits, type Counted } from '../../session/services/rate-limit';
import { contactAddress, disclosureOf, wordingOf, type Disclosure } from './disclosure';
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
/**
 * Events a script can repeat on a link without end (asking for codes, guessing, knocking on a locked link): the trail keeps the first of them and
 * then counts the rest in one 'events-left-out' entry. Every other event (disclosure accepted, code entered, link
 * locked, signed) is always kept: a signer makes each only a few times.
 */
const NOISY_EVENTS: readonly SigningEvent['event'][] = ['code-sent', 'code-wrong', 'refused-locked'];
export const MAX_NOISY_EVENTS = 50;
const MINUTE = 60_000;

/** One thing that happened on a signer's link, as the signature page lists it. */
export interface SigningEvent {
  at: string;
  event:
    | 'link-opened'
    | 'disclosure-accepted'
    | 'paper-requested'
    | 'code-sent'
    | 'code-wrong'
    | 'link-locked'
    | 'link-suspended'
    | 'link-reissued'
    | 'refused-locked'
    | 'code-verified'
    | 'session-verified'
    | 'signed'
    | 'events-left-out';
  ip: string | null;
  /** The browser's User-Agent header (events recorded before it was kept have none). */
  userAgent?: string | null;
  detail?: string;
  /** events-left-out: how many codes sent, wrong codes and refusals past MAX_NOISY_EVENTS it stands for (`at` is the last one's). */
  count?: number;
}

/** Who made a request on a signing link: the address and the browser, recorded with each of its events. */
export interface Client {
  ip: string | null;
  userAgent: string | null;
}

/** A trail with `entry` appended: past MAX_NOISY_EVENTS noisy events, a noisy entry only adds to the count of those left out. */
export function appendedEvent(events: SigningEvent[], entry: SigningEvent): SigningEvent[] {
  const noisy = events.filter((event) => NOISY_EVENTS.includes(event.event)).length;
  if (!NOISY_EVENTS.includes(entry.event) || noisy < MAX_NOISY_EVENTS) return [...events, entry];
  const last = events.at(-1);
  const count = (last?.event === 'events-left-out' ? (last.count ?? 0) : 0) + 1;
  const leftOut: SigningEvent = {
    at: entry.at,
    event: 'events-left-out',
    ip: null,
    detail: `${count} further ${count === 1 ? 'code sent, wrong code or refusal' : 'codes sent, wrong codes or refusals'} (the time is the last one's)`,
    count,
  };
  return last?.event === 'events-left-out' ? [...events.slice(0, -1), leftOut] : [...events, leftOut];
}

/** Whether a link is suspended: its third lock-out (LOCKS_BEFORE_SUSPENSION) suspends it until a new link is sent. */
export const isSuspended = (signer: Pick<CheckedSigner, 'lockCount'>): boolean =>
  Number(signer.lockCount ?? 0) >= LOCKS_BEFORE_SUSPENSION;

/** Whether the signer asked to sign on paper ("Sign on paper instead") and has not accepted the disclosure again since. */
export const askedForPaper = (signer: Pick<CheckedSigner, 'auditEvents' | 'disclosureAcceptedAt'>): boolean =>
  !signer.disclosureAcceptedAt && (signer.auditEvents ?? []).some((entry) => entry.event === 'paper-requested');

/** The signer row's fields this module reads and writes. */
export interface CheckedSigner {
  id: number;
  role: string;
  name: string | null;
  email: string | null;
  signedAt: string | null;
  disclosureVersion: string | null;
  disclosureAcceptedAt: string | null;
  disclosureText: string | null;
  disclosureSha256: string | null;
  verifiedBy: 'email-code' | 'session' | null;
  verifiedAt: string | null;
  codeHash: string | null;
  codeSentAt: string | null;
  codeExpiresAt: string | null;
  codeTries: number | null;
  lockedUntil: string | null;
  lockCount: number | null;
  auditEvents: SigningEvent[] | null;
}

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

/**
 * Whether the signer accepted the disclosure as it reads now: a wording staff changed after the signer accepted an
 * older one must be accepted again (the row keeps the last one accepted; the trail, each acceptance with its version).
 */
const acceptedNow = (signer: CheckedSigner, current: Disclosure): boolean =>
  Boolean(signer.disclosureAcceptedAt) && signer.disclosureVersion === current.version;

const minutesLeft = (until: string): number =>
  Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / MINUTE));

/**
 * What a signer goes through before signing (docs/signing.md): the electronic records disclosure, accepted and
 * recorded with its version; and proof of who they are, a six-digit code mailed to them (or, for the investor, their
 * own signed-in session). Every step is written to the signer row's audit events, which the signature page lists.
 */
export function signerCheck(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);

  /** Runs `work` in a transaction that holds the signer row: on PostgreSQL under a row lock; SQLite runs one transaction at a time. */
  async function underRowLock<T>(signerId: number, work: () => Promise<T>): Promise<T> {
    let result!: T;
    await strapi.db.transaction(async ({ trx }) => {
      if (strapi.db.dialect.client === 'postgres') {
        await strapi.db
          .connection(tableOf(strapi, SIGNING))
          .transacting(trx as never)
          .where({ id: signerId })
          .forUpdate()
          .select('id');
      }
      result = await work();
    });
    return result;
  }

  /**
   * Appends an event to the row's audit trail, with the row's other changes `data`, in one transaction that reads the
   * trail again: on PostgreSQL under a row lock, on SQLite because it runs one transaction at a time. So requests on
   * one link at the same moment (a code sent while a wrong one is counted) each add their event, none is lost.
   * `once`: not when the trail has this event already; `at`: when it happened, if not now (a signature at a service).
   */
  async function record(
    signer: CheckedSigner,
    event: SigningEvent['event'],
    client: Client,
    detail?: string,
    data: Record<string, unknown> = {},
    { once = false, at = new Date() } = {},
  ): Promise<void> {
    const entry: SigningEvent = {
      at: at.toISOString(),
      event,
      ip: client.ip,
      userAgent: client.userAgent,
      ...(detail ? { detail } : {}),
    };
    await underRowLock(signer.id, async () => {
      const row: { auditEvents: SigningEvent[] | null } | null = await db().findOne({
        where: { id: signer.id },
        select: ['auditEvents'],
      });
      const events = row?.auditEvents ?? [];
      if (once && events.some((each) => each.event === event)) return;
      const next = appendedEvent(events, entry);
      await db().update({ where: { id: signer.id }, data: { ...data, auditEvents: next } });
      signer.auditEvents = next;
    });
  }

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

  /** Records the proof of identity a signature is about to be made with (a code is recorded when entered; a session now). */
  async function identified(signer: CheckedSigner, proof: { ownSession: boolean }, client: Client): Promise<void> {
    if (proof.ownSession)
      await record(signer, 'session-verified', client, undefined, {
        verifiedBy: 'session',
        verifiedAt: new Date().toISOString(),
      });
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
    /** The portal's disclosure: its content item esign-disclosure when staff wrote one, else the default wording. */
    async disclosure(portalId: number | null): Promise<Disclosure> {
      return disclosureOf(strapi, portalId);
    },

    /** Records the first opening of a link (later openings are not news). */
    async opened(signer: CheckedSigner, client: Client): Promise<void> {
      if (!signer.signedAt && !(signer.auditEvents ?? []).some((entry) => entry.event === 'link-opened'))
        await record(signer, 'link-opened', client, undefined, {}, { once: true });
    },

    /**
     * The signer accepts the disclosure whose version they were shown; a changed wording must be read again. The row
     * keeps the wording itself and its SHA-256, so what was accepted stands however staff reword the content item.
     */
    async acceptDisclosure(
      signer: CheckedSigner,
      version: string,
      current: Disclosure,
      client: Client,
    ): Promise<{ version: string; acceptedAt: string }> {
      if (version !== current.version)
        throw conflict('The disclosure has changed since you opened this page; please read it again');
      if (signer.disclosureVersion === version && signer.disclosureAcceptedAt)
        return { version, acceptedAt: signer.disclosureAcceptedAt };
      const acceptedAt = new Date().toISOString();
      await record(signer, 'disclosure-accepted', client, `version ${version}`, {
        disclosureVersion: version,
        disclosureAcceptedAt: acceptedAt,
        disclosureText: wordingOf(current),
        disclosureSha256: current.sha256,
      });
      return { version, acceptedAt };
    },

    /**
     * The signer withdraws consent to sign electronically before signing ("Sign on paper instead"): the sponsor is told
     * at the contact address (the first time only), who sends the agreement on paper; then the withdrawal is recorded
     * in the trail and the acceptance cleared, so signing electronically after all means accepting the disclosure
     * again. The mail goes first: when it fails (503) nothing is recorded, and asking again sends it. Asking again with
     * nothing accepted since records nothing more (the trail is not the place for a script's repeats).
     */
    async requestPaper(
      signer: CheckedSigner,
      fundName: string,
      client: Client,
    ): Promise<{ requested: true; contact: string }> {
      const contact = contactAddress(strapi);
      if (askedForPaper(signer)) return { requested: true, contact };
      const told = (signer.auditEvents ?? []).some((entry) => entry.event === 'paper-requested');
      if (!told) {
        const who = `${signer.name ?? 'A signer'} (${signer.role}, ${signer.email ?? 'no email'})`;
        const text = `${who} does not want to sign the subscription agreement for ${fundName} electronically and asks for it on paper. Their consent to electronic records is withdrawn; please send them the agreement on paper.`;
        try {
          await strapi
            .plugin('email')
            .service('email')
            .send({
              to: contact,
              subject: `Paper agreement requested for ${fundName}`,
              text: `${text}\n`,
              html: `<p>${escapeHtml(text)}</p>`,
            });
        } catch (error) {
          // Not the mail provider's 503 alone: a signer who wants paper is told where to write instead.
          strapi.log.error(
            `Paper agreement request not mailed to ${contact}: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw unavailable(
            `Your request could not be sent to the sponsor right now. Please try again later, or write to ${contact}.`,
          );
        }
      }
      const withdrawn = signer.disclosureAcceptedAt
        ? `acceptance of the disclosure version ${signer.disclosureVersion} withdrawn`
        : undefined;
      await record(signer, 'paper-requested', client, withdrawn, {
        disclosureVersion: null,
        disclosureAcceptedAt: null,
      });
      signer.disclosureVersion = null;
      signer.disclosureAcceptedAt = null;
      return { requested: true, contact };
    },

    /** Mails the signer a new six-digit code (the previous one stops working); at most five per link in 15 minutes. */
    async sendCode(
      signer: CheckedSigner,
      fundName: string,
      current: Disclosure,
      client: Client,
    ): Promise<{ sentTo: string; expiresAt: string }> {
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
    async verifyCode(
      signer: CheckedSigner,
      code: string,
      client: Client,
    ): Promise<{ verified: true; verification: string }> {
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

    identified,

    /** Records the signature's proof of identity and the signature in the audit trail. */
    async signed(signer: CheckedSigner, proof: { ownSession: boolean }, client: Client): Promise<void> {
      await identified(signer, proof, client);
      await record(signer, 'signed', client);
    },

    /**
     * A new link replaces a signer's old one (`link`: the new token's fields), in one transaction holding the row, only
     * while the row is unsigned and still has the token `oldNonce`: a signature or another new link made meanwhile
     * wins (null: nothing changed). The old token stops working at once; the lock-outs, the suspension, the code and any
     * proof of identity made on the old link are cleared. Answers what puts the old link back as it was (the new one
     * not mailed after all).
     */
    async replaceLink(
      signerId: number,
      oldNonce: string | null,
      link: { tokenNonce: string; tokenHash: string; expiresAt: Date },
    ): Promise<(() => Promise<void>) | null> {
      const cleared = {
        lockCount: 0,
        lockedUntil: null,
        codeHash: null,
        codeSentAt: null,
        codeExpiresAt: null,
        codeTries: 0,
        verifiedBy: null,
        verifiedAt: null,
      };
      const before = await underRowLock(signerId, async () => {
        const row: Record<string, unknown> | null = await db().findOne({
          where: { id: signerId, signedAt: { $null: true }, tokenNonce: oldNonce ?? { $null: true } },
        });
        if (!row) return null;
        await db().update({ where: { id: signerId }, data: { ...link, ...cleared } });
        return Object.fromEntries(
          ['tokenNonce', 'tokenHash', 'expiresAt', ...Object.keys(cleared)].map((field) => [field, row[field]]),
        );
      });
      return (
        before &&
        (() =>
          db()
            .updateMany({ where: { id: signerId, tokenNonce: link.tokenNonce }, data: before })
            .then(() => undefined))
      );
    },

    /** Records in the trail that a new link was mailed, and who asked (`by`). */
    async linkReissued(signer: CheckedSigner, client: Client, by: string): Promise<void> {
      await record(signer, 'link-reissued', client, `by ${by}`);
    },

    /** Records a signature a signing service collected (`service`, e.g. Dropbox Sign) at `at`: its address and browser are the service's record, not ours. */
    async signedAtService(signer: CheckedSigner, service: string, at: Date): Promise<void> {
      await record(signer, 'signed', { ip: null, userAgent: null }, `at ${service}`, {}, { at });
    },

    /** What the signing page shows of the checks (`current`: the disclosure as it reads now, shown with them). */
    state(signer: CheckedSigner, ownSession: boolean, current: Disclosure) {
      const locked = Boolean(signer.lockedUntil && new Date(signer.lockedUntil).getTime() > Date.now());
      return {
        disclosure: current,
        disclosureAccepted: acceptedNow(signer, current)
          ? { version: signer.disclosureVersion, acceptedAt: signer.disclosureAcceptedAt }
          : null,
        identity: {
          // The investor's own session proves who they are; everyone else (the spouse) enters a mailed code.
          method: ownSession ? ('session' as const) : ('email-code' as const),
          email: signer.email ? maskedEmail(signer.email) : null,
          codeSentAt:
            signer.codeExpiresAt && new Date(signer.codeExpiresAt).getTime() > Date.now() ? signer.codeSentAt : null,
          lockedUntil: locked ? signer.lockedUntil : null,
          // Suspended after three lock-outs: only a new link opens it again.
          suspended: isSuspended(signer),
        },
      };
    },
  };
}
