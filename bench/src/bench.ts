/**
 * `npm run bench`: the calls the site makes most, on SQLite and on PostgreSQL, side by side with Strapi's stock REST
 * routes returning the same rows and a bare Node server returning the same bytes (latency p50/p97.5 and requests
 * per second at 1, 16 and 64 connections, autocannon); the signed-in calls again on a CMS started with its
 * signed-in caches off (SIGNED_IN_CACHE=off: every answer from the database, as every investor's first read after
 * a deal announcement), on the new and the grown database; then the built site in headless Chromium: first-load JS and
 * CSS (gzip) and first contentful paint (median of three cold loads) of the homepage, portfolio and dashboard; the
 * sponsor desk's calls and, in Chromium, the admin panel's sign-in and the desk's first paint (production bundle).
 * Prints tables and writes bench/results/<time>.json and bench/results/summary.json.
 *
 * Env: BENCH_DURATION (seconds per measurement, default 2), BENCH_VOLUME (the grown database's investors in thousands, the
 * volume seed's units, default 100; 0 skips it), DATABASE_URL (a PostgreSQL server the bench may create
 * a database on; default postgres://postgres@127.0.0.1:5432/postgres, skipped when it does not answer),
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_ONLY=signed-in (the signed-in tables alone, cached and uncached,
 * new and grown: a shorter run when only the database path changed; it writes its own <time>.json, not summary.json),
 * BENCH_ONLY=desk (the sponsor desk alone: its calls, and the admin panel's sign-in and the desk's first paint in
 * Chromium, new and grown; its own <time>.json too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/src/lib/free-port';
import {
  CONNECTIONS,
  DURATION,
  PASSWORD,
  PORTAL,
  RESULTS,
  ROOT,
  SIGNED_IN_CONNECTIONS,
  SIGNED_IN_ONLY,
  VOLUME,
  DESK_ONLY,
} from './config';
import { buildAdminPanelIfStale } from '../../scripts/src/lib/strapi';
import { benchDesk, type DeskFigures } from './desk';
import { benchDeskPage, type DeskPageFigures } from './desk-page';
import { publicEndpoints, signedInEndpoints } from './endpoints';
import { fetchCall, measure, type ApiResults, type Call, type Endpoint, type Measure } from './measure';
import { printApi, printDesk, printSignedIn, printSite } from './print';
import { startChild, startCms, stop, withDatabase } from './servers';
import { benchSite, type PageFigures } from './site';

/** Stale answers seen after an edit made under load: none is the target. */
interface Freshness {
  edits: number;
  readsAfter: number;
  stale: number;
}

/**
 * Edits a homepage text (as the superadmin, through POST /api/contents/update) while 64 connections read it, then
 * reads it 50 times at once right after each edit's answer: every read must show the edit.
 */
async function benchFreshness(base: string): Promise<Freshness> {
  const signIn = await fetchCall(base, {
    method: 'POST',
    path: '/api/auth/auth',
    body: JSON.stringify({ username: `superadmin@${PORTAL}.com`, password: PASSWORD, portal: PORTAL }),
  });
  const { authCode } = JSON.parse(signIn.body) as { authCode: string };
  const slug = 'bench-freshness';
  const read: Call = {
    method: 'POST',
    path: '/api/contents/byslug',
    body: JSON.stringify({ slug: [slug], portal: PORTAL }),
  };
  const titleOf = (body: string) =>
    (JSON.parse(body) as { contents: Record<string, { title?: string } | undefined> }).contents[slug]?.title;
  const load = measure(base, read, 64);
  const result: Freshness = { edits: 0, readsAfter: 0, stale: 0 };
  for (let edit = 1; edit <= 5; edit += 1) {
    await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 6));
    const title = `Edit ${edit} at ${Date.now()}`;
    const saved = await fetchCall(base, {
      method: 'POST',
      path: '/api/contents/update',
      headers: { authcode: authCode },
      body: JSON.stringify({ slug, title, body: '<p>Bench</p>', portal: PORTAL }),
    });
    if (saved.status !== 200) throw new Error(`the edit answered ${saved.status}: ${saved.body.slice(0, 200)}`);
    result.edits += 1;
    const reads = await Promise.all(Array.from({ length: 50 }, () => fetchCall(base, read)));
    result.readsAfter += reads.length;
    result.stale += reads.filter((answer) => titleOf(answer.body) !== title).length;
  }
  await load;
  return result;
}

