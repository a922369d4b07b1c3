import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers/auth';
import { BAD_BODIES, rawCall } from './helpers/security-input';
import { createInvestor, createOffering, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { PROOF_DOCUMENT, USER } from '../src/utils/uids';

/**
 * Bad input to every admin route of the sponsor desk (docs/sponsor-desk.md), as security-input.test.ts does for
 * /api/*: junk and prototype names ('constructor', '__proto__') in each route parameter, NUL bytes, huge numbers and
 * operator objects in each query parameter and body field, and malformed bodies. Each answer must be a 4xx with a
 * message, never a 500, both for staff held to their portal (whose calls the portal check reads first) and for a
 * super admin (whose calls it lets through to the services); and nothing of the desk's money or reminders changes.
 */
let app: TestApp;
let offering: Offering;
let investor: Investor;
let proof: string;
let investorId: string;
let sponsorToken: string;
let superToken: string;

/** What a route names in its path, replaced by each junk value in turn: one or two of each kind of junk. */
const JUNK_IDS = [
  'constructor',
  '__proto__',
  'a%00b',
  '99999999999',
  '-1',
  '1e400',
  'x'.repeat(300),
  "x'--",
  '%E2%80%AE',
];
/** A query parameter's junk: what a URL can carry; a search (`q`) is free text, refused only for NUL bytes and length. */
const JUNK_QUERY = ['a%00b', '__proto__', '99999999999', '1e400', '-1', 'x'.repeat(3000), '%5B%5D'];
const JUNK_SEARCH = ['%00', 'a%00b', 'x'.repeat(3000)];
/** A body field's junk by what the field holds: wrong JSON types, NUL bytes, prototype names, huge numbers, operator objects. */
const HUGE = 'x'.repeat(20_000);
const JUNK_VALUES = {
  // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number past the safe integers
  id: [-1, 0.5, true, ['a'], { $ne: null }, 'a\u0000b', '__proto__', 'constructor', 1e308, 9007199254740993, HUGE],
  // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number past the safe integers
  amount: [true, [], {}, { $ne: null }, 'a\u0000b', '__proto__', '100', 1e308, 9007199254740993, HUGE],
  text: [42, true, [], {}, { $ne: null }, 'a\u0000b', HUGE],
  date: [42, true, [], {}, '2026-13-45', 'a\u0000b', '__proto__', HUGE],
  choice: [42, true, [], {}, { $ne: null }, 'a\u0000b', '__proto__', 'constructor', 'toString', HUGE],
  yesNo: [42, 'yes', [], {}, 'a\u0000b', '__proto__'],
  // A list answers each item on its own (a 200 naming each one refused): junk here is what is no list of ids or names.
  list: [42, 'a', {}, { $ne: null }, 'a\u0000b', [{}], ['a\u0000b'], Array.from({ length: 10_001 }, () => 'a')],
  csv: [42, true, [], {}, 'fund\u0000,x\n1,2\n', HUGE],
} as const;
type Kind = keyof typeof JUNK_VALUES;

interface Route {
  method: string;
  /** The path, `:id` standing for the parameter spoiled in turn (none: the path is fixed). */
  path: string;
  /** A valid value of the path's parameter, the others being spoiled. */
  id?: () => string;
  query?: () => Record<string, string>;
  body?: () => Record<string, unknown>;
  /** What each body field holds (the junk it gets). */
  kinds?: Record<string, Kind>;
}

const EVENT: Record<string, Kind> = {
  fund: 'id',
  type: 'choice',
  date: 'date',
  total_cents: 'amount',
  basis: 'choice',
  kind: 'choice',
};

const ROUTES: Route[] = [
  { method: 'GET', path: '/funds', query: () => ({ portal: offering.portal.slug, all: 'true' }) },
  {
    method: 'GET',
    path: '/funds/:id/commitments',
    id: () => offering.fund,
    query: () => ({ state: 'committed', sort: 'amount:desc', page: '1', pageSize: '10', q: 'x' }),
  },
  {
    method: 'GET',
    path: '/funds/:id/commitments.csv',
    id: () => offering.fund,
    query: () => ({ state: 'committed', q: 'x' }),
  },
  {
    method: 'POST',
    path: '/reminders',
    body: () => ({ fund: offering.fund, state: 'committed' }),
    kinds: { fund: 'id', state: 'choice' },
  },
  {
    method: 'GET',
    path: '/investors',
    query: () => ({ portal: offering.portal.slug, q: 'x', sort: 'name:asc', page: '1', pageSize: '10' }),
  },
  { method: 'GET', path: '/investors/:id', id: () => investorId },
  { method: 'POST', path: '/investors/:id/sign-out', body: () => ({}) },
  { method: 'GET', path: '/documents/proof/:id', id: () => proof },
  {
    method: 'POST',
    path: '/proof-documents/:id/review',
    id: () => proof,
    body: () => ({ reviewed: true }),
    kinds: { reviewed: 'yesNo' },
  },
  { method: 'GET', path: '/tax-schedules', query: () => ({ fund: offering.fund }) },
  {
    method: 'POST',
    path: '/tax-schedules',
    body: () => ({ fund: offering.fund, taxYear: 2026, documentName: 'K-1', expectedDate: '2027-03-15' }),
    kinds: { fund: 'id', taxYear: 'amount', documentName: 'text', expectedDate: 'date' },
  },
  { method: 'GET', path: '/tax-schedules/:id' },
  {
    method: 'POST',
    path: '/tax-schedules/:id/match',
    body: () => ({ names: ['a.pdf'], pattern: '{lastName}' }),
    kinds: { names: 'list', pattern: 'text' },
  },
  {
    method: 'POST',
    path: '/tax-schedules/:id/documents',
    body: () => ({ syndUser: investor.syndUser, replace: false }),
    kinds: { syndUser: 'id' },
  },
  { method: 'POST', path: '/tax-schedules/:id/issued', body: () => ({}) },
  {
    method: 'POST',
    path: '/countersign',
    body: () => ({ syndUsers: [investor.syndUser] }),
    kinds: { syndUsers: 'list' },
  },
  { method: 'GET', path: '/commitments/:id/document', id: () => investor.syndUser },
  { method: 'POST', path: '/commitments/:id/signing-links', id: () => investor.syndUser, body: () => ({}) },
  {
    method: 'POST',
    path: '/fund-events',
    body: () => ({
      fund: offering.fund,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
      note: 'n',
    }),
    kinds: EVENT,
  },
  { method: 'GET', path: '/fund-choices', query: () => ({ q: 'x', page: '1', pageSize: '10' }) },
  {
    method: 'GET',
    path: '/fund-events',
    query: () => ({ fund: offering.fund, state: 'draft', type: 'distribution', page: '1', pageSize: '10' }),
  },
  { method: 'GET', path: '/fund-events/:id' },
  {
    method: 'GET',
    path: '/funds/:id/ledger',
    id: () => offering.fund,
    query: () => ({ type: 'contribution', q: 'x', page: '1', pageSize: '10' }),
  },
  { method: 'GET', path: '/fund-events/:id/allocation', query: () => ({ page: '1', pageSize: '10' }) },
  {
    method: 'PUT',
    path: '/fund-events/:id',
    body: () => ({
      fund: offering.fund,
      type: 'distribution',
      date: '2026-06-30',
      total_cents: 100_000,
      basis: 'commitment',
      kind: 'income',
    }),
    kinds: EVENT,
  },
  { method: 'POST', path: '/fund-events/:id/post', body: () => ({}) },
  {
    method: 'POST',
    path: '/funding',
    body: () => ({
      fund: offering.fund,
      investor_email: investor.email,
      amount_cents: 100,
      date: '2026-10-05',
      note: 'n',
    }),
    kinds: { fund: 'id', investor_email: 'text', amount_cents: 'amount', date: 'date', note: 'text' },
  },
  {
    method: 'POST',
    path: '/funding',
    body: () => ({ syndUser: investor.syndUser, amount_cents: 100, date: '2026-10-05' }),
    kinds: { syndUser: 'id' },
  },
  {
    method: 'POST',
    path: '/valuations',
    body: () => ({ fund: offering.fund, date: '2026-09-30', value_percent: 130 }),
    kinds: { fund: 'id', date: 'date', value_percent: 'amount' },
  },
  {
    method: 'POST',
    path: '/adjustments',
    body: () => ({
      corrects: investor.syndUser,
      fund: offering.fund,
      amount_cents: -100,
      date: '2026-10-05',
      note: 'n',
    }),
    kinds: { corrects: 'id', fund: 'id', amount_cents: 'amount', date: 'date', note: 'text' },
  },
  {
    method: 'POST',
    path: '/imports',
    query: () => ({ dryRun: 'true' }),
    body: () => ({
      csv: `fund,investor_email,type,amount,effective_date\n${offering.fund},${investor.email},contribution,1.00,2026-10-05\n`,
    }),
    kinds: { csv: 'csv' },
  },
];

/** The rows a refused call must leave as they were. */
const KEPT = [
  'api::ledger-entry.ledger-entry',
  'api::fund-event.fund-event',
  'api::valuation.valuation',
  'api::reminder.reminder',
  'api::tax-schedule.tax-schedule',
  'api::tax-document.tax-document',
  'api::signing.signing',
];
const counts = async () =>
  Object.fromEntries(
    await Promise.all(KEPT.map(async (uid) => [uid, await app.strapi.db.query(uid as never).count({})])),
  );

const pathOf = (route: Route, id: string | undefined, query: Record<string, string> = {}, raw = '') => {
  const search = [
    Object.entries(query)
      .map(([name, value]) => `${name}=${value.includes('%') ? value : encodeURIComponent(value)}`)
      .join('&'),
    raw,
  ]
    .filter(Boolean)
    .join('&');
  return `/sponsor-desk${route.path.replace(':id', id ?? 'nosuchthing')}${search ? `?${search}` : ''}`;
};

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'deskin');
  investor = await createInvestor(app, offering, 'deskin-ann', { spouse: false });
  proof = (
    await app.strapi.db.query(PROOF_DOCUMENT).create({
      data: {
        originalName: 'p.pdf',
        title: 'Proof',
        docPath: 'proofs/deskin.pdf',
        isDeleted: false,
        user: investor.id,
      },
    })
  ).documentId;
  investorId = (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId;
  sponsorToken = await adminToken(
    app,
    'deskin-sponsor@portal.local',
    'sponsor-admin',
    ['Sam', 'Input'],
    [offering.portal],
  );
  superToken = await adminToken(app, 'deskin-super@portal.local', 'strapi-super-admin', ['Ada', 'Input']);
});

