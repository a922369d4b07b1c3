import { errors } from '@strapi/utils';
import type { Context } from 'koa';

type Handler = (ctx: Context) => Promise<void>;

/**
 * Wraps a controller's handlers so a 401 or 403 thrown by a service keeps its message. Strapi's authorize step,
 * which wraps every route handler, replaces a thrown UnauthorizedError or ForbiddenError with a bare 'Unauthorized'
 * or 'Forbidden'; answered here through Strapi's own response helpers, the client gets the same status and shape
 * with the contract's message.
 */
export function keepErrorMessages<T extends Record<string, Handler>>(handlers: T): T {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (ctx) => {
      try {
        await handler(ctx);
      } catch (error) {
        if (error instanceof errors.UnauthorizedError) return ctx.unauthorized(error.message, error.details);
        if (error instanceof errors.ForbiddenError && !(error instanceof errors.PolicyError))
          return ctx.forbidden(error.message, error.details);
        throw error;
      }
    };
  }
  return wrapped as T;
}
