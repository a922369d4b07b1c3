/**
 * `npm run seed`: fills the database chosen by env (see cms/config/database.ts) with the demo portals, content,
 * funds and accounts. Creates what is missing and never changes or deletes what exists, so it is safe to re-run.
 * SEED_PASSWORD sets the demo accounts' password (required in production, where the public default would be unsafe).
 */
import { log, logError } from './lib/log';
import { describeDatabase, withStrapi } from './lib/strapi';
import { seed } from './seed/index';
import { formatReport } from './seed/report';

const DEVELOPMENT_PASSWORD = 'DemoPass2026!';

async function main(): Promise<void> {
  const password = process.env.SEED_PASSWORD || DEVELOPMENT_PASSWORD;
  if (process.env.NODE_ENV === 'production' && !process.env.SEED_PASSWORD) {
    throw new Error('Refusing to seed a production database with the public development password; set SEED_PASSWORD');
  }
  const started = Date.now();
  log(`Seeding ${describeDatabase()}`);
  const report = await withStrapi((strapi) => seed(strapi, { password, now: new Date() }));
  for (const line of formatReport(report, password)) log(line);
  log(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  logError(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
