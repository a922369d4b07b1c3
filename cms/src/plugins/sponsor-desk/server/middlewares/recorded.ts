import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { deskActions } from '../services/desk-actions';

/** The status Strapi answers an error with (its errors middleware, around the route, sets it after we have seen it). */
const STATUS_OF: Record<string, number> = {
  ValidationError: 400,
  YupValidationError: 400,
  NotFoundError: 404,
  ForbiddenError: 403,
  PolicyError: 403,
  UnauthorizedError: 401,
  PayloadTooLargeError: 413,
  RateLimitError: 429,
  NotImplementedError: 501,
  ApplicationError: 400,
};
const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown; expose?: unknown })?.status;
  if (typeof status === 'number' && (error as { expose?: unknown }).expose) return status;
  return STATUS_OF[(error as Error)?.name] ?? 500;
};

/** A route's `action` (its name in Desk Actions) and whether it is `kept` (a change, an export, a download). */
export interface RecordedConfig {
  action: string;
  kept: boolean;
}

/**
 * Records the call once answered when `kept`, refused or not: a refusal keeps its status (400, 404, 409, ...). A read
 * is recorded only when refused for want of a permission (403).
 */
export default ({ action, kept }: RecordedConfig, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      const status = statusOf(error);
      if (kept || status === 403) await deskActions(strapi).record(ctx, action, status);
      throw error;
    }
    if (kept) await deskActions(strapi).record(ctx, action, ctx.status);
  };
