import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAISE_STATES, raiseState, type RaiseRow } from '@portal/rules';
import { USER } from '../src/lib/uids';
import { seed } from '../src/seed/index';
import { seedVolume, volumeEmail, type VolumeReport } from '../src/seed/volume';
import { openStrapi, runCli, useThrowAwayDatabase, type OpenStrapi } from './helpers';

/**
 * `npm run seed -- --volume N`: N units of investors (1,000 each, UNIT here), as rows the app reads like its own (a copy signs in over HTTP and
 * sees its investments, documents and notifications), every state of a commitment, and nothing added twice.
 */

useThrowAwayDatabase();
const PASSWORD = 'DemoPass2026!';
const UNIT = 28;
let app: OpenStrapi;
let base: string;
let grown: VolumeReport;

let demoFunds: Map<string, { total: number; committed: number }>;

const knex = () => app.strapi.db.connection;

/** Each fund's size and what the accepted commitments to it add up to, by name. */
async function fundFigures(): Promise<Map<string, { total: number; committed: number }>> {
  const funds = (await app.strapi.db
    .query('api::fund.fund')
    .findMany({ select: ['id', 'name', 'total_inv_amount'] })) as {
    id: number;
    name: string;
    total_inv_amount: number | null;
  }[];
  return new Map(
    await Promise.all(
      funds.map(async (fund) => {
        const rows = await app.strapi.db.query('api::synd-user.synd-user').findMany({
          where: { fund: { id: fund.id }, invest_status: 'Accepted investment' },
          select: ['invest_amount'],
        });
        const committed = rows.reduce(
          (sum: number, row: { invest_amount: number | string | null }) => sum + Number(row.invest_amount ?? 0),
          0,
        );
        return [fund.name, { total: Number(fund.total_inv_amount ?? 0), committed }] as const;
      }),
    ),
  );
}
/** What the board says of a fund (docs/sponsor-desk.md): every figure it shows. */
interface BoardFigures {
  total: number | null;
  committed: number;
  funded: number;
  left: number | null;
  days_left: number | null;
  investors: number;
  counts: Record<string, number>;
}
const DAY_MS = 86_400_000;

/** A super admin's admin-panel token, for the desk's own routes. */
let deskToken: string;

/**
 * The sponsor desk's board of every portal with every fund, as the panel asks it over HTTP (GET
 * /sponsor-desk/funds?portal=&all=true), by the fund's documentId.
 */
async function boards(): Promise<Map<string, BoardFigures>> {
  const portals = (await app.strapi.db.query('api::portal.portal').findMany({ select: ['slug'] })) as {
    slug: string;
  }[];
  const answer = new Map<string, BoardFigures>();
  for (const { slug } of portals) {
    const response = await fetch(`${base}/sponsor-desk/funds?portal=${encodeURIComponent(slug)}&all=true`, {
      headers: { Authorization: `Bearer ${deskToken}` },
    });
    expect(response.status, slug).toBe(200);
    const { funds } = (await response.json()) as { funds: (BoardFigures & { documentId: string })[] };
    for (const { total, committed, funded, left, days_left, investors, counts, documentId } of funds)
      answer.set(documentId, { total, committed, funded, left, days_left, investors, counts });
  }
  return answer;
}

/**
 * The same, worked out here from every row, by the fund's documentId: its state by the rules' raiseState; funded, the
 * row's contribution entries in the ledger (and the adjustments that correct them) when it has any, else its
 * commitment once funded.
 */
