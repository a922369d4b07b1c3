import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { captchaProvider, type CaptchaAction } from '../providers/captcha';
import { portalConfig } from '../utils/portal-config';

/**
 * Route middleware { name: 'global::captcha', config: { action } }: with captcha on, the body's `captcha` token
 * must verify for `action`, else 422 'Invalid Captcha'. An unreachable captcha service also refuses (fail closed).
 */
export default ({ action }: { action: CaptchaAction }, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const captcha = captchaProvider(portalConfig(strapi).captcha);
    if (captcha.enabled) {
      const token = (ctx.request.body as Record<string, unknown> | undefined)?.captcha;
      const passed = await captcha.verify(token, action, ctx.request.ip).catch((error: unknown) => {
        strapi.log.warn(`Captcha check failed: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      });
      if (!passed) return ctx.unprocessableEntity('Invalid Captcha');
    }
    await next();
  };
