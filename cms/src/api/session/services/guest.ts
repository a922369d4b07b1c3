import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { hasLevel, type SessionAnswer } from '@portal/rules';
import { hashCode, randomCode } from '../../../utils/codes';
import { serviceAccessor } from '../../../utils/service';
import { GUEST_CODE } from '../../../utils/session-types';
import { toMe } from '../../account/me';
import { canSignIn, findUser, type AccountUser } from '../../account/users';
import { portals } from '../../portal/services/portal';
import { sessions } from './session';

/** How long a guest session code can be used. */
const GUEST_CODE_TTL_MS = 10 * 60 * 1000;

/** The spec's one answer to every refused guest session start. */
const GUEST_REFUSED =
  'Code is wrong or you have no rights to perform guest session. You have to be signed here as superadmin.';

const guestService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Whether two users belong to the same portal (a superadmin's rights hold in their own portal only). */
  async function samePortal(one: AccountUser, other: AccountUser): Promise<boolean> {
    const [first, second] = await Promise.all([portals(strapi).ofUser(one), portals(strapi).ofUser(other)]);
    return Boolean(first && second && first.id === second.id);
  }

  return {
    /**
     * A one-time code (valid 10 minutes) with which `caller` opens a guest session as a user of their own portal,
     * and the site path using it. A user of another portal is answered as not found, like one that does not exist.
     */
    async createCode(
      caller: AccountUser,
      target: { id: number } | { documentId: string },
    ): Promise<{ code: string; path: string }> {
      const user = await findUser(strapi, target);
      if (!user || !(await samePortal(caller, user))) throw new errors.NotFoundError('User not found');
      if (!canSignIn(user))
        throw new errors.ValidationError('This user is blocked or not active, so no session can be opened as them');
      const code = randomCode();
      await strapi.db.query(GUEST_CODE).create({
        data: { code: hashCode(code), user: user.id, expiresAt: new Date(Date.now() + GUEST_CODE_TTL_MS) },
      });
      return { code, path: `/guest_session/${code}` };
    },

    /** Spends a guest code for a signed-in superadmin of the code's user's portal and opens a read-only session. */
    async start(caller: AccountUser | undefined, code: string): Promise<SessionAnswer> {
      if (!caller || !hasLevel(caller.level, 'superadmin')) throw new errors.ForbiddenError(GUEST_REFUSED);
      const hash = hashCode(code);
      const now = new Date();
      // One conditional update spends the code, so it opens one session even when two requests race.
      const { count } = await strapi.db.query(GUEST_CODE).updateMany({
        where: { code: hash, usedAt: { $null: true }, expiresAt: { $gt: now } },
        data: { usedAt: now },
      });
      const row = count
        ? await strapi.db.query(GUEST_CODE).findOne({ where: { code: hash }, populate: { user: true } })
        : null;
      const user = row?.user ? await findUser(strapi, { id: row.user.id }) : null;
      if (!user || !canSignIn(user) || !(await samePortal(caller, user)))
        throw new errors.ForbiddenError(GUEST_REFUSED);
      const authCode = await sessions(strapi).create(user.id, { isGuestSession: true });
      return { me: toMe(user, true), authCode };
    },
  };
};

export type GuestService = ReturnType<typeof guestService>;

/** The guest session service, typed. */
export const guests = serviceAccessor<GuestService>('api::session.guest');

export default guestService;
