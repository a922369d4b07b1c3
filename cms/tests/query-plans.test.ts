import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upkeep } from '../src/api/upkeep/services/upkeep';
import { labelUnlabelledSessions } from '../src/bootstrap/session-labels';
import { PORTAL_PATHS } from '../src/utils/portal-paths';
import { ACCESS_LINES } from './helpers/access-lines';
import { grows, growTables, planOn, scannedTables } from './helpers/query-plans';
import { adminToken, call, mailsTo, signIn } from './helpers/auth';
import { buildWorld, type World } from './helpers/security-world';
import { signLinkIn, tokenOf } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { LEDGER_ENTRY, SYND_USER } from '../src/utils/uids';

/**
 * Every query a request runs, planned by the database itself: a full scan of a table that grows with use (users,
 * sessions, codes, links, notifications, documents, downloads, commitments, ...) is a request that slows down as the
 * portal ages. The requests are the access matrix's (every /api route, as an investor, an admin, a superadmin looking
 * through an investor's eyes and a visitor) plus the ones that need a real secret: a password sign-in, a signing link,
 * a guest code, a password-reset code; the sponsor desk's reads and calls in the admin panel; the content manager's lists
 * of what grows, as the staff of one portal open them; and what a start and the hourly upkeep run. On PostgreSQL the
 * plan is asked with sequential scans priced out (`enable_seqscan = off`), so a small test table cannot hide a missing
 * index: a Seq Scan there means there is none. How a plan is read, and which tables stay small: helpers/query-plans.ts.
 */

interface Captured {
  sql: string;
  bindings: unknown[];
  /** The request that ran it. */
  request: string;
}

let app: TestApp;
let world: World;
const captured = new Map<string, Captured>();
/** The requests that ran any query (a query is planned once, under the first request that ran it). */
const requestsThatQueried = new Set<string>();
/** The statuses of the desk's writes (a refused one would leave its queries unplanned). */
const deskWrites: number[] = [];
/** The content manager's lists as a portal's staff open them, and their answers' statuses (a refused one plans nothing). */
const panelLists = new Map<string, number>();
/** How many reminders the desk's reminders call sent (none would leave their delivery unplanned). */
let remindersSent = 0;
let current = '';
const listener = (query: { sql: string; bindings?: unknown[] }) => {
  // Only reads and the WHERE of writes are planned; an INSERT has no plan to speak of.
  if (!/^\s*(select|update|delete|with)\b/i.test(query.sql) || !current) return;
  requestsThatQueried.add(current);
  const key = query.sql.replace(/\s+/g, ' ');
  if (!captured.has(key)) captured.set(key, { sql: query.sql, bindings: query.bindings ?? [], request: current });
};

async function during<T>(label: string, work: () => Promise<T>): Promise<T> {
  current = label;
  try {
    return await work();
  } finally {
    current = '';
  }
}

