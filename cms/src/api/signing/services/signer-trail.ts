import type { Core } from '@strapi/strapi';
import { tableOf } from '../../../utils/tables';
import type { Disclosure } from './disclosure';
import { SIGNING } from '../../../utils/uids';

// What happened on a signer's link (the audit trail the signature page lists), and what the row says of the consent.

/**
 * Events a script can repeat on a link without end (asking for codes, guessing, knocking on a locked link): the trail keeps the first of them and
 * then counts the rest in one 'events-left-out' entry. Every other event (disclosure accepted, code entered, link
 * locked, signed) is always kept: a signer makes each only a few times.
 */
const NOISY_EVENTS: readonly SigningEvent['event'][] = ['code-sent', 'code-wrong', 'refused-locked'];
export const MAX_NOISY_EVENTS = 50;

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

/**
 * Whether the signer accepted the disclosure as it reads now: a wording staff changed after the signer accepted an
 * older one must be accepted again (the row keeps the last one accepted; the trail, each acceptance with its version).
 */
export const acceptedNow = (signer: CheckedSigner, current: Disclosure): boolean =>
  Boolean(signer.disclosureAcceptedAt) && signer.disclosureVersion === current.version;

/** The signer row's audit trail, written one event at a time under the row's lock. */
export function signerTrail(strapi: Core.Strapi) {
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

  return { underRowLock, record };
}
