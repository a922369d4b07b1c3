/**
 * `npm run bench`: the calls the site makes most, on SQLite and on PostgreSQL, side by side with Strapi's stock REST
 * routes returning the same rows and a bare Node server returning the same bytes (latency p50/p97.5 and requests
 * per second at 1, 16 and 64 connections, autocannon); the signed-in calls again on a CMS started with its
 * signed-in caches off (SIGNED_IN_CACHE=off: every answer from the database, as every investor's first read after
 * a deal announcement), on the new and the grown database; then the built site in headless Chromium: first-load JS and
 * CSS (gzip) and first contentful paint (median of three cold loads) of the homepage, portfolio and dashboard.
 * Prints tables and writes bench/results/<time>.json and bench/results/summary.json.
 *
 * Env: BENCH_DURATION (seconds per measurement, default 2), BENCH_VOLUME (the grown database's investors in thousands, the
 * volume seed's units, default 100; 0 skips it), DATABASE_URL (a PostgreSQL server the bench may create
 * a database on; default postgres://postgres@127.0.0.1:5432/postgres, skipped when it does not answer),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { chromium } from 'playwright-core';
import { freePort } from '../../scripts/src/lib/free-port';
import { startSiteServer } from '../../scripts/src/lib/site-server';

const ROOT = path.resolve(__dirname, '..', '..');
const RESULTS = path.join(ROOT, 'bench', 'results');
const DURATION = Number(process.env.BENCH_DURATION ?? 2);
/** The grown database's investors in thousands (npm run seed -- --volume, units of 1,000); 0 skips it. */
const VOLUME = Number(process.env.BENCH_VOLUME ?? 100);
const CONNECTIONS = [1, 16, 64];
const PASSWORD = 'DemoPass2026!';
const INVESTOR = 'investor.investing@wasabistallions.com';
const PORTAL = 'wasabistallions';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Endpoint {
  name: string;
  custom: Call;
  stock: Call;
}

interface Measure {
  /** Mean latency, ms. */
  mean: number;
  p50: number;
  p975: number;
  rps: number;
  errors: number;
}

/** Starts a TypeScript entry point of this workspace and waits for its READY line (answered with what follows READY). */
function startChild(script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ready: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY ?(.*)\n/.exec(output);
      if (ready) resolve({ child, ready: ready[1] });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function measure(base: string, call: Call, connections: number): Promise<Measure> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    method: call.method,
    body: call.body,
    connections,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...call.headers },
  });
  return {
    mean: result.latency.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

async function fetchCall(
  base: string,
  call: Call & { timeoutMs?: number },
): Promise<{ status: number; type: string; body: string }> {
  const signal = call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined;
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    body: call.body,
    headers: { 'content-type': 'application/json', ...call.headers },
    signal,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? 'application/json',
    body: await response.text(),
  };
}

/** Signs the demo investor in: their session header and user id. */
async function signInInvestor(base: string): Promise<{ session: Record<string, string>; userId: number }> {
  const signIn = await fetchCall(base, {
    method: 'POST',
    path: '/api/auth/auth',
    body: JSON.stringify({ username: INVESTOR, password: PASSWORD, portal: PORTAL }),
  });
  if (signIn.status !== 200)
    throw new Error(`the investor's sign-in answered ${signIn.status}: ${signIn.body.slice(0, 200)}`);
  const { authCode, me } = JSON.parse(signIn.body) as { authCode: string; me: { id: number } };
  return { session: { authcode: authCode }, userId: me.id };
}

const stockCall =
  (token: string) =>
  (routePath: string): Call => ({ method: 'GET', path: routePath, headers: { authorization: `Bearer ${token}` } });

