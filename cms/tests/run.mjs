// Runs the CMS tests on SQLite and, when DATABASE_URL names a server to create a test database on, on PostgreSQL at
// the same time: each pass is one Strapi answering one test at a time, about one core of the machine's two.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// CI must prove both databases: there a missing DATABASE_URL is a failure, not a skipped run (.ci/run sets it).
if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
  console.error('CI runs the CMS tests on PostgreSQL too, but DATABASE_URL is not set');
  process.exit(1);
}

// Compiled once here, before the passes start: two compiles writing cms/dist at once could leave it half-written.
const compiled = spawnSync('npx', ['tsx', '--eval', "require('../scripts/src/lib/strapi').compileCms()"], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
/** One pass; the first prints as it goes, the others into a file printed after all ended, so no two interleave. */
function pass(database, index) {
  const log = index === 0 ? null : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cms-pass-')), 'output.log');
  console.log(`\nCMS tests on ${database}${log ? ' (alongside; its output follows at the end)' : ''}`);
  const output = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: ['ignore', output, output],
    env: { ...process.env, TEST_DATABASE: database },
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ database, code: code ?? 1, log })));
}
const passes = await Promise.all(databases.map(pass));
for (const { database, log } of passes.filter((each) => each.log)) {
  console.log(`\nCMS tests on ${database}:`);
  process.stdout.write(fs.readFileSync(log));
  fs.rmSync(path.dirname(log), { recursive: true, force: true });
}
if (databases.length === 1) console.log('(PostgreSQL run skipped: DATABASE_URL is not set)');
process.exit(passes.find((each) => each.code !== 0)?.code ?? 0);
