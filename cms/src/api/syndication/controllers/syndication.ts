import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { yup } from '@strapi/utils';
import { keepErrorMessages } from '../../../utils/error-messages';
import { isRowId, isEmail, requiredText, text, validateBody } from '../../../utils/validation';
import type { AccountUser } from '../../account/users';
import { syndications } from '../services/syndication';

/** An id in a body: a numeric id or a documentId. */
const id = () =>
  yup
    .mixed<string | number>()
    .required('id is required')
    .test('id', 'id must be an id or documentId', (value) => isRowId(value));

/** A yes/no as the site sends it ('1' or '0'), or a boolean. */
const yesNoField = (name: string) =>
  yup
    .mixed()
    .test(
      'yes-no',
      `${name} must be '1', '0', true or false`,
      (value) => value === undefined || value === null || ['1', '0', '', true, false].includes(value as never),
    );

const schemas = {
  setInvesting: yup.object({
    id: id(),
    invest_amount: yup
      .mixed()
      .test(
        'amount',
        'invest_amount must be a number',
        (value) =>
          value === undefined ||
          value === null ||
          value === '' ||
          (typeof value === 'number' && Number.isFinite(value)) ||
          (typeof value === 'string' && value.length <= 20),
      )
      // Money is counted in cents: a thousandth of a dollar is a typo or a probe, never an amount.
      .test('cents', 'invest_amount must be in whole cents', (value) => {
        const amount = Number(value);
        return !Number.isFinite(amount) || Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
      }),
    method_of_inv: text('method_of_inv', 20).nullable(),
    is_married: yesNoField('is_married'),
    is_marital_state: yesNoField('is_marital_state'),
    cosub_first_name: text('cosub_first_name', 100).nullable(),
    cosub_last_name: text('cosub_last_name', 100).nullable(),
    // The same address check as registration, so no markup ever reaches the spouse's mail.
    cosub_email: text('cosub_email', 254)
      .nullable()
      .test('email', 'Spouse email is not valid', (value) => !value?.trim() || isEmail(value.trim().toLowerCase())),
  }),
  setNotInvesting: yup.object({ id: id(), feedback: text('feedback', 5000).nullable() }),
  bySlug: yup.object({ slug: requiredText('slug', 200) }),
};

const caller = (ctx: Context) => ctx.state.user as AccountUser;

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** GET /api/syndication/mine: the investments the caller said yes to. */
    async mine(ctx: Context) {
      ctx.body = await syndications(strapi).mine(caller(ctx));
    },

    /** GET /api/syndication/available: the portal's investments open for commitments. */
    async available(ctx: Context) {
      ctx.body = await syndications(strapi).available(caller(ctx));
    },

    /** GET /api/syndication/byslug/:slug: one investment of the portal as the caller sees it. */
    async bySlug(ctx: Context) {
      const { slug } = await validateBody(schemas.bySlug, ctx.params);
      ctx.body = await syndications(strapi).bySlug(caller(ctx), slug);
    },

    /** GET /api/syndication/summary: the caller's investment summary. */
    async summary(ctx: Context) {
      ctx.body = await syndications(strapi).summary(caller(ctx));
    },

    /** POST /api/syndication/set_investing: commit to an investment with the spec's terms. */
    async setInvesting(ctx: Context) {
      const body = await validateBody(schemas.setInvesting, ctx.request.body);
      ctx.body = await syndications(strapi).setInvesting(caller(ctx), {
        id: body.id,
        invest_amount: body.invest_amount,
        method_of_inv: body.method_of_inv ?? null,
        is_married: body.is_married,
        is_marital_state: body.is_marital_state,
        cosub_first_name: body.cosub_first_name ?? undefined,
        cosub_last_name: body.cosub_last_name ?? undefined,
        cosub_email: body.cosub_email ?? undefined,
      });
    },

    /** POST /api/syndication/set_not_investing: decline an investment, with optional feedback. */
    async setNotInvesting(ctx: Context) {
      const { id: target, feedback } = await validateBody(schemas.setNotInvesting, ctx.request.body);
      ctx.body = await syndications(strapi).setNotInvesting(caller(ctx), target, feedback ?? undefined);
    },
  });
