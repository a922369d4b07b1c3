import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { hashCode, randomCode } from '../../../utils/codes';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { sessionCache } from '../../../utils/signed-in-cache';
import { SIGN_IN_SESSION } from '../../../utils/session-types';
import { CALLER_FIELDS, canSignIn, type AccountUser } from '../../account/users';
import { oneQueryRead } from '../../../utils/one-query-read';

const USER_AUTH = SIGN_IN_SESSION;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The request header that carries a session's code. */
export const AUTHCODE_HEADER = 'authcode';

export interface SessionRow {
  id: number;
  isGuestSession: boolean;
}

/** Who is calling: the user and the session their code opened. */
export interface Caller {
  user: AccountUser;
  session: SessionRow;
}

/** A session as it is stored: its caller and when it ends (ms since the epoch). */
interface StoredSession extends Caller {
  expiresAt: number;
}

/** The caller of a request, resolved once however many layers ask (strategy, guest guard, controller). */
const callers = new WeakMap<Context, Promise<Caller | null>>();

const sessionService = ({ strapi }: { strapi: Core.Strapi }) => {
  // The session's own columns that decide it, and of the user and their portal what a caller carries (AccountUser):
  // routes that need more of the portal read it (portals.ofUser).
  const sessionRead = oneQueryRead(
    strapi,
    USER_AUTH,
    'authCode',
    [
      { relation: 'user', as: 'user', fields: CALLER_FIELDS },
      { relation: 'portal', as: 'portal', of: 'user', fields: ['id', 'documentId', 'slug'] },
    ],
    ['id', 'isGuestSession', 'expiresAt'],
  );

  /**
   * The session row of a code's hash with its user and their portal, as the session cache keeps it: one query (the
   * session, its user and their portal joined), where the query engine's populate took three. Every signed-in
   * request the session cache has not seen lately runs it.
   */
  async function lookUp(authCode: string): Promise<StoredSession | null> {
    const found = await sessionRead(authCode);
    const row = found?.own as { id: number; isGuestSession?: boolean; expiresAt?: string | Date | null } | undefined;
    const user = found?.joined.user;
    if (!row || !user) return null;
    return {
      user: { ...user, portal: found.joined.portal ?? null } as unknown as AccountUser,
      session: { id: row.id, isGuestSession: Boolean(row.isGuestSession) },
      expiresAt: row.expiresAt ? new Date(row.expiresAt).getTime() : 0,
    };
  }

  /**
   * The user and session behind a raw code; null when unknown, expired, or the user is blocked or not active.
   * Answered from the session cache (src/utils/signed-in-cache.ts) when the code was used lately.
   */
  async function resolve(code: string): Promise<Caller | null> {
    const hash = hashCode(code);
    const { value } = await sessionCache(strapi).get(
      [hash],
      () => lookUp(hash),
      (found) => found !== null,
    );
    if (!value) return null;
    if (value.expiresAt <= Date.now()) {
      await strapi.db.query(USER_AUTH).deleteMany({ where: { id: value.session.id } });
      return null;
    }
    if (!canSignIn(value.user)) return null;
    // A cached value is shared and frozen: each request gets its own copy to read and change (one made for this
    // request alone, with the cache off or inside a transaction, is not frozen and is its own already).
    const caller = { user: value.user, session: value.session };
    return Object.isFrozen(value) ? structuredClone(caller) : caller;
  }

  return {
    /** Opens a session for a user and returns its raw code; only the code's hash is stored. */
    async create(userId: number, { isGuestSession = false }: { isGuestSession?: boolean } = {}): Promise<string> {
      const code = randomCode();
      const expiresAt = new Date(Date.now() + portalConfig(strapi).sessionDays * DAY_MS);
      await strapi.db
        .query(USER_AUTH)
        .create({ data: { authCode: hashCode(code), user: userId, expiresAt, isGuestSession } });
      return code;
    },

    resolve,

    /** The caller behind the request's authcode header, or null; also sets ctx.state.user and ctx.state.userAuth. */
    fromRequest(ctx: Context): Promise<Caller | null> {
      let caller = callers.get(ctx);
      if (!caller) {
        const code = ctx.get(AUTHCODE_HEADER);
        caller = (code ? resolve(code) : Promise.resolve(null)).then((found) => {
          if (found) {
            ctx.state.user = found.user;
            ctx.state.userAuth = found.session;
          }
          return found;
        });
        callers.set(ctx, caller);
      }
      return caller;
    },

    /** Ends the session of a raw code (nothing happens for an unknown code). */
    async end(code: string): Promise<void> {
      await strapi.db.query(USER_AUTH).deleteMany({ where: { authCode: hashCode(code) } });
    },

    /** Ends every session of a user, guest sessions included. */
    async endAllForUser(userId: number): Promise<void> {
      await strapi.db.query(USER_AUTH).deleteMany({ where: { user: { id: userId } } });
    },
  };
};

export type SessionService = ReturnType<typeof sessionService>;

/** The session service, typed. */
export const sessions = serviceAccessor<SessionService>('api::session.session');

export default sessionService;
