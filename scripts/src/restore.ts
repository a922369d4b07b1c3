/**
 * `npm run restore -- --from <folder>`: restores a backup made by `npm run backup` into the database and folders env
 * names, which must be empty (a new SQLite file, a PostgreSQL database without tables, created when missing, empty
 * file folders): it never overwrites anything. Start the CMS on it afterwards; migrations newer than the backup run
 * at that start.
 */
import { restore } from './lib/backup';
import { log, logError } from './lib/log';
import { describeDatabase } from './lib/strapi';
import { folderArgument } from './lib/arguments';

async function main(): Promise<void> {
  const from = folderArgument(process.argv.slice(2), '--from', 'npm run restore -- --from <folder>');
  log(`Restoring ${from} into ${describeDatabase()}`);
  const manifest = await restore(from);
  log(
    `Restored the ${manifest.database} database backed up at ${manifest.createdAt} and its files; start the CMS on it.`,
  );
}

main().catch((error: unknown) => {
  logError(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