beforeAll(async () => {
  app = await useStrapi();
  world = await buildWorld(app, 'plan');
  planOn(app);
  app.strapi.db.connection.on('query', listener);

  // What the site does, as each kind of caller: the matrix's requests, one caller at a time.
  const callers = ['ann', 'admin', 'guest', 'anonymous'] as const;
  for (const entry of ACCESS_LINES) {
    const request = entry.request(world);
    for (const caller of callers) {
      const authCode = entry.fresh ? await world.freshCode(caller) : world.code(caller);
      await during(`${entry.method} ${request.url} as ${caller}`, () =>
        call(app, entry.method, request.url, request.body, { authCode }),
      );
    }
  }

  // The calls that need a real secret.
  const password = 'Secret123';
  await during('sign-in with a password', () =>
    signIn(app, world.ben.email, password, { portal: world.home.portal.slug }),
  );
  const sent = await call(
    app,
    'POST',
    '/api/syndication/request_sign',
    { id: world.ann.syndUser },
    { authCode: world.ann.authCode },
  );
  const mail = mailsTo(world.ann.email).find((each) => /\/sign\//.test(each.text));
  if (sent.status === 200 && mail) {
    const token = tokenOf(signLinkIn(mail.text));
    const opened = await during('a signing link opened', () => call(app, 'GET', `/api/signing/${token}`));
    await during('a disclosure accepted', () =>
      call(app, 'POST', `/api/signing/${token}/disclosure`, { version: opened.body.disclosure?.version }),
    );
    await during('a signing code sent', () => call(app, 'POST', `/api/signing/${token}/code`));
    await during('a wrong signing code', () =>
      call(app, 'POST', `/api/signing/${token}/code/verify`, { code: '000000' }),
    );
  }
  const guest = await call(
    app,
    'POST',
    '/api/auth/guest',
    { userId: world.ben.id },
    { authCode: world.superadmin.authCode },
  );
  await during('a guest code used', () =>
    call(app, 'POST', '/api/auth/guest/start', { code: guest.body.code }, { authCode: world.superadmin.authCode }),
  );
  await call(app, 'POST', '/api/auth/reset', { username: world.ben.email });
  const resetCode = /code=([A-Za-z0-9_-]+)/.exec(mailsTo(world.ben.email).at(-1)?.text ?? '')?.[1];
  await during('a password-reset code used', () =>
    call(app, 'POST', '/api/auth/reset/new', { code: resetCode ?? 'none', password: 'Secret456' }),
  );

  // The sponsor desk's reads (admin routes, a super admin's token): the board, a fund's commitments (paged, filtered,
  // sorted, searched), its CSV and the investor directory.
  const staff = { Authorization: `Bearer ${await adminToken(app, 'plan-desk@portal.local', 'strapi-super-admin')}` };
  const slug = world.home.portal.slug;
  const fund = `/sponsor-desk/funds/${world.home.fund}`;
  for (const route of [
    `/sponsor-desk/funds?portal=${slug}`,
    `${fund}/commitments?sort=name:asc&page=1&pageSize=25`,
    `${fund}/commitments?state=committed&sort=amount:desc&page=2&pageSize=10`,
    `${fund}/commitments?q=plan`,
    `${fund}/commitments.csv`,
    `/sponsor-desk/investors?portal=${slug}&page=1`,
  ]) {
    await during(`the sponsor desk: GET ${route}`, () => http(app, 'GET', route, undefined, staff));
  }
  // Its other reads and the calls it makes of a fund: a tax year set and read (the list counts each year's K-1s),
  // the fund's events, and reminders, whose mails go out after the answer: the test waits for them, so their queries
  // (each reminder taken, and a stopped call's left over) are planned too.
  const fundId = world.home.fund;
  const schedule = await during('the sponsor desk: POST /sponsor-desk/tax-schedules', () =>
    http(
      app,
      'POST',
      '/sponsor-desk/tax-schedules',
      { fund: fundId, taxYear: 2026, expectedDate: '2027-03-15' },
      staff,
    ),
  );
  for (const route of [
    `/sponsor-desk/tax-schedules?fund=${fundId}`,
    `/sponsor-desk/tax-schedules/${schedule.body.documentId}`,
    `/sponsor-desk/tax-schedules/${schedule.body.documentId}?state=missing&q=ann&page=2&pageSize=10`,
    `/sponsor-desk/tax-schedules/${schedule.body.documentId}?state=issued`,
    `/sponsor-desk/fund-events?fund=${fundId}`,
    `/sponsor-desk/fund-events?fund=${fundId}&state=posted&type=capital_call&page=1&pageSize=50`,
    `/sponsor-desk/investors/${world.ann.documentId}`,
  ]) {
    await during(`the sponsor desk: GET ${route}`, () => http(app, 'GET', route, undefined, staff));
  }
  await during('the sponsor desk: POST /sponsor-desk/tax-schedules/:documentId/match', () =>
    http(
      app,
      'POST',
      `/sponsor-desk/tax-schedules/${schedule.body.documentId}/match`,
      { names: ['K1 2026 ann.pdf'] },
      staff,
    ),
  );
  await during('the sponsor desk: POST /sponsor-desk/reminders', async () => {
    const reminded = await http(app, 'POST', '/sponsor-desk/reminders', { fund: fundId, state: 'committed' }, staff);
    remindersSent = reminded.body.sent ?? 0;
    const remindersTo = () =>
      [world.ann, world.ben]
        .flatMap((who) => mailsTo(who.email))
        .filter((mail) => /^Subject: Reminder:/m.test(mail.raw)).length;
    for (const started = Date.now(); remindersTo() < remindersSent && Date.now() - started < 5_000; )
      await new Promise((resolve) => setTimeout(resolve, 50));
  });

  // The desk's writes of money and records, each as staff make it: funding confirmed, a valuation, a distribution and
  // a capital call drafted, previewed and posted (their notices delivered after the answer: waited for), an
  // adjustment, a CSV import's dry run, countersigning, an investor signed out everywhere. The money goes to Ann's
  // countersigned commitment (the world's ledger marker is its funding), given room for a call.
  const desk = (label: string, method: string, route: string, body?: unknown) =>
    during(`the sponsor desk: ${method} ${label}`, () => http(app, method, route, body, staff));
  const marker = (await app.strapi.db.query(LEDGER_ENTRY).findOne({
    where: { note: 'ann-ledger-marker', syndUser: { user: { id: world.ann.id } } },
    select: ['documentId'],
    populate: { syndUser: { select: ['id', 'documentId'] } },
  })) as { documentId: string; syndUser: { id: number; documentId: string } };
  await app.strapi.db.query(SYND_USER).update({ where: { id: marker.syndUser.id }, data: { invest_amount: 100_000 } });
  deskWrites.push(
    (
      await desk('/sponsor-desk/funding', 'POST', '/sponsor-desk/funding', {
        syndUser: marker.syndUser.documentId,
        amount_cents: 1_000_000,
        date: '2026-01-20',
      })
    ).status,
    (
      await desk('/sponsor-desk/valuations', 'POST', '/sponsor-desk/valuations', {
        fund: fundId,
        date: '2026-03-31',
        value_percent: 112.5,
      })
    ).status,
  );
  for (const event of [
    { type: 'distribution', date: '2026-03-31', total_cents: 500_000, basis: 'funded', kind: 'income' },
    { type: 'capital_call', date: '2026-04-01', due_date: '2026-04-30', percent: 10, basis: 'commitment' },
  ]) {
    const draft = await desk('/sponsor-desk/fund-events', 'POST', '/sponsor-desk/fund-events', {
      fund: fundId,
      ...event,
    });
    await desk(
      '/sponsor-desk/fund-events/:id/allocation',
      'GET',
      `/sponsor-desk/fund-events/${draft.body.documentId}/allocation`,
    );
    const posted = await desk(
      '/sponsor-desk/fund-events/:id/post',
      'POST',
      `/sponsor-desk/fund-events/${draft.body.documentId}/post`,
      { allocationHash: draft.body.allocationHash },
    );
    deskWrites.push(draft.status, posted.status);
    await during(
      'the sponsor desk: notices of a posted event',
      () => new Promise((resolve) => setTimeout(resolve, 1_500)),
    );
  }
  deskWrites.push(
    (
      await desk('/sponsor-desk/adjustments', 'POST', '/sponsor-desk/adjustments', {
        corrects: marker.documentId,
        amount_cents: -100,
        date: '2026-01-21',
        note: 'Bank fee refunded',
      })
    ).status,
  );
  // The fund's ledger on the desk (where staff pick the entry an adjustment corrects): a page, and one filtered and searched.
  for (const route of [
    `${fund}/ledger?page=1&pageSize=25`,
    `${fund}/ledger?type=adjustment&q=ann&page=2&pageSize=10`,
  ]) {
    await during(`the sponsor desk: GET ${route}`, () => http(app, 'GET', route, undefined, staff));
  }
  await during('the sponsor desk: POST /sponsor-desk/imports?dryRun=true', async () => {
    const csv = `fund,investor_email,type,kind,amount,effective_date,note\n${fundId},${world.ann.email},distribution,income,12.50,2026-05-31,May income\n`;
    const response = await fetch(`${app.url}/sponsor-desk/imports?dryRun=true`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'text/csv' },
      body: csv,
    });
    deskWrites.push(response.status);
  });
  await desk('/sponsor-desk/countersign', 'POST', '/sponsor-desk/countersign', {
    syndUsers: [world.ann.syndUser, world.ben.syndUser],
  });
  await desk('/sponsor-desk/fund-choices', 'GET', `/sponsor-desk/fund-choices?portal=${slug}`);
  await desk(
    '/sponsor-desk/investors/:id/sign-out',
    'POST',
    `/sponsor-desk/investors/${world.ben.documentId}/sign-out`,
  );

  // The content manager's list of each portal-scoped type that grows, as the panel opens it (page 1, newest first) for
  // a Sponsor Admin of one portal: Strapi's RBAC adds the portal's condition (src/utils/portal-paths.ts) to the page's
  // query and to its count. A search (`_q`) is left out: it matches text anywhere in a field, which no index serves
  // (it is matched on the portal's rows only: README, Indexes and migrations).
  const sponsor = {
    Authorization: `Bearer ${await adminToken(app, 'plan-sponsor@portal.local', 'sponsor-admin', undefined, [world.home.portal])}`,
  };
  for (const uid of Object.keys(PORTAL_PATHS).filter((each) => grows(app.strapi.db.metadata.get(each).tableName))) {
    const route = `/content-manager/collection-types/${uid}?page=1&pageSize=10&sort=id:DESC`;
    await during(`the content manager as a portal's Sponsor Admin: GET ${route}`, async () =>
      panelLists.set(uid, (await http(app, 'GET', route, undefined, sponsor)).status),
    );
  }

  // What every start and the hourly upkeep run: on a grown database they must not read a table whole either.
  await during('the start labelling sessions from before labels', () => labelUnlabelledSessions(app.strapi));
  await during('a round of upkeep', () => upkeep(app.strapi).run());
  await during('the start filling in agreement fingerprints', () =>
    (
      app.strapi.service('api::signing.signing') as unknown as { backfillFingerprints(): Promise<number> }
    ).backfillFingerprints(),
  );
}, 300_000);

