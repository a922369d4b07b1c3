import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';

/** No body the site sends is nested deeper than a few levels; 32 leaves room for any honest caller. */
export const MAX_BODY_DEPTH = 32;

/** Whether `value` is nested deeper than `max` levels (walked without recursion, so any depth is safe to check). */
export function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Global middleware, after the body parser: a body nested deeper than MAX_BODY_DEPTH is refused with 400 before any
 * route sees it, so no validator, sanitiser or error message ever walks it.
 */
export default () => async (ctx: Context, next: Next) => {
  if (deeperThan(ctx.request.body, MAX_BODY_DEPTH)) {
    throw new errors.ValidationError(`The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`);
  }
  await next();
};
