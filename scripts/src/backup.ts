/**
 * `npm run backup -- --to <folder>`: backs up the database env names (SQLite online, PostgreSQL with pg_dump) and the
 * files kept on disk (private documents, media uploads, the local signer's certificate) into a new or empty folder,
 * with a manifest. Safe while the CMS runs. S3 buckets are not copied (README, Backups).
 */
import path from 'node:path';
import { backup } from './lib/backup';
import { log, logError } from './lib/log';
import { describeDatabase } from './lib/strapi';
import { folderArgument } from './lib/arguments';

async function main(): Promise<void> {
  const to = folderArgument(process.argv.slice(2), '--to', 'npm run backup -- --to <folder>');
  log(`Backing up ${describeDatabase()} into ${to}`);
  const manifest = await backup(to);
  const files =
    Object.entries(manifest.files)
      .map(([part, count]) => `${count} ${part}`)
      .join(', ') || 'no files';
  log(
    `Backed up the ${manifest.database} database (${manifest.migrations.length} migrations run) and ${files} into ${path.resolve(to)}.`,
  );
}

main().catch((error: unknown) => {
  logError(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
