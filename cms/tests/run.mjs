// Runs the CMS tests on SQLite, then again on PostgreSQL when DATABASE_URL names a server to create a test database on.
import { spawnSync } from 'node:child_process';

// CI must prove both databases: there a missing DATABASE_URL is a failure, not a skipped run (.ci/run sets it).
if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
  console.error('CI runs the CMS tests on PostgreSQL too, but DATABASE_URL is not set');
  process.exit(1);
}
const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
for (const database of databases) {
  console.log(`\nCMS tests on ${database}`);
  const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: database },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (databases.length === 1) console.log('(PostgreSQL run skipped: DATABASE_URL is not set)');