async function boardsFromRows(): Promise<Map<string, BoardFigures>> {
  const funds = (await app.strapi.db
    .query('api::fund.fund')
    .findMany({ select: ['id', 'documentId', 'total_inv_amount', 'close_date'] })) as {
    id: number;
    documentId: string;
    total_inv_amount: number | string | null;
    close_date: string | null;
  }[];
  const answer = new Map<string, BoardFigures>();
  const now = Date.now();
  for (const fund of funds) {
    const rows = (await app.strapi.db
      .query('api::synd-user.synd-user')
      .findMany({ where: { fund: { id: fund.id } }, limit: 100_000 })) as (RaiseRow & {
      id: number;
      invest_amount: number | string | null;
    })[];
    const entries = (await app.strapi.db.query('api::ledger-entry.ledger-entry').findMany({
      where: { fund: { id: fund.id }, type: { $in: ['contribution', 'adjustment'] } },
      populate: { syndUser: { select: ['id'] }, corrects: { select: ['type'] } },
      limit: 100_000,
    })) as {
      type: string;
      amount_cents: number | string;
      syndUser: { id: number } | null;
      corrects: { type: string } | null;
    }[];
    const paid = new Map<number, number>();
    for (const entry of entries) {
      if (!entry.syndUser || (entry.type === 'adjustment' && entry.corrects?.type !== 'contribution')) continue;
      paid.set(entry.syndUser.id, (paid.get(entry.syndUser.id) ?? 0) + Number(entry.amount_cents));
    }
    const counts = Object.fromEntries(RAISE_STATES.map((state) => [state, 0]));
    let committed = 0;
    let fundedCents = 0;
    for (const row of rows) {
      const state = raiseState(row);
      counts[state] += 1;
      if (state !== 'reviewed' && state !== 'declined') committed += Number(row.invest_amount ?? 0);
      fundedCents += paid.get(row.id) ?? (state === 'funded' ? Number(row.invest_amount ?? 0) * 100 : 0);
    }
    const total = fund.total_inv_amount === null ? null : Number(fund.total_inv_amount);
    answer.set(fund.documentId, {
      total,
      committed,
      funded: Math.round(fundedCents) / 100,
      left: total === null ? null : Math.max(0, total - committed),
      days_left: fund.close_date ? Math.max(0, Math.ceil((new Date(fund.close_date).getTime() - now) / DAY_MS)) : null,
      investors: rows.length,
      counts,
    });
  }
  return answer;
}
let seededBoards: Map<string, BoardFigures>;
let seededRows: Map<string, BoardFigures>;

const count = async (table: string) => Number((await knex()(table).count({ count: '*' }))[0].count);

