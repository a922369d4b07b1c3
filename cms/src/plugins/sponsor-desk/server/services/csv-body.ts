import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { serviceAccessor } from '../../../../utils/service';

/** What the accountant's CSV may weigh: ten thousand long lines. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;

const csvBodyService = () => ({
  /**
   * The request's CSV: sent as text/csv (read here, up to 2 MB, as the body parser leaves it), as text/plain (parsed
   * already), or as JSON `{ csv }` (the admin panel's fetch client sends JSON).
   */
  async read(ctx: Context): Promise<string> {
    const parsed = (ctx.request as { body?: unknown }).body;
    if (typeof parsed === 'string' && parsed) return parsed;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { csv?: unknown }).csv === 'string')
      return (parsed as { csv: string }).csv;
    // A text/csv body is left unread by the body parser (src/middlewares/csv-import-body.ts), to be read here.
    if (!ctx.state.csvUnread) throw new errors.ValidationError('Send the CSV as the body, with Content-Type: text/csv');
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped, not left: a body stopped half-read stays on the kept-alive
    // connection, and the client's next request on it waits behind it for ever (as Node itself drains a body no
    // route read).
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size <= CSV_MAX_BYTES) chunks.push(chunk as Buffer);
    }
    if (size > CSV_MAX_BYTES) throw new errors.PayloadTooLargeError('The CSV is larger than 2 MB: split it');
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.includes('\u0000')) throw new errors.ValidationError('The CSV must not hold a NUL character');
    return text;
  },
});

export type CsvBodyService = ReturnType<typeof csvBodyService>;
export const csvBody = serviceAccessor<CsvBodyService>('plugin::sponsor-desk.csv-body');
export default csvBodyService;