/**
 * Staff held to a portal meet the portal check first, which reads what names a row (route ids, query values, id and
 * list fields): theirs are spoiled there. A super admin's calls go straight to the services, which read every field:
 * theirs are spoiled everywhere, malformed bodies included.
 */
const CALLERS = [
  ['staff of the portal', () => sponsorToken, false],
  ['a super admin', () => superToken, true],
] as const;
const NAMING: Kind[] = ['id', 'list'];
const CASES = ROUTES.flatMap((route) =>
  CALLERS.map(
    ([who, token, everywhere]) =>
      [
        `${route.method} ${route.path}${route.kinds?.syndUser && route.path === '/funding' ? ' (by commitment)' : ''}, as ${who}`,
        route,
        token,
        everywhere,
      ] as const,
  ),
);

describe('bad input to every sponsor desk route', () => {
  it.each(CASES)(
    '%s: a 4xx with a message for every junk id, query value and body field, never a 500',
    async (_name, route, token, everywhere) => {
      const headers = { Authorization: `Bearer ${token()}` };
      const before = await counts();
      const wrong: string[] = [];
      const check = (label: string, answer: { status: number; body: unknown }) => {
        const message = (answer.body as { error?: { message?: unknown } } | null)?.error?.message;
        if (answer.status < 400 || answer.status >= 500 || typeof message !== 'string' || !message)
          wrong.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160)}`);
      };
      const send = async (id: string | undefined, query?: Record<string, string>, body?: unknown, raw?: string) => {
        const path = pathOf(route, id, query, raw);
        check(
          `${path.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 60) ?? ''}`,
          await http(app, route.method, path, body, headers),
        );
      };
      const query = route.query?.();
      const body = route.body?.();
      if (route.path.includes(':id')) for (const id of JUNK_IDS) await send(id, query, body);
      for (const name of Object.keys(query ?? {})) {
        for (const value of name === 'q' ? JUNK_SEARCH : JUNK_QUERY)
          await send(route.id?.(), { ...query, [name]: value }, body);
        // Repeated and bracketed parameters arrive as arrays and objects.
        const { [name]: _left, ...others } = query!;
        for (const raw of [`${name}=a&${name}=b`, `${name}[$ne]=x`, `${name}[]=a`])
          await send(route.id?.(), others, body, raw);
      }
      for (const [field, kind] of Object.entries(route.kinds ?? {}).filter(
        ([, kind]) => everywhere || NAMING.includes(kind),
      )) {
        for (const value of JUNK_VALUES[kind]) await send(route.id?.(), query, { ...body, [field]: value });
      }
      if (body && everywhere)
        for (const [label, text] of BAD_BODIES)
          check(label, await rawCall(app, route.method, pathOf(route, route.id?.(), query), text, headers));
      if (route.path.startsWith('/documents/')) {
        // A kind that is a prototype's name, with a real document's id.
        for (const kind of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'proof%00', 'Proof']) {
          check(
            `documents/${kind}`,
            await http(app, 'GET', `/sponsor-desk/documents/${kind}/${proof}`, undefined, headers),
          );
        }
      }
      expect(wrong).toEqual([]);
      expect(await counts()).toEqual(before);
    },
  );
});
