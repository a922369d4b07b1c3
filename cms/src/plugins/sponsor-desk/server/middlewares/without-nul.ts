import { errors } from '@strapi/utils';
import type { Context } from 'koa';

/** The first of a request's parameters, query names or body fields holding a NUL byte, by its path ('fund', 'syndUsers.0'). */
function nulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, each] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulField(each, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A NUL byte anywhere in what the call names or sends is refused (400) before anything reads it: PostgreSQL refuses
 * one in text (error 22021), which would answer a 500, and no id, name, search or note holds one.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  const field = nulField({ ...ctx.params, ...ctx.query }, '') ?? nulField((ctx.request as { body?: unknown }).body, '');
  if (field !== null) throw new errors.ValidationError(`${field || 'The body'} must not hold a NUL character`);
  await next();
};