beforeAll(async () => {
  app = await openStrapi();
  await seed(app.strapi, { password: PASSWORD, now: new Date() });
  // Staff corrected one demo contribution by a dollar: its copies must correct their own investor's copy.
  const contribution = await app.strapi.db
    .query('api::ledger-entry.ledger-entry')
    .findOne({ where: { type: 'contribution' }, orderBy: { id: 'asc' } });
  const desk = app.strapi.service('api::ledger-entry.funding') as unknown as {
    recordAdjustment(input: Record<string, unknown>, staff: string): Promise<unknown>;
  };
  await desk.recordAdjustment(
    {
      corrects: contribution.documentId,
      amount_cents: -100,
      date: String(contribution.effective_date).slice(0, 10),
      note: 'Bank fee',
    },
    'Volume test',
  );
  demoFunds = await fundFigures();
  // The CMS's own HTTP API on this database, as a browser (and the admin panel) reaches it.
  app.strapi.server.mount();
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(app.strapi.server.httpServer.address() as AddressInfo).port}`;
  const superAdmin = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
  await app.strapi.service('admin::user').create({
    email: 'volume-desk@portal.local',
    firstname: 'Volume',
    lastname: 'Desk',
    password: PASSWORD,
    isActive: true,
    roles: [superAdmin.id],
  });
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'volume-desk@portal.local', password: PASSWORD }),
  });
  deskToken = ((await login.json()) as { data: { token: string } }).data.token;
  [seededBoards, seededRows] = [await boards(), await boardsFromRows()];
  grown = await seedVolume(app.strapi, 2, { unitSize: UNIT });
}, 300_000);
afterAll(() => app?.close());

describe('a volume seed', () => {
  it('adds N units of investors, each with commitments, signatures, documents, notifications, downloads and sessions', async () => {
    expect(grown).toMatchObject({ added: 2 * UNIT, investors: 2 * UNIT });
    expect(
      Number((await knex()('up_users').where('email', 'like', 'volume.investor.%').count({ count: '*' }))[0].count),
    ).toBe(2 * UNIT);
    for (const [table, atLeast] of [
      ['synd_users', 2 * UNIT],
      ['signings', UNIT],
      ['synd_agreements', 1],
      ['tax_documents', 1],
      ['news_documents', 1],
    ] as const) {
      expect(grown.rows[table], table).toBeGreaterThanOrEqual(atLeast);
    }
    expect(grown.rows.notifications).toBe(2 * UNIT * 10);
    expect(grown.rows.file_downloads).toBe(2 * UNIT * 5);
    expect(grown.rows.user_auths).toBe(2 * UNIT * 3);
    // Every state of a commitment the sponsor desk counts, each consistent with its signatures.
    const copies = (await app.strapi.db.query('api::synd-user.synd-user').findMany({
      where: { user: { email: { $startsWith: 'volume.investor.' } } },
      select: [
        'id',
        'invest_status',
        'invest_amount',
        'sa_start_date',
        'syndAgreementSignedByCurrentUser',
        'syndAgreementSignedByCurrentUserCosub',
        'sa_complete_date',
        'ft_complete_date',
        'method_of_inv',
        'is_married',
        'cosub_email',
      ],
    })) as (RaiseRow & Record<string, unknown>)[];
    const ofCopies = async (uid: string, select: string[]) =>
      (await app.strapi.db.query(uid as never).findMany({
        where: { syndUser: { id: { $in: copies.map((row) => row.id) } } },
        select,
        populate: { syndUser: { select: ['id'] } },
      })) as { role?: string; signedAt?: string | null; syndUser: { id: number } }[];
    const signings = await ofCopies('api::signing.signing', ['role', 'signedAt']);
    const entries = await ofCopies('api::ledger-entry.ledger-entry', ['id']);
    const of = <T extends { syndUser: { id: number } }>(rows: T[], copy: Record<string, unknown>) =>
      rows.filter((row) => row.syndUser.id === copy.id);
    expect(new Set(copies.map((row) => row.invest_status))).toEqual(
      new Set(['Accepted investment', 'Declined investment', null]),
    );
    const byState = new Map<string, typeof copies>();
    for (const row of copies) byState.set(raiseState(row), [...(byState.get(raiseState(row)) ?? []), row]);
    expect([...byState.keys()].sort()).toEqual([...RAISE_STATES].sort());
    // Only looked: no amount, no signing link. The spouse signed: their signature is there. Countersigned, not funded: no money in the ledger.
    for (const row of byState.get('reviewed')!) {
      expect(row).toMatchObject({ invest_amount: null, sa_start_date: null });
      expect(of(signings, row)).toEqual([]);
    }
    for (const row of byState.get('spouse_signed')!)
      expect(
        of(signings, row)
          .filter((signing) => signing.role === 'spouse')
          .map((signing) => Boolean(signing.signedAt)),
      ).toEqual([true]);
    for (const row of byState.get('countersigned')!) expect(of(entries, row)).toEqual([]);
  });

  it('grows each fund with the commitments copied to it: what is left to invest keeps its share, nothing is oversubscribed', async () => {
    const grownFunds = await fundFigures();
    let grew = 0;
    for (const [name, demo] of demoFunds) {
      const now = grownFunds.get(name)!;
      if (!demo.total) continue;
      expect(now.committed, name).toBeLessThanOrEqual(now.total);
      if (!demo.committed) continue;
      // The size scales with the commitments: total / committed as in the demo (to the dollar).
      expect(Math.abs(now.total - Math.round((demo.total * now.committed) / demo.committed)), name).toBeLessThanOrEqual(
        1,
      );
      if (now.total > demo.total) grew += 1;
    }
    expect(grew).toBeGreaterThan(0);
  });

  it("shows each fund's figures and investors by state on the sponsor desk's board as the database holds them, seeded and grown", async () => {
    expect(seededBoards).toEqual(seededRows);
    const grownBoards = await boards();
    expect(grownBoards).toEqual(await boardsFromRows());
    // The grown portal's board counts investors in every state, and more of them than the demo's.
    const states = new Set(
      [...grownBoards.values()].flatMap((fund) =>
        Object.entries(fund.counts)
          .filter(([, investors]) => investors > 0)
          .map(([state]) => state),
      ),
    );
    expect([...states].sort()).toEqual([...RAISE_STATES].sort());
    const investorsIn = (board: Map<string, BoardFigures>) =>
      [...board.values()].reduce((sum, fund) => sum + fund.investors, 0);
    expect(investorsIn(grownBoards)).toBeGreaterThan(investorsIn(seededBoards));

    // A commitment marked funded before the ledger, in a fund the ledger funds: the board adds both kinds.
    const { fund } = (await app.strapi.db
      .query('api::ledger-entry.ledger-entry')
      .findOne({ where: { type: 'contribution' }, populate: { fund: { select: ['id', 'documentId'] } } })) as {
      fund: { id: number; documentId: string };
    };
    const before = grownBoards.get(fund.documentId)!;
    expect(before.funded).toBeGreaterThan(0);
    await app.strapi.db.query('api::synd-user.synd-user').create({
      data: {
        fund: fund.id,
        invest_status: 'Accepted investment',
        invest_amount: 12_345,
        syndAgreementSignedByCurrentUser: true,
        sa_complete_date: new Date(),
        ft_complete_date: new Date(),
        userLastName: 'Before-the-ledger',
      },
    });
    const mixed = await boards();
    expect(mixed).toEqual(await boardsFromRows());
    expect(mixed.get(fund.documentId)!.funded).toBeCloseTo(before.funded + 12_345, 2);
  });

  it("copies an adjustment with the entry it corrects: each copy corrects its own investor's copy", async () => {
    const adjustments = (await app.strapi.db.query('api::ledger-entry.ledger-entry').findMany({
      where: { type: 'adjustment' },
      populate: { syndUser: { select: ['id'] }, corrects: { populate: { syndUser: { select: ['id'] } } } },
      limit: 1000,
    })) as { syndUser: { id: number } | null; corrects: { syndUser: { id: number } | null } | null }[];
    expect(adjustments.length).toBeGreaterThan(1);
    expect(
      adjustments.filter((entry) => !entry.corrects || entry.corrects.syndUser?.id !== entry.syndUser?.id),
    ).toEqual([]);
  });

  it('copies only the notifications investors get, not the notices to staff', async () => {
    const copied = await app.strapi.db.query('api::notification.notification').findMany({
      where: { user: { email: { $startsWith: 'volume.investor.' } } },
      populate: { template: { select: ['name', 'defaultTargetLevel'] } },
      limit: 5000,
    });
    expect(copied.length).toBeGreaterThan(0);
    // The templates of the notices to staff are meant for admins (review_syndication, syndication_committed, ...).
    expect(
      copied.filter(
        (row: { template?: { name: string; defaultTargetLevel: string } | null }) =>
          row.template?.defaultTargetLevel === 'admin',
      ),
    ).toEqual([]);
  });

  it('gives copies the app reads as its own: one signs in and sees its investments, documents and notifications', async () => {
    const email = volumeEmail(5, 'wasabistallions.com');
    const user = await app.strapi.db.query(USER).findOne({ where: { email }, populate: { portal: true } });
    expect(user.portal.slug).toBe('wasabistallions');
    const signIn = await fetch(`${base}/api/auth/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: PASSWORD, portal: 'wasabistallions' }),
    });
    expect(signIn.status).toBe(200);
    const { authCode } = (await signIn.json()) as { authCode: string };
    const get = async (route: string) => {
      const answer = await fetch(`${base}${route}`, { headers: { authcode: authCode } });
      expect(answer.status, route).toBe(200);
      return (await answer.json()) as { items: unknown[]; total?: number };
    };
    const mine = await get('/api/syndication/mine');
    const own = await app.strapi.db
      .query('api::synd-user.synd-user')
      .count({ where: { user: { id: user.id }, invest_status: 'Accepted investment' } });
    expect(mine.items.length).toBe(own);
    expect((await get('/api/notifications?mine=true&limit=999')).items).toHaveLength(10);
    const documents =
      (await get('/api/news_documents?mine=true&limit=999')).items.length +
      (await get('/api/tax_documents?mine=true&limit=999')).items.length;
    expect(documents).toBe(
      (await app.strapi.db.query('api::news-document.news-document').count({ where: { user: { id: user.id } } })) +
        (await app.strapi.db.query('api::tax-document.tax-document').count({ where: { user: { id: user.id } } })),
    );
  });

  it('adds nothing when run again for the same volume, and only what is missing for a larger one', async () => {
    const before = await count('notifications');
    expect(await seedVolume(app.strapi, 2, { unitSize: UNIT })).toMatchObject({ added: 0, investors: 2 * UNIT });
    expect(await count('notifications')).toBe(before);
    expect((await seedVolume(app.strapi, 3, { unitSize: UNIT })).added).toBe(UNIT);
  });

  it('refuses a volume that is not a whole number, with a message, from the command line', async () => {
    const result = await runCli(['src/seed.ts', '--volume', 'lots']);
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('--volume takes a whole number, e.g. --volume 100');
  });
});
