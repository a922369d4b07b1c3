import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { yup } from '@strapi/utils';
import { MIN_PASSWORD } from '@portal/rules';
import { keepErrorMessages } from '../../../utils/error-messages';
import { PASSWORD_MAX, requiredText, text, validateBody } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { accountMail } from '../services/account-mail';
import { accounts } from '../services/account';

const schemas = {
  // Missing registration fields are reported together, as field messages, by the service.
  register: yup.object({
    email: text('email', 254),
    username: text('username', 254),
    password: text('password', PASSWORD_MAX),
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    portal: text('portal', 100),
  }),
  confirm: yup.object({ code: text('code', 100).required('Invalid confirmation code') }),
  reset: yup.object({ username: requiredText('username', 254) }),
  resetNew: yup.object({
    code: text('code', 100).required('Reset password code is required'),
    password: text('password', PASSWORD_MAX)
      .required('Password is too short')
      .min(MIN_PASSWORD, 'Password is too short'),
  }),
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const site = (ctx: Context) => accountMail(strapi).siteFor(ctx.get('origin'));

  return keepErrorMessages({
    /** POST /api/auth/register: create an account of the request's portal that signs in once its email is confirmed. */
    async register(ctx: Context) {
      const body = await validateBody(schemas.register, ctx.request.body);
      const me = await accounts(strapi).register(
        {
          email: body.email ?? '',
          username: body.username,
          password: body.password ?? '',
          firstName: body.firstName ?? '',
          lastName: body.lastName ?? '',
        },
        await portals(strapi).forRequest(ctx),
        await site(ctx),
      );
      ctx.body = { me, authCode: null, success: true };
    },

    /** POST /api/auth/confirm: confirm an email with the code from the mail. */
    async confirm(ctx: Context) {
      const { code } = await validateBody(schemas.confirm, ctx.request.body);
      await accounts(strapi).confirm(code);
      ctx.body = { success: true };
    },

    /** POST /api/auth/reset: mail a reset link; the same answer whether or not the account exists. */
    async reset(ctx: Context) {
      const { username } = await validateBody(schemas.reset, ctx.request.body);
      await accounts(strapi).requestReset(username, await site(ctx));
      ctx.body = { success: true };
    },

    /** POST /api/auth/reset/new: set a new password with the code from the reset mail. */
    async resetNew(ctx: Context) {
      const { code, password } = await validateBody(schemas.resetNew, ctx.request.body);
      await accounts(strapi).resetPassword(code, password);
      ctx.body = { success: true };
    },
  });
};
