import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { yup } from '@strapi/utils';
import { keepErrorMessages } from '../../../utils/error-messages';
import { isRowId, PASSWORD_MAX, requiredText, text, validateBody } from '../../../utils/validation';
import { toMe } from '../../account/me';
import type { AccountUser } from '../../account/users';
import { portals } from '../../portal/services/portal';
import { guests } from '../services/guest';
import { AUTHCODE_HEADER, sessions, type SessionRow } from '../services/session';
import { signIns } from '../services/sign-in';

const schemas = {
  signIn: yup.object({
    username: requiredText('username', 254),
    password: requiredText('password', PASSWORD_MAX),
    portal: text('portal', 100),
  }),
  google: yup.object({ credential: requiredText('credential', 10_000), portal: text('portal', 100) }),
  guest: yup.object({
    userId: yup
      .mixed()
      .required('userId is required')
      .test(
        'id',
        'userId must be a user id (a positive integer) or documentId',
        (value) => (typeof value === 'number' || (typeof value === 'string' && !/^\d+$/.test(value))) && isRowId(value),
      ),
  }),
  guestStart: yup.object({ code: requiredText('code', 100) }),
};

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** POST /api/auth/auth: sign in with username (or email) and password on the request's portal. */
    async signIn(ctx: Context) {
      const { username, password } = await validateBody(schemas.signIn, ctx.request.body);
      ctx.body = await signIns(strapi).withPassword(username, password, await portals(strapi).forRequest(ctx));
    },

    /** POST /api/auth/google: sign in with a Google ID token on the request's portal. */
    async google(ctx: Context) {
      const { credential } = await validateBody(schemas.google, ctx.request.body);
      ctx.body = await signIns(strapi).withGoogle(credential, await portals(strapi).forRequest(ctx));
    },

    /** GET /api/auth/me: the signed-in user. */
    async me(ctx: Context) {
      const session = ctx.state.userAuth as SessionRow;
      ctx.body = { me: toMe(ctx.state.user as AccountUser, session.isGuestSession) };
    },

    /** POST /api/auth/logout: end the session of the authcode header (if any). */
    async logout(ctx: Context) {
      const code = ctx.get(AUTHCODE_HEADER);
      if (code) await sessions(strapi).end(code);
      ctx.body = { success: true };
    },

    /** POST /api/auth/guest: a superadmin gets a one-time code to open a guest session as a user of their portal. */
    async guestCode(ctx: Context) {
      const { userId } = await validateBody(schemas.guest, ctx.request.body);
      ctx.body = await guests(strapi).createCode(
        ctx.state.user as AccountUser,
        typeof userId === 'number' ? { id: userId } : { documentId: String(userId) },
      );
    },

    /** POST /api/auth/guest/start: a signed-in superadmin spends a guest code for a guest session. */
    async guestStart(ctx: Context) {
      const { code } = await validateBody(schemas.guestStart, ctx.request.body);
      ctx.body = await guests(strapi).start(ctx.state.user as AccountUser | undefined, code);
    },
  });
