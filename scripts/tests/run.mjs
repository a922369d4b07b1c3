// Runs the scripts' tests on SQLite, then the ones that grow or restart a portal's database (the volume seed, the
// restarts) again on PostgreSQL when DATABASE_URL names a server to create a test database on.
import { spawnSync } from 'node:child_process';

/** The test files whose subject is the database a portal runs on, run on both. */
const ON_BOTH = ['tests/volume.test.ts', 'tests/restart.test.ts'];

if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
  console.error('CI runs the volume seed and restart tests on PostgreSQL too, but DATABASE_URL is not set');
  process.exit(1);
}
const vitest = (args, env = {}) =>
  spawnSync('npx', ['vitest', 'run', '--configLoader', 'runner', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;
let status = vitest(process.argv.slice(2));
if (status === 0 && process.env.DATABASE_URL && process.argv.length === 2) {
  console.log('\nScripts tests on postgres: the volume seed and the restarts');
  status = vitest(ON_BOTH, { SCRIPTS_TEST_DATABASE: 'postgres' });
} else if (!process.env.DATABASE_URL) console.log('(PostgreSQL run skipped: DATABASE_URL is not set)');
process.exit(status ?? 1);