/** The site's most frequent public calls and the stock routes that answer the same rows. */
async function publicEndpoints(base: string, token: string): Promise<Endpoint[]> {
  const stock = stockCall(token);
  const contents = JSON.parse(
    (
      await fetchCall(
        base,
        stock(`/api/stock/contents?filters[portal][slug][$eq]=${PORTAL}&fields[0]=slug&pagination[limit]=10&sort=id`),
      )
    ).body,
  ) as { data: { slug: string }[] };
  const slugs = contents.data.map((row) => row.slug);
  const slugFilter = slugs.map((slug, index) => `filters[slug][$in][${index}]=${encodeURIComponent(slug)}`).join('&');
  return [
    {
      name: 'portals',
      custom: { method: 'GET', path: '/api/auth/portals' },
      stock: stock('/api/stock/portals?pagination[limit]=100'),
    },
    {
      name: `contents by slug (${slugs.length})`,
      custom: { method: 'POST', path: '/api/contents/byslug', body: JSON.stringify({ slug: slugs, portal: PORTAL }) },
      stock: stock(
        `/api/stock/contents?filters[portal][slug][$eq]=${PORTAL}&${slugFilter}&fields[0]=slug&fields[1]=title&fields[2]=body`,
      ),
    },
    {
      name: 'education list',
      custom: { method: 'GET', path: `/api/contents/education?portal=${PORTAL}&limit=8` },
      stock: stock(
        `/api/stock/blog-items?filters[portal][slug][$eq]=${PORTAL}&filters[isPublished][$eq]=true&sort[0]=sortOrder:desc&sort[1]=createdAt:desc&pagination[limit]=8`,
      ),
    },
    {
      name: 'portfolio list',
      custom: { method: 'GET', path: `/api/contents/portfolio?portal=${PORTAL}` },
      stock: stock(
        `/api/stock/assets-items?filters[portal][slug][$eq]=${PORTAL}&populate[fund][fields][0]=name&sort=createdAt:desc&pagination[limit]=999`,
      ),
    },
  ];
}

/**
 * The signed-in calls the site makes (as the demo investor, with the URLs the site builds) and the stock routes that
 * answer the same rows: Strapi's core `find` of the type, filtered to the investor (or the portal) and populated as
 * the answer is. Stock Strapi computes no summary: its nearest answer is the rows the summary is computed from.
 */
async function signedInEndpoints(base: string, token: string): Promise<Endpoint[]> {
  const stock = stockCall(token);
  const { session, userId } = await signInInvestor(base);
  const ours = (routePath: string): Call => ({ method: 'GET', path: routePath, headers: session });
  const mine = `/api/stock/synd-users?filters[user][id][$eq]=${userId}&populate[fund]=true&populate[investment]=true&pagination[limit]=100`;
  const available = JSON.parse((await fetchCall(base, ours('/api/syndication/available'))).body) as {
    items: { url_slug: string; fund: { documentId: string; id: number } }[];
  };
  const [investment] = available.items;
  if (!investment) throw new Error('the demo investor sees no available investment');
  const taxes = JSON.parse((await fetchCall(base, ours('/api/tax_documents?mine=true&limit=999'))).body) as {
    items: { year: number }[];
  };
  const year = taxes.items[0]?.year ?? new Date().getFullYear() - 1;
  const own = `filters[user][id][$eq]=${userId}`;
  return [
    {
      name: 'me',
      custom: ours('/api/auth/me'),
      stock: stock(`/api/stock/users/${userId}?populate[portal][fields][0]=slug`),
    },
    { name: 'my investments', custom: ours('/api/syndication/mine'), stock: stock(mine) },
    {
      name: 'available investments',
      custom: ours('/api/syndication/available'),
      stock: stock(
        `/api/stock/investments?filters[fund][company][portal][slug][$eq]=${PORTAL}&populate[fund]=true&pagination[limit]=100`,
      ),
    },
    { name: 'investment summary', custom: ours('/api/syndication/summary'), stock: stock(mine) },
    {
      name: 'investment by slug',
      custom: ours(`/api/syndication/byslug/${encodeURIComponent(investment.url_slug)}`),
      stock: stock(
        `/api/stock/investments?filters[url_slug][$eq]=${encodeURIComponent(investment.url_slug)}&populate[fund]=true`,
      ),
    },
    {
      name: 'notifications',
      custom: ours('/api/notifications?mine=true&populate=template&sort=-createdAt&limit=10'),
      stock: stock(`/api/stock/notifications?${own}&populate[template]=true&sort=createdAt:desc&pagination[limit]=10`),
    },
    {
      name: 'tax documents',
      custom: ours(`/api/tax_documents?mine=true&filters%5Byear%5D=${year}&populate=fund&limit=999`),
      stock: stock(
        `/api/stock/tax-documents?${own}&filters[year][$eq]=${year}&populate[fund]=true&pagination[limit]=999`,
      ),
    },
    {
      name: 'news documents',
      custom: ours('/api/news_documents?mine=true&populate=fund&limit=999'),
      stock: stock(`/api/stock/news-documents?${own}&populate[fund]=true&pagination[limit]=999`),
    },
    {
      name: 'proof documents',
      custom: ours('/api/proof_documents?mine=true&limit=999'),
      stock: stock(`/api/stock/proof-documents?${own}&pagination[limit]=999`),
    },
    {
      name: 'due-diligence documents',
      custom: ours(`/api/funds/${investment.fund.documentId}/synd_documents?limit=999`),
      stock: stock(`/api/stock/synd-documents?filters[fund][id][$eq]=${investment.fund.id}&pagination[limit]=999`),
    },
    { name: 'synd_users mine', custom: ours('/api/synd_users?mine=true&limit=999'), stock: stock(mine) },
    {
      // The transactions page's first page (50 rows, newest first, with the running balance).
      name: 'transactions',
      custom: ours('/api/profile/transactions?page=1&pageSize=50'),
      stock: stock(
        `/api/stock/ledger-entries?filters[syndUser][user][id][$eq]=${userId}&populate[fund]=true&sort=effective_date:desc&pagination[pageSize]=50`,
      ),
    },
    {
      name: 'ledger entries',
      custom: ours('/api/ledger_entries?mine=true&limit=999'),
      stock: stock(
        `/api/stock/ledger-entries?filters[syndUser][user][id][$eq]=${userId}&populate[fund]=true&populate[syndUser]=true&pagination[limit]=999`,
      ),
    },
  ];
}

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