async function benchApi(
  label: string,
  base: string,
  list: Endpoint[],
  connectionCounts = CONNECTIONS,
  kinds: ('custom' | 'stock')[] = ['custom', 'stock'],
): Promise<ApiResults> {
  const results: ApiResults = {};
  for (const endpoint of list) {
    for (const kind of kinds) {
      const call = endpoint[kind];
      const answer = await fetchCall(base, call);
      if (answer.status !== 200)
        throw new Error(`${label} ${kind} ${endpoint.name}: ${answer.status} ${answer.body.slice(0, 200)}`);
      await measure(base, call, 4); // warm-up
      for (const connections of connectionCounts) {
        ((results[endpoint.name] ??= {})[kind] ??= {})[connections] = await measure(base, call, connections);
      }
    }
    process.stdout.write(`  ${label}: ${endpoint.name} done\n`);
  }
  return results;
}

async function main() {
  const started = Date.now();
  const api: Record<string, ApiResults> = {};
  const grown: Record<string, ApiResults> = {};
  /** The signed-in calls with the per-instance caches off (SIGNED_IN_CACHE=off): every read goes to the database. */
  const uncached: Record<string, ApiResults> = {};
  const uncachedGrown: Record<string, ApiResults> = {};
  const desk: Record<string, DeskFigures> = {};
  /** The desk as staff meet it in Chromium: sign-in and the desk's first paint, by database. */
  const deskPage: Record<string, DeskPageFigures> = {};
  const benchTheDesk = async (label: string, base: string) => {
    desk[label] = await benchDesk(base);
    process.stdout.write(`Opening the sponsor desk in Chromium (${label})...\n`);
    deskPage[label] = await benchDeskPage(base);
  };
  const bare: Record<string, Record<number, Measure>> = {};
  let site: Record<string, PageFigures> = {};
  const freshness: Record<string, Freshness> = {};
  if (!SIGNED_IN_ONLY) {
    process.stdout.write("Building the admin panel's bundle if it is stale...\n");
    buildAdminPanelIfStale();
  }
  for (const client of ['sqlite', 'postgres'] as const) {
    await withDatabase(client, async (env) => {
      process.stdout.write(`Starting the CMS on ${client} (compile, seed, boot)...\n`);
      // The new database: the demo alone (BENCH_VOLUME in this process's env is for the grown one).
      const cms = await startCms({ ...env, BENCH_VOLUME: '0', BENCH_ADMIN_PANEL: SIGNED_IN_ONLY ? '0' : '1' });
      try {
        if (SIGNED_IN_ONLY) {
          api[client] = await benchApi(client, cms.base, await signedInEndpoints(cms.base, cms.token), [
            SIGNED_IN_CONNECTIONS,
          ]);
        } else if (!DESK_ONLY) {
          const list = [
            ...(await publicEndpoints(cms.base, cms.token)),
            ...(await signedInEndpoints(cms.base, cms.token)),
          ];
          api[client] = await benchApi(client, cms.base, list);
          freshness[client] = await benchFreshness(cms.base);
          if (client === 'sqlite') {
            Object.assign(bare, await benchBare(cms.base, list));
            process.stdout.write('Building the site and loading it in Chromium...\n');
            site = await benchSite(cms.base);
          }
        }
        if (!SIGNED_IN_ONLY) await benchTheDesk(client, cms.base);
      } finally {
        await stop(cms.child);
      }
      if (!DESK_ONLY) uncached[client] = await benchUncached(client, { ...env, BENCH_VOLUME: '0' });
    });
    if (VOLUME > 0) {
      await withDatabase(client, async (env) => {
        process.stdout.write(
          `Growing a ${client} database ${VOLUME} times (compile, seed, volume seed), then starting the CMS on it...\n`,
        );
        const seeder = await startCms({ ...env, BENCH_VOLUME: String(VOLUME), BENCH_SEED_ONLY: '1' });
        await new Promise<void>((resolve) =>
          seeder.child.exitCode !== null ? resolve() : seeder.child.once('exit', () => resolve()),
        );
        const cms = await startCms({ ...env, BENCH_ADMIN_PANEL: SIGNED_IN_ONLY ? '0' : '1' });
        try {
          if (!DESK_ONLY)
            grown[client] = await benchApi(`${client} grown`, cms.base, await signedInEndpoints(cms.base, cms.token), [
              SIGNED_IN_CONNECTIONS,
            ]);
          if (!SIGNED_IN_ONLY) await benchTheDesk(`${client} grown`, cms.base);
        } finally {
          await stop(cms.child);
        }
        if (!DESK_ONLY) uncachedGrown[client] = await benchUncached(`${client} grown`, env);
      });
    }
  }

  if (!SIGNED_IN_ONLY && !DESK_ONLY) {
    process.stdout.write(
      `\nAPI (${DURATION} s per cell; c = connections; ours/stock = ratio of requests per second)\n`,
    );
    printApi(api, bare);
  }
  if (!DESK_ONLY) {
    process.stdout.write(
      `\nSigned-in reads at ${SIGNED_IN_CONNECTIONS} connections, on a new database and on one grown ${VOLUME} times (npm run seed -- --volume ${VOLUME})\n`,
    );
    printSignedIn(api, grown);
    process.stdout.write(
      `\nThe same reads with the signed-in caches off (SIGNED_IN_CACHE=off): each answer from the database, as every investor's first read after a deal announcement\n`,
    );
    printSignedIn(api, uncachedGrown, uncached);
  }
  for (const [database, seen] of Object.entries(freshness)) {
    process.stdout.write(
      `${database}: ${seen.stale} stale of ${seen.readsAfter} reads right after ${seen.edits} edits made under 64 connections of reads\n`,
    );
  }
  if (!SIGNED_IN_ONLY) {
    printDesk(desk, deskPage);
    if (!DESK_ONLY) printSite(site);
  }

  const report = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    durationSeconds: DURATION,
    volume: VOLUME,
    api,
    grown,
    uncached,
    uncachedGrown,
    desk,
    deskPage,
    bare,
    freshness,
    site,
    tookSeconds: Math.round((Date.now() - started) / 1000),
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${report.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  if (!SIGNED_IN_ONLY && !DESK_ONLY)
    fs.writeFileSync(path.join(RESULTS, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nWrote ${path.relative(ROOT, file)} in ${report.tookSeconds} s\n`);
}

/**
 * The signed-in calls at SIGNED_IN_CONNECTIONS on a CMS started with its signed-in caches off, on the database `env`
 * names (seeded already): what every investor's first read costs when a deal announcement brings them all at once.
 */
async function benchUncached(label: string, env: NodeJS.ProcessEnv): Promise<ApiResults> {
  const cms = await startCms({ ...env, SIGNED_IN_CACHE: 'off' });
  try {
    return await benchApi(
      `${label} uncached`,
      cms.base,
      await signedInEndpoints(cms.base, cms.token),
      [SIGNED_IN_CONNECTIONS],
      ['custom'],
    );
  } finally {
    await stop(cms.child);
  }
}

/** The floor: the same bytes from a bare Node server, by endpoint and connections. */
async function benchBare(base: string, list: Endpoint[]): Promise<Record<string, Record<number, Measure>>> {
  const bare: Record<string, Record<number, Measure>> = {};
  const answersFile = path.join(os.tmpdir(), `portal-bench-bare-${process.pid}.json`);
  const answers: Record<string, { type: string; body: string }> = {};
  for (const endpoint of list) {
    const answer = await fetchCall(base, endpoint.custom);
    answers[`${endpoint.custom.method} ${endpoint.custom.path}`] = { type: answer.type, body: answer.body };
  }
  fs.writeFileSync(answersFile, JSON.stringify(answers));
  const port = await freePort();
  const { child: server } = await startChild('bare-server.ts', { PORT: String(port), BARE_ANSWERS: answersFile });
  try {
    for (const endpoint of list) {
      for (const connections of CONNECTIONS)
        (bare[endpoint.name] ??= {})[connections] = await measure(
          `http://127.0.0.1:${port}`,
          endpoint.custom,
          connections,
        );
    }
  } finally {
    await stop(server);
    fs.rmSync(answersFile, { force: true });
  }
  return bare;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
