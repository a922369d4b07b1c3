import { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';

/**
 * A cell a spreadsheet will not run: text (a name, an email, a note someone typed) that starts like a formula (=, +,
 * -, @, a tab or a carriage return) is prefixed with an apostrophe (OWASP's CSV injection advice); numbers stay numbers.
 */
export const inertCell = <T extends string | number>(cell: T): T | string =>
  typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;

/**
 * Answers CSV text as a download named `name`, streamed as it is made (a batch at a time: a large file is never held
 * whole). A batch that fails half-way cannot change the status (200 is sent already): the connection is cut instead,
 * before the last chunk, so the browser sees a failed download rather than a short file that looks whole (Koa would
 * leave the response open). The failure is logged.
 */
export function streamCsv(strapi: Core.Strapi, ctx: Context, name: string, chunks: AsyncIterable<string>): void {
  ctx.attachment(name);
  ctx.type = 'text/csv; charset=utf-8';
  const body = Readable.from(chunks, { objectMode: false });
  body.on('error', (error) => {
    strapi.log.error(`The CSV ${name} of ${ctx.path} stopped: ${String(error)}`);
    ctx.res.destroy(error);
  });
  ctx.body = body;
}
