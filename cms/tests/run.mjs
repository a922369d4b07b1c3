// Runs the CMS tests on SQLite and, when DATABASE_URL names a server to create a test database on, on PostgreSQL at
// the same time: each pass is one Strapi answering one test at a time, about one core of the machine's two.
import { spawnSync } from 'node:child_process';
import { sideBySide } from '../../scripts/side-by-side.mjs';

// CI must prove both databases: there a missing DATABASE_URL is a failure, not a skipped run (.ci/run sets it).
if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
  console.error('CI runs the CMS tests on PostgreSQL too, but DATABASE_URL is not set');
  process.exit(1);
}

// Compiled once here, before the passes start: two compiles writing cms/dist at once could leave it half-written.
const compiled = spawnSync('npx', ['tsx', '--eval', "require('../scripts/src/lib/strapi').compileCms()"], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
const status = await sideBySide(
  databases.map((database) => ({
    label: `CMS tests on ${database}`,
    command: 'npx',
    args: ['vitest', 'run', ...process.argv.slice(2)],
    env: { TEST_DATABASE: database },
  })),
);
if (databases.length === 1) console.log('(PostgreSQL run skipped: DATABASE_URL is not set)');
process.exit(status);
