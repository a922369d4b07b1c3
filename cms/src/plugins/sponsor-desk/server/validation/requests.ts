import { errors } from '@strapi/utils';
import type { Context } from 'koa';

/** The most agreements one countersigning call signs. */
export const COUNTERSIGN_MAX = 100;

/** A file as the body parser keeps an upload. */
interface Upload {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

/** The request's JSON body, which must be an object. */
export function jsonBody(ctx: Context): Record<string, unknown> {
  const value = (ctx.request as { body?: unknown }).body;
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new errors.ValidationError('The body must be a JSON object');
  return value as Record<string, unknown>;
}

/** GET /funds: which portal's board (`portal`, once) and whether closed funds come too (`all`). */
export function boardQuery(query: Context['query']): { portal: string | undefined; all: boolean } {
  if (query.portal !== undefined && typeof query.portal !== 'string')
    throw new errors.ValidationError('portal must be given once, as text');
  if (query.all !== undefined && !['true', 'false'].includes(String(query.all)))
    throw new errors.ValidationError('all must be true or false');
  return { portal: query.portal, all: query.all === 'true' };
}

/** POST /countersign: the commitments to countersign, 1 to COUNTERSIGN_MAX of them, each a documentId or an id. */
export function countersignList(body: Record<string, unknown>): (string | number)[] {
  const ids = body.syndUsers;
  if (
    !Array.isArray(ids) ||
    !ids.length ||
    ids.length > COUNTERSIGN_MAX ||
    !ids.every((id) => (typeof id === 'string' && id) || typeof id === 'number')
  ) {
    throw new errors.ValidationError(`syndUsers must list 1 to ${COUNTERSIGN_MAX} commitments (documentId or id)`);
  }
  return ids as (string | number)[];
}

/** POST /tax-schedules/:documentId/documents: the one PDF sent as `file`, if any. */
export function oneUpload(files: Record<string, Upload | Upload[]> | undefined): Upload | undefined {
  const sent = files?.file;
  if (Array.isArray(sent) && sent.length !== 1) throw new errors.ValidationError('Send one file per call');
  return Array.isArray(sent) ? sent[0] : sent;
}

/** POST /fund-events/:id/post: the optional body's `allocationHash`, of the preview staff saw. */
export function previewedHash(ctx: Context): unknown {
  const sent = (ctx.request as { body?: unknown }).body;
  return sent && typeof sent === 'object' && !Array.isArray(sent)
    ? (sent as Record<string, unknown>).allocationHash
    : undefined;
}

/** POST /imports: a dry run unless `dryRun=false`. */
export function importDryRun(query: Context['query']): boolean {
  if (query.dryRun !== undefined && !['true', 'false'].includes(String(query.dryRun)))
    throw new errors.ValidationError('dryRun must be true or false');
  return query.dryRun !== 'false';
}