type ApiResults = Record<string, Record<string, Record<number, Measure>>>;

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

async function withDatabase<T>(
  client: 'sqlite' | 'postgres',
  work: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T | undefined> {
  if (client === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    try {
      return await work({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'bench.db') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    process.stdout.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work({ DATABASE_CLIENT: 'postgres', DATABASE_URL: url.toString() });
  } finally {
    const cleanup = new Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

async function startCms(env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess; token: string }> {
  const port = await freePort();
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-outbox-'));
  // The seed uploads its pictures to this run's own media library folder, not the developer's.
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-public-'));
  fs.mkdirSync(path.join(publicDir, 'uploads'));
  const { child, ready } = await startChild('cms-server.ts', {
    ...env,
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    STRAPI_TELEMETRY_DISABLED: 'true',
    EMAIL_OUTBOX_DIR: outbox,
    PUBLIC_DIR: publicDir,
  });
  return { base: `http://127.0.0.1:${port}`, child, token: ready };
}

interface PageFigures {
  js: number;
  css: number;
  fcp: number;
}

/** Builds the site for the CMS at `cmsBase`, and loads each page cold in Chromium: first-load JS/CSS (gzip) and FCP. */
async function benchSite(cmsBase: string): Promise<Record<string, PageFigures>> {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: ROOT,
    env: { ...process.env, VITE_API_URL: cmsBase },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`site build failed:\n${build.stdout}\n${build.stderr}`);
  const dist = path.join(ROOT, 'web', 'dist');
  const site = await startSiteServer({ dir: dist, port: await freePort(), host: '127.0.0.1' });
  const signIn = await fetchCall(cmsBase, {
    method: 'POST',
    path: '/api/auth/auth',
    body: JSON.stringify({ username: INVESTOR, password: PASSWORD, portal: PORTAL }),
  });
  const { authCode } = JSON.parse(signIn.body) as { authCode: string };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file)).length);
    return gzipped.get(file) ?? 0;
  };
  const figures: Record<string, PageFigures> = {};
  try {
    for (const [name, route, signedIn] of [
      ['homepage', '/', false],
      ['portfolio', '/portfolio', false],
      ['dashboard', '/dashboard', true],
    ] as const) {
      const loads: PageFigures[] = [];
      // Three cold loads (a fresh context each: no cache, no storage), the median paint: the browser's own first
      // start costs are not the site's.
      for (let load = 0; load < 3; load += 1) {
        const context = await browser.newContext();
        // The dashboard is for a signed-in investor: the site keeps the session code in localStorage.
        if (signedIn) await context.addInitScript((code) => localStorage.setItem('authCode', code), authCode);
        const page = await context.newPage();
        await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
        const { fcp, assets } = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
          assets: performance.getEntriesByType('resource').map((entry) => entry.name),
        }));
        const local = assets
          .map((url) => new URL(url))
          .filter((url) => url.origin === site.url)
          .map((url) => path.join(dist, url.pathname));
        const size = (extension: string) =>
          local
            .filter((file) => file.endsWith(extension) && fs.existsSync(file))
            .reduce((sum, file) => sum + gzipSize(file), 0);
        loads.push({ js: size('.js'), css: size('.css'), fcp: Math.round(fcp) });
        await context.close();
      }
      const byPaint = [...loads].sort((a, b) => a.fcp - b.fcp);
      figures[name] = {
        ...byPaint[1],
        js: Math.max(...loads.map((load) => load.js)),
        css: Math.max(...loads.map((load) => load.css)),
      };
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return figures;
}

