import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { yup } from '@strapi/utils';
import type { Level } from '@portal/rules';
import { keepErrorMessages } from '../../../utils/error-messages';
import { level, text, validateBody } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { settingsOf } from '../services/setting';

/** Setting names: letters, digits, dot, dash and underscore (they are keys in the site's code). */
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const MAX_SETTINGS = 50;
const MAX_VALUE_CHARS = 100_000;

const loadSchema = yup.object({ portal: text('portal', 100) });

const persistSchema = yup.object({
  settings: yup
    .object()
    .typeError('settings must be an object of { name: value }')
    .required('settings is required')
    .test('names', 'settings must name 1 to 50 settings, each of letters, digits, ".", "-" or "_"', (value) => {
      const names = Object.keys(value ?? {});
      return names.length >= 1 && names.length <= MAX_SETTINGS && names.every((name) => NAME.test(name));
    })
    .test('values', `each setting value must be at most ${MAX_VALUE_CHARS} characters of JSON`, (value) =>
      Object.values(value ?? {}).every((item) => JSON.stringify(item ?? null).length <= MAX_VALUE_CHARS),
    ),
  levelToRead: level('levelToRead'),
  levelToWrite: level('levelToWrite'),
});

const caller = (ctx: Context) => ctx.state.user as { level?: string | null } | undefined;

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** POST /api/settings/load: the settings the caller may read. */
    async load(ctx: Context) {
      await validateBody(loadSchema, ctx.request.body);
      ctx.body = { settings: await settingsOf(strapi).load(caller(ctx)?.level, await portals(strapi).forRequest(ctx)) };
    },

    /** POST /api/settings/persist: saves settings the caller may write. */
    async persist(ctx: Context) {
      const body = await validateBody(persistSchema, ctx.request.body);
      await settingsOf(strapi).persist(caller(ctx)?.level, {
        settings: body.settings as Record<string, unknown>,
        levelToRead: body.levelToRead as Level | undefined,
        levelToWrite: body.levelToWrite as Level | undefined,
      });
      ctx.body = { success: true };
    },
  });
