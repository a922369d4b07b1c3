import { CONNECTIONS, SIGNED_IN_CONNECTIONS, VOLUME } from './config';
import type { DeskFigures } from './desk';
import type { DeskPageFigures } from './desk-page';
import type { ApiResults, Measure } from './measure';
import type { PageFigures } from './site';

// The tables a bench run prints.

const deskCell = (cell: DeskFigures['calls'][string] | undefined): string =>
  !cell ? '-' : 'error' in cell ? cell.error : `${cell.p50} / ${cell.max}`;

/** Requests that failed or were still unanswered when the measurement ended (autocannon counts no latency for them). */
const failed = (cell: Measure) => (cell.errors > 0 ? ` (${cell.errors} failed)` : '');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printApi(results: Record<string, ApiResults>, bare: Record<string, Record<number, Measure>>) {
  const rows: string[][] = [
    [
      'call',
      'db',
      'c',
      'ours p50/p97.5 ms',
      'ours req/s',
      'stock p50/p97.5 ms',
      'stock req/s',
      'ours/stock',
      'bare req/s',
    ],
  ];
  for (const [database, byEndpoint] of Object.entries(results)) {
    for (const [endpoint, kinds] of Object.entries(byEndpoint)) {
      for (const connections of CONNECTIONS) {
        const ours = kinds.custom[connections];
        const stock = kinds.stock[connections];
        rows.push([
          endpoint,
          database,
          String(connections),
          `${ours.p50}/${ours.p975}${failed(ours)}`,
          String(ours.rps),
          `${stock.p50}/${stock.p975}${failed(stock)}`,
          String(stock.rps),
          `${(ours.rps / Math.max(stock.rps, 1)).toFixed(1)}x`,
          String(bare[endpoint]?.[connections]?.rps ?? '-'),
        ]);
      }
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`);
}

/** The signed-in table's targets: ours/stock at least, grown/new latency at most. */
const TARGET_VS_STOCK = 5;
const TARGET_GROWN_VS_NEW = 1.5;

/**
 * The signed-in table: ours against stock on the new database (stock from `news`; ours from `oursOnNew` when given,
 * the uncached pass), and ours on the grown database against ours on the new one. Both tables carry the targets:
 * ours/stock at least 5x, grown/new at most 1.5x (the uncached one too: the read models, not the caches, meet them).
 */
export function printSignedIn(
  news: Record<string, ApiResults>,
  grown: Record<string, ApiResults>,
  oursOnNew: Record<string, ApiResults> = news,
) {
  const c = SIGNED_IN_CONNECTIONS;
  const mark = (met: boolean) => (met ? 'met' : 'MISSED');
  const vsStockHeading = `ours/stock (>= ${TARGET_VS_STOCK}x)`;
  const rows: string[][] = [
    [
      'call',
      'db',
      `ours req/s (c=${c})`,
      'stock req/s',
      vsStockHeading,
      'new mean ms',
      `grown x${VOLUME} mean ms`,
      `grown/new (<= ${TARGET_GROWN_VS_NEW}x)`,
    ],
  ];
  for (const [database, byEndpoint] of Object.entries(news)) {
    for (const [endpoint, kinds] of Object.entries(byEndpoint)) {
      const grownCell = grown[database]?.[endpoint]?.custom[c];
      const ours = oursOnNew[database]?.[endpoint]?.custom[c];
      if (!ours || (!grownCell && VOLUME > 0)) continue;
      const vsStock = ours.rps / Math.max(kinds.stock[c].rps, 1);
      const vsNew = grownCell ? grownCell.mean / Math.max(ours.mean, 0.01) : NaN;
      rows.push([
        endpoint,
        database,
        `${ours.rps}${failed(ours)}`,
        String(kinds.stock[c].rps),
        `${vsStock.toFixed(1)}x ${mark(vsStock >= TARGET_VS_STOCK)}`,
        ours.mean.toFixed(2),
        grownCell ? `${grownCell.mean.toFixed(2)}${failed(grownCell)}` : '-',
        grownCell ? `${vsNew.toFixed(2)}x ${mark(vsNew <= TARGET_GROWN_VS_NEW)}` : '-',
      ]);
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`);
}

/** The sponsor desk's table: p50 / max of ten, ms, by call and database. */
export function printDesk(desk: Record<string, DeskFigures>, pages: Record<string, DeskPageFigures>) {
  process.stdout.write('\nSponsor desk (admin panel), one staff member at a time: p50 / max of ten, ms\n');
  const deskNames = Object.keys(Object.values(desk)[0]?.calls ?? {});
  const deskRows = [
    ['call', ...Object.entries(desk).map(([database, figures]) => `${database} (${figures.investors} in the fund)`)],
    ...deskNames.map((name) => [name, ...Object.values(desk).map((figures) => deskCell(figures.calls[name]))]),
  ];
  const widths = deskRows[0].map((_, column) => Math.max(...deskRows.map((row) => row[column].length)));
  for (const row of deskRows)
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`);
  process.stdout.write('\nThe panel in Chromium, cold (no cache), median of three, ms\n');
  for (const [database, page] of Object.entries(pages))
    process.stdout.write(
      `${database.padEnd(14)}  sign-in page FCP ${page.loginPaint}  sign-in ${page.signIn}  desk shown ${page.deskShown} ` +
        `(FCP ${page.deskPaint}, JS ${page.deskJsKb} kB as sent)  desk again ${page.deskShownAgain}\n`,
    );
}

/** The built site's figures, by page. */
export function printSite(site: Record<string, PageFigures>) {
  process.stdout.write('\nBuilt site, cold load in headless Chromium\n');
  for (const [page, figures] of Object.entries(site))
    process.stdout.write(
      `${page.padEnd(10)}  JS ${kb(figures.js)} gzip  CSS ${kb(figures.css)} gzip  FCP ${figures.fcp} ms\n`,
    );
}
