/**
 * `npm run seed`: fills the database chosen by env (see cms/config/database.ts) with the demo portals, content,
 * funds and accounts. Creates what is missing and never changes or deletes what exists, so it is safe to re-run.
 * SEED_PASSWORD sets the demo accounts' password (required in production, where the public default would be unsafe).
 * `--volume N` then adds N × 1,000 investors with their commitments, signatures, ledger and documents (src/seed/volume.ts).
 */
import { log, logError } from './lib/log';
import { describeDatabase, withStrapi } from './lib/strapi';
import { seed } from './seed/index';
import { formatReport } from './seed/report';
import { seedVolume, UNIT_SIZE, volumeEmail } from './seed/volume';

const DEVELOPMENT_PASSWORD = 'DemoPass2026!';

async function main(): Promise<void> {
  const password = process.env.SEED_PASSWORD || DEVELOPMENT_PASSWORD;
  if (process.env.NODE_ENV === 'production' && !process.env.SEED_PASSWORD) {
    throw new Error('Refusing to seed a production database with the public development password; set SEED_PASSWORD');
  }
  const { volume, unitSize } = volumeArguments(process.argv.slice(2));
  const started = Date.now();
  log(`Seeding ${describeDatabase()}`);
  await withStrapi(async (strapi) => {
    const report = await seed(strapi, { password, now: new Date() });
    for (const line of formatReport(report, password)) log(line);
    if (volume === undefined) return;
    log(`\nGrowing the portal to ${volume * unitSize} volume investors (${volume} units of ${unitSize})...`);
    const grown = await seedVolume(strapi, volume, { unitSize, log });
    log(
      `Added ${grown.added} volume investors (${grown.investors} in all), with ${
        Object.entries(grown.rows)
          .map(([table, count]) => `${count} ${table}`)
          .join(', ') || 'nothing else'
      }.`,
    );
    if (grown.added) log(`Each signs in with the demo password, e.g. ${volumeEmail(0, 'wasabistallions.com')}.`);
  });
  log(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** `--volume N` (units of investors) and `--unit-size M` (investors per unit, default UNIT_SIZE; smaller for a quick try). */
function volumeArguments(args: string[]): { volume?: number; unitSize: number } {
  const valueOf = (name: string): number | undefined => {
    const index = args.indexOf(name);
    if (index < 0) return undefined;
    const text = args[index + 1];
    if (!text || !/^\d+$/.test(text)) throw new Error(`${name} takes a whole number, e.g. ${name} 100`);
    return Number(text);
  };
  const known = new Set(['--volume', '--unit-size']);
  const unknown = args.filter(
    (arg, index) => arg.startsWith('--') && !known.has(arg) && !known.has(args[index - 1] ?? ''),
  );
  if (unknown.length) throw new Error(`Unknown option ${unknown[0]} (npm run seed [-- --volume N [--unit-size M]])`);
  const unitSize = valueOf('--unit-size') ?? UNIT_SIZE;
  if (unitSize < 1) throw new Error('--unit-size must be at least 1');
  return { volume: valueOf('--volume'), unitSize };
}

main().catch((error: unknown) => {
  logError(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