/** The sponsor desk's reads (docs/sponsor-desk.md), as staff make them one at a time: p50 and max of ten, in ms. */
interface DeskFigures {
  investors: number;
  /** p50 and max of ten answers, ms; or what went wrong (the call is then not repeated). */
  calls: Record<string, { p50: number; max: number } | { error: string }>;
}

/** How long one desk call may take before it counts as not answering (the bench goes on with the next). */
const DESK_TIMEOUT_MS = 120_000;

/**
 * The admin panel's board, the commitments table of the portal's largest fund (first page by name, a later page
 * filtered and sorted by amount, a search), its CSV and the investor directory, signed in as the seeded super admin.
 */
async function benchDesk(base: string): Promise<DeskFigures> {
  const login = await fetchCall(base, {
    method: 'POST',
    path: '/admin/login',
    body: JSON.stringify({ email: 'admin@portal.local', password: PASSWORD }),
  });
  const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const board = JSON.parse(
    (await fetchCall(base, { method: 'GET', path: `/sponsor-desk/funds?portal=${PORTAL}&all=true`, headers })).body,
  ) as { funds: { documentId: string; investors: number; counts: Record<string, number> }[] };
  const largest = [...board.funds].sort((one, other) => other.investors - one.investors)[0];
  const fund = `/sponsor-desk/funds/${largest.documentId}`;
  const state = Object.entries(largest.counts).sort((one, other) => other[1] - one[1])[0][0];
  const paths: Record<string, string> = {
    board: `/sponsor-desk/funds?portal=${PORTAL}`,
    'commitments, page 1 by name': `${fund}/commitments?sort=name:asc&page=1&pageSize=25`,
    'commitments, a state by amount, page 3': `${fund}/commitments?state=${state}&sort=amount:desc&page=3&pageSize=25`,
    'commitments, search': `${fund}/commitments?q=volume.investor.1`,
    'commitments CSV (whole fund)': `${fund}/commitments.csv`,
    'investor directory, page 2': `/sponsor-desk/investors?portal=${PORTAL}&page=2`,
  };
  const calls: DeskFigures['calls'] = {};
  for (const [name, route] of Object.entries(paths)) {
    const times: number[] = [];
    try {
      for (let round = 0; round < 11; round += 1) {
        const started = performance.now();
        const answer = await fetchCall(base, { method: 'GET', path: route, headers, timeoutMs: DESK_TIMEOUT_MS });
        if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        if (round > 0) times.push(performance.now() - started);
      }
      times.sort((one, other) => one - other);
      calls[name] = {
        p50: Math.round(times[Math.floor(times.length / 2)] * 10) / 10,
        max: Math.round(times[times.length - 1] * 10) / 10,
      };
    } catch (error) {
      // Recorded and shown in the table; the other calls and the rest of the bench go on.
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      calls[name] = {
        error: timedOut
          ? `no answer in ${DESK_TIMEOUT_MS / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error),
      };
    }
  }
  return { investors: largest.investors, calls };
}

const deskCell = (cell: DeskFigures['calls'][string] | undefined): string =>
  !cell ? '-' : 'error' in cell ? cell.error : `${cell.p50} / ${cell.max}`;

/** Requests that failed or were still unanswered when the measurement ended (autocannon counts no latency for them). */
const failed = (cell: Measure) => (cell.errors > 0 ? ` (${cell.errors} failed)` : '');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printApi(results: Record<string, ApiResults>, bare: Record<string, Record<number, Measure>>) {
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

/** The signed-in table's connections, and its targets: ours/stock at least, grown/new latency at most. */
const SIGNED_IN_CONNECTIONS = 16;
const TARGET_VS_STOCK = 5;
const TARGET_GROWN_VS_NEW = 1.5;

/**
 * The signed-in table: ours against stock on the new database (stock from `news`; ours from `oursOnNew` when given,
 * the uncached pass), and ours on the grown database against ours on the new one.
 */
/**
 * The signed-in table. With the caches (`withTarget`), ours/stock carries the issue's target (at least 5x); without
 * them it is shown for what it is, no target: the 5x is the caches' to meet (README, Fast signed-in reads). Grown/new
 * carries its target (at most 1.5x) in both.
 */
function printSignedIn(
  news: Record<string, ApiResults>,
  grown: Record<string, ApiResults>,
  oursOnNew: Record<string, ApiResults> = news,
  withTarget = true,
) {
  const c = SIGNED_IN_CONNECTIONS;
  const mark = (met: boolean) => (met ? 'met' : 'MISSED');
  const vsStockHeading = withTarget ? `ours/stock (>= ${TARGET_VS_STOCK}x)` : 'ours/stock (no target)';
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
        `${vsStock.toFixed(1)}x${withTarget ? ` ${mark(vsStock >= TARGET_VS_STOCK)}` : ''}`,
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

async function main() {
  const started = Date.now();
  const api: Record<string, ApiResults> = {};
  const grown: Record<string, ApiResults> = {};
  /** The signed-in calls with the per-instance caches off (SIGNED_IN_CACHE=off): every read goes to the database. */
  const uncached: Record<string, ApiResults> = {};
  const uncachedGrown: Record<string, ApiResults> = {};
  const desk: Record<string, DeskFigures> = {};
  const bare: Record<string, Record<number, Measure>> = {};
  let site: Record<string, PageFigures> = {};
  const freshness: Record<string, Freshness> = {};
  for (const client of ['sqlite', 'postgres'] as const) {
    await withDatabase(client, async (env) => {
      process.stdout.write(`Starting the CMS on ${client} (compile, seed, boot)...\n`);
      // The new database: the demo alone (BENCH_VOLUME in this process's env is for the grown one).
      const cms = await startCms({ ...env, BENCH_VOLUME: '0' });
      try {
        const list = [
          ...(await publicEndpoints(cms.base, cms.token)),
          ...(await signedInEndpoints(cms.base, cms.token)),
        ];
        api[client] = await benchApi(client, cms.base, list);
        freshness[client] = await benchFreshness(cms.base);
        desk[client] = await benchDesk(cms.base);
        if (client === 'sqlite') {
          Object.assign(bare, await benchBare(cms.base, list));
          process.stdout.write('Building the site and loading it in Chromium...\n');
          site = await benchSite(cms.base);
        }
      } finally {
        await stop(cms.child);
      }
      uncached[client] = await benchUncached(client, { ...env, BENCH_VOLUME: '0' });
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
        const cms = await startCms(env);
        try {
          grown[client] = await benchApi(`${client} grown`, cms.base, await signedInEndpoints(cms.base, cms.token), [
            SIGNED_IN_CONNECTIONS,
          ]);
          desk[`${client} grown`] = await benchDesk(cms.base);
        } finally {
          await stop(cms.child);
        }
        uncachedGrown[client] = await benchUncached(`${client} grown`, env);
      });
    }
  }

  process.stdout.write(`\nAPI (${DURATION} s per cell; c = connections; ours/stock = ratio of requests per second)\n`);
  printApi(api, bare);
  process.stdout.write(
    `\nSigned-in reads at ${SIGNED_IN_CONNECTIONS} connections, on a new database and on one grown ${VOLUME} times (npm run seed -- --volume ${VOLUME})\n`,
  );
  printSignedIn(api, grown);
  process.stdout.write(
    `\nThe same reads with the signed-in caches off (SIGNED_IN_CACHE=off): each answer from the database, as every investor's first read after a deal announcement\n`,
  );
  printSignedIn(api, uncachedGrown, uncached, false);
  for (const [database, seen] of Object.entries(freshness)) {
    process.stdout.write(
      `${database}: ${seen.stale} stale of ${seen.readsAfter} reads right after ${seen.edits} edits made under 64 connections of reads\n`,
    );
  }
  process.stdout.write('\nSponsor desk (admin panel), one staff member at a time: p50 / max of ten, ms\n');
  const deskNames = Object.keys(Object.values(desk)[0]?.calls ?? {});
  const deskRows = [
    ['call', ...Object.entries(desk).map(([database, figures]) => `${database} (${figures.investors} in the fund)`)],
    ...deskNames.map((name) => [name, ...Object.values(desk).map((figures) => deskCell(figures.calls[name]))]),
  ];
  const widths = deskRows[0].map((_, column) => Math.max(...deskRows.map((row) => row[column].length)));
  for (const row of deskRows)
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`);
  process.stdout.write('\nBuilt site, cold load in headless Chromium\n');
  for (const [page, figures] of Object.entries(site))
    process.stdout.write(
      `${page.padEnd(10)}  JS ${kb(figures.js)} gzip  CSS ${kb(figures.css)} gzip  FCP ${figures.fcp} ms\n`,
    );

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
    bare,
    freshness,
    site,
    tookSeconds: Math.round((Date.now() - started) / 1000),
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${report.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
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
