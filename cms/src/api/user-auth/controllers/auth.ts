import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { yup } from '@strapi/utils';
import { keepErrorMessages } from '../../../utils/error-messages';
import { requiredText, text, validateBody } from '../../../utils/validation';
import { toMe } from '../me';
import type { AccountUser } from '../users';
import { MIN_PASSWORD, type AccountService } from '../services/account';
import type { AuthMailService } from '../services/auth-mail';
import type { GuestService } from '../services/guest';
import { AUTHCODE_HEADER, sessions, type SessionRow } from '../services/session';

/** Long enough for any pass phrase, short enough to keep bcrypt (72 bytes) and the request small. */
const PASSWORD_MAX = 200;

const schemas = {
  signIn: yup.object({ username: requiredText('username', 254), password: requiredText('password', PASSWORD_MAX), portal: text('portal', 100) }),
  // Missing registration fields are reported together, as field messages, by the service.
  register: yup.object({
    email: text('email', 254), username: text('username', 254), password: text('password', PASSWORD_MAX),
    firstName: text('firstName', 100), lastName: text('lastName', 100), portal: text('portal', 100),
  }),
  confirm: yup.object({ code: text('code', 100).required('Invalid confirmation code') }),
  reset: yup.object({ username: requiredText('username', 254) }),
  resetNew: yup.object({
    code: text('code', 100).required('Reset password code is required'),
    password: text('password', PASSWORD_MAX).required('Password is too short').min(MIN_PASSWORD, 'Password is too short'),
  }),
  google: yup.object({ credential: requiredText('credential', 10_000), portal: text('portal', 100) }),
  guest: yup.object({
    userId: yup
      .mixed()
      .required('userId is required')
      .test('id', 'userId must be a user id (a positive integer) or documentId', (value) =>
        (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^[a-z0-9]{10,40}$/.test(value))),
  }),
  guestStart: yup.object({ code: requiredText('code', 100) }),
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const account = () => strapi.service('api::user-auth.account') as unknown as AccountService;
  const guest = () => strapi.service('api::user-auth.guest') as unknown as GuestService;
  const site = (ctx: Context) => (strapi.service('api::user-auth.auth-mail') as unknown as AuthMailService).siteFor(ctx.get('origin'));

  return keepErrorMessages({
    /** POST /api/auth/auth: sign in with username (or email) and password. */
    async signIn(ctx: Context) {
      const { username, password, portal } = await validateBody(schemas.signIn, ctx.request.body);
      ctx.body = await account().signIn(username, password, portal);
    },

    /** POST /api/auth/register: create an account that signs in after its email is confirmed. */
    async register(ctx: Context) {
      const body = await validateBody(schemas.register, ctx.request.body);
      const me = await account().register(
        { email: body.email ?? '', username: body.username, password: body.password ?? '', firstName: body.firstName ?? '', lastName: body.lastName ?? '', portal: body.portal },
        await site(ctx),
      );
      ctx.body = { me, authCode: null, success: true };
    },

    /** POST /api/auth/confirm: confirm an email with the code from the mail. */
    async confirm(ctx: Context) {
      const { code } = await validateBody(schemas.confirm, ctx.request.body);
      await account().confirm(code);
      ctx.body = { success: true };
    },

    /** POST /api/auth/reset: mail a reset link; the same answer whether or not the account exists. */
    async reset(ctx: Context) {
      const { username } = await validateBody(schemas.reset, ctx.request.body);
      await account().requestReset(username, await site(ctx));
      ctx.body = { success: true };
    },

    /** POST /api/auth/reset/new: set a new password with the code from the reset mail. */
    async resetNew(ctx: Context) {
      const { code, password } = await validateBody(schemas.resetNew, ctx.request.body);
      await account().resetPassword(code, password);
      ctx.body = { success: true };
    },

    /** POST /api/auth/google: sign in with a Google ID token. */
    async google(ctx: Context) {
      const { credential, portal } = await validateBody(schemas.google, ctx.request.body);
      ctx.body = await account().googleSignIn(credential, portal);
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

    /** POST /api/auth/guest: a superadmin gets a one-time code to open a guest session as a user. */
    async guestCode(ctx: Context) {
      const { userId } = await validateBody(schemas.guest, ctx.request.body);
      ctx.body = await guest().createCode(typeof userId === 'number' ? { id: userId } : { documentId: String(userId) });
    },

    /** POST /api/auth/guest/start: a signed-in superadmin spends a guest code for a guest session. */
    async guestStart(ctx: Context) {
      const { code } = await validateBody(schemas.guestStart, ctx.request.body);
      ctx.body = await guest().start(ctx.state.user as AccountUser | undefined, code);
    },
  });
};