afterAll(() => {
  app?.strapi.db.connection.off('query', listener);
});

describe('query plans', () => {
  it('caught the queries of every kind of request', () => {
    const requests = requestsThatQueried;
    for (const expected of [
      'sign-in with a password',
      'a signing link opened',
      'a guest code used',
      'a password-reset code used',
      'GET /api/syndication/mine as ann',
      'the start labelling',
      'a round of upkeep',
      'the sponsor desk: GET /sponsor-desk/funds?',
      'the sponsor desk: GET /sponsor-desk/tax-schedules?',
      'the sponsor desk: GET /sponsor-desk/fund-events?',
      'the sponsor desk: POST /sponsor-desk/reminders',
      `the sponsor desk: GET /sponsor-desk/funds/${world.home.fund}/ledger?`,
    ]) {
      expect(
        [...requests].some((request) => request.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    expect(captured.size).toBeGreaterThan(50);
    expect(remindersSent).toBeGreaterThan(0);
    expect([...panelLists.keys()]).toEqual(
      expect.arrayContaining([
        'api::notification.notification',
        'api::file-download.file-download',
        'api::synd-user.synd-user',
        'plugin::users-permissions.user',
        'api::signing.signing',
        'api::ledger-entry.ledger-entry',
        'api::tax-document.tax-document',
        'api::news-document.news-document',
      ]),
    );
    expect(Object.fromEntries(panelLists)).toEqual(Object.fromEntries([...panelLists.keys()].map((uid) => [uid, 200])));
    expect(
      deskWrites.every((status) => status >= 200 && status < 300),
      `desk writes answered ${deskWrites.join(', ')}`,
    ).toBe(true);
    for (const expected of [
      'the sponsor desk: POST /sponsor-desk/fund-events/:id/post',
      'the sponsor desk: POST /sponsor-desk/imports?dryRun=true',
      'the sponsor desk: POST /sponsor-desk/funding',
    ]) {
      expect(
        [...requests].some((request) => request.startsWith(expected)),
        expected,
      ).toBe(true);
    }
  });

  // A JIT compile of a short query cost 80 ms where the query ran in 2 (the notifications list on a new database).
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    "runs every query without PostgreSQL's JIT compiling it",
    async () => {
      const answers = await Promise.all(Array.from({ length: 3 }, () => app.strapi.db.connection.raw('SHOW jit')));
      expect(answers.map((answer: { rows: { jit: string }[] }) => answer.rows[0].jit)).toEqual(['off', 'off', 'off']);
    },
  );

  it('reads no growing table whole', async () => {
    const grown = app.strapi.db.dialect.client === 'postgres' ? await growTables() : async () => undefined;
    try {
      await planEach();
    } finally {
      // The test files share one database: the filler goes, so no other file lists a filler portal or user.
      await grown();
    }
  });
});

/** Plans every captured query: none may read a growing table whole. */
async function planEach(): Promise<void> {
  const fullScans: string[] = [];
  for (const query of captured.values()) {
    const tables = (await scannedTables(query.sql, query.bindings)).filter(grows);
    if (tables.length) fullScans.push(`${tables.join(', ')} <- ${query.request}: ${query.sql}`);
  }
  expect(fullScans).toEqual([]);
}
