import type { UID } from '@strapi/strapi';
import type { TestApp } from './strapi';

/** A request sent as raw text (malformed JSON, bodies too big to build as objects), answered like helpers/strapi's http. */
export async function rawCall(
  app: TestApp,
  method: string,
  route: string,
  text: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  const body = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  let parsed: unknown = body;
  if (isJson && body) parsed = JSON.parse(body);
  return { status: response.status, body: parsed as { error?: { message?: string } } | string };
}

/**
 * Everything the CMS stores (sessions by count only: using one may touch it), to compare before and after a batch.
 * The rate limits' own bookkeeping is left out: a refused attempt counts toward its limit, as it should.
 */
export async function snapshot(app: TestApp): Promise<Record<string, unknown>> {
  const uids = Object.keys(app.strapi.contentTypes).filter(
    (uid) =>
      (uid.startsWith('api::') && !uid.startsWith('api::rate-limit.')) || uid === 'plugin::users-permissions.user',
  ) as UID.ContentType[];
  const state: Record<string, unknown> = {};
  for (const uid of uids) {
    state[uid] =
      uid === 'api::session.user-auth'
        ? await app.strapi.db.query(uid).count({})
        : await app.strapi.db.query(uid).findMany({ orderBy: { id: 'asc' } });
  }
  return state;
}

/** The kinds of field the bad-input table knows, each with values that must be refused. */
export type FieldKind = 'id' | 'code' | 'slug' | 'email' | 'text' | 'amount' | 'enum' | 'yes-no' | 'slugs' | 'object';

const WRONG_TYPES: unknown[] = [42, -1, 0.5, true, [], ['a'], {}, null, { $ne: null }, { $gt: '' }];
const HUGE = 'a'.repeat(200_000);
const MARKUP = ['<script>alert(1)</script>', "x' OR '1'='1' --", '1; DROP TABLE up_users; --', '../../etc/passwd'];
const ODD_UNICODE = ['\u202Egnp.exe', '\uD800', 'a\u0000b', '\uFEFF', 'ｓｅｃ－ｈｏｍｅ', '𝕏'.repeat(300)];
// eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number past the safe integers
const HUGE_NUMBERS = [1e308, -1e308, 9007199254740993, Number.MAX_SAFE_INTEGER * 10];

/** Values a field of this kind must refuse, whatever else the body holds. */
export function badValues(kind: FieldKind): unknown[] {
  switch (kind) {
    case 'id':
      // Past 2147483647 PostgreSQL refuses the id itself (its integer type), so the check must come first. A small
      // number is a real row's id once other test files have made enough rows: the id no row has is near the top.
      return [
        ...WRONG_TYPES.filter((value) => value !== null && value !== 42),
        2147483000,
        0,
        2147483648,
        '2147483648',
        '99999999999',
        ...HUGE_NUMBERS,
        HUGE,
        ...MARKUP,
        ...ODD_UNICODE,
        '',
      ];
    case 'code':
    case 'slug':
      return [...WRONG_TYPES.filter((value) => typeof value !== 'string'), HUGE, ...MARKUP, ...ODD_UNICODE];
    case 'email':
      return [
        ...WRONG_TYPES,
        HUGE,
        'not-an-email',
        '<script>@example.com',
        "a'--@example",
        ...ODD_UNICODE.slice(0, 3),
        '',
      ];
    case 'text':
      return [42, true, [], ['a'], {}, { $ne: null }, HUGE, 'a\u0000b', '\uD800'];
    case 'amount':
      return [
        -1,
        -50_000,
        0,
        0.001,
        50_000.001,
        ...HUGE_NUMBERS,
        'abc',
        'Infinity',
        '1e400',
        '',
        true,
        [],
        {},
        { $gt: 0 },
        '<b>50000</b>',
      ];
    case 'enum':
      return [42, true, [], {}, { $ne: null }, 'cash', 'CASH ', HUGE, ...MARKUP, '\uD800'];
    case 'yes-no':
      return [2, -1, 'yes', [], {}, { $ne: null }, '<b>1</b>'];
    case 'slugs':
      return [[], 'sec-page', [42], [{}], [HUGE], Array.from({ length: 101 }, (_, i) => `s${i}`), [null], { 0: 'a' }];
    case 'object':
      return [42, 'text', [], true, null, HUGE];
  }
}

/** Bodies every endpoint taking JSON must refuse as a whole (raw text): malformed, not an object, oversized. */
export const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"slug": '],
  ['trailing garbage', '{"a":1}}'],
  ['not JSON', 'slug=1&portal=2'],
  ['a JSON string', '"hello"'],
  ['a JSON array', '[1,2,3]'],
  ['a 2 MB body', JSON.stringify({ slug: 'x', padding: 'a'.repeat(2 * 1024 * 1024) })],
];
