import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../src/api/collection/collections';
import { call } from './helpers/auth';
import { BAD_BODIES, badValues, rawCall, snapshot, type FieldKind } from './helpers/security-input';
import { buildWorld, type Caller, type World } from './helpers/security-world';
import { tokenOf } from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';

/**
 * Bad input for every custom endpoint: each field of the table gets every value its kind must refuse (wrong types,
 * huge strings and numbers, negative and fractional amounts, HTML and SQL, odd unicode, operator objects), and every
 * JSON endpoint gets malformed, non-object and oversized bodies. Each answer must be a 4xx with a message (never a
 * 500), and nothing the CMS stores may differ afterwards. Free text (titles, names, feedback) may hold HTML or SQL
 * as text: the access matrix and rich-text tests cover what it becomes; here it is refused only as a wrong type, too
 * long, or with control characters.
 */

let app: TestApp;
let w: World;

interface Endpoint {
  method: string;
  /** The path (the GET endpoints whose input is the query take it from `base`). */
  url: (world: World) => string;
  caller: Caller;
  /**
   * An input the endpoint accepts from this caller (sent last, answered `accepts`), so each bad variant is refused for
   * its one bad field; where no input can succeed without a secret (a mailed code, a signed policy), one refused for
   * that reason alone.
   */
  base: (world: World) => Record<string, unknown>;
  accepts: number;
  /** The fields to spoil, by kind (or the bad values themselves); a name ending in `?` may also be left out. */
  fields: Record<string, FieldKind | unknown[]>;
  /** Input is the query string, not a JSON body. */
  query?: boolean;
  /** Query names it does not know are ignored, as documented (docs/api-public.md): they must not change the answer. */
  ignoresUnknown?: boolean;
}

const post = (
  path: string,
  caller: Caller,
  accepts: number,
  fields: Endpoint['fields'],
  base: (world: World) => Record<string, unknown>,
): Endpoint => ({
  method: 'POST',
  url: () => `/api${path}`,
  caller,
  accepts,
  fields,
  base,
});
const get = (
  path: string,
  caller: Caller,
  fields: Endpoint['fields'],
  base: (world: World) => Record<string, unknown>,
): Endpoint => ({
  method: 'GET',
  url: () => `/api${path}`,
  caller,
  accepts: 200,
  fields,
  base,
  query: true,
});
const ignoring = (endpoint: Endpoint): Endpoint => ({ ...endpoint, ignoresUnknown: true });
/** The token of a signing link that can still be signed (set in beforeAll). */
let liveToken = '';
const onLiveLink = (suffix: string, accepts: number, fields: Endpoint['fields']): Endpoint => ({
  method: 'POST',
  url: () => `/api/signing/${liveToken}${suffix}`,
  caller: 'anonymous',
  accepts,
  fields,
  base: () => ({}),
});
const PREFIX = 'secin';
const PORTAL = `${PREFIX}-home`;
const COUNT = [-1, 0.5, 1e308, 'abc', '1e400', 'Infinity', '', '<b>1</b>'];
const YEAR = ['25', '20255', 'abc', '2025.5', '<b>2025</b>', -2025];

// In run order: the investor's commitment is made, sent for signing, then declined.
const ENDPOINTS: Record<string, Endpoint> = {
  'sign-in': post('/auth/auth', 'anonymous', 200, { username: 'text', password: 'text', 'portal?': 'slug' }, (x) => ({
    username: x.ann.email,
    password: 'Secret123',
    portal: PORTAL,
  })),
  google: post('/auth/google', 'anonymous', 401, { credential: 'code', 'portal?': 'slug' }, () => ({
    credential: 'x.y.z',
    portal: PORTAL,
  })),
  register: post(
    '/auth/register',
    'anonymous',
    200,
    { email: 'email', password: 'text', firstName: 'text', lastName: 'text', 'portal?': 'slug' },
    () => ({
      email: 'bad-input-register@example.com',
      password: 'Secret123',
      firstName: 'Bad',
      lastName: 'Input',
      portal: PORTAL,
    }),
  ),
  confirm: post('/auth/confirm', 'anonymous', 400, { code: 'code' }, () => ({ code: 'not-a-code' })),
  reset: post('/auth/reset', 'anonymous', 200, { username: 'text' }, () => ({
    username: 'nobody-bad-input@example.com',
  })),
  'reset/new': post('/auth/reset/new', 'anonymous', 400, { code: 'code', password: 'text' }, () => ({
    code: 'not-a-code',
    password: 'Secret123',
  })),
  guest: post('/auth/guest', 'superadmin', 200, { userId: 'id' }, (x) => ({ userId: x.ann.id })),
  'guest/start': post('/auth/guest/start', 'superadmin', 403, { code: 'code' }, () => ({ code: 'not-a-code' })),
  'settings/load': post('/settings/load', 'ann', 200, { 'portal?': 'slug' }, () => ({ portal: PORTAL })),
  'settings/persist': post(
    '/settings/persist',
    'admin',
    200,
    { settings: 'object', 'levelToRead?': 'enum', 'levelToWrite?': 'enum' },
    () => ({
      settings: { 'secin.setting': 1 },
      levelToRead: 'admin',
      levelToWrite: 'admin',
    }),
  ),
  byslug: post('/contents/byslug', 'anonymous', 200, { slug: 'slugs', 'portal?': 'slug' }, () => ({
    slug: ['sec-page'],
    portal: PORTAL,
  })),
  'contents/update': post(
    '/contents/update',
    'superadmin',
    200,
    {
      slug: 'slug',
      'portal?': 'slug',
      'title?': 'text',
      'body?': [42, true, [], {}, 'a\u0000b', 'a'.repeat(1_000_001)],
    },
    () => ({
      slug: 'secin-page',
      portal: PORTAL,
      title: 'T',
      body: '<p>x</p>',
    }),
  ),
  educationbyslug: post('/contents/educationbyslug', 'anonymous', 200, { slug: 'slug', 'portal?': 'slug' }, () => ({
    slug: `${PREFIX}-home-lesson`,
    portal: PORTAL,
  })),
  subscribe: post('/email/mailchimpsubscribe', 'anonymous', 200, { email: 'email', 'portal?': 'slug' }, () => ({
    email: 'secin@example.com',
    portal: PORTAL,
  })),
  set_investing: post(
    '/syndication/set_investing',
    'ann',
    200,
    {
      id: 'id',
      invest_amount: 'amount',
      method_of_inv: 'enum',
      is_married: 'yes-no',
      is_marital_state: 'yes-no',
      cosub_first_name: 'text',
      cosub_last_name: 'text',
      cosub_email: 'email',
    },
    (x) => ({
      id: x.ann.syndUser,
      invest_amount: 50_000,
      method_of_inv: 'CASH',
      is_married: '1',
      is_marital_state: '1',
      cosub_first_name: 'Pat',
      cosub_last_name: 'Partner',
      cosub_email: 'pat@example.com',
    }),
  ),
  request_sign: post('/syndication/request_sign', 'ann', 200, { id: 'id' }, (x) => ({ id: x.ann.syndUser })),
  sync_sign: post('/syndication/sync_sign', 'ann', 200, { id: 'id' }, (x) => ({ id: x.ann.syndUser })),
  signing_url: post('/syndication/signing_url', 'ann', 200, { id: 'id' }, (x) => ({ id: x.ann.syndUser })),
  countersign: post('/syndication/countersign', 'admin', 409, { id: 'id', name: 'text' }, (x) => ({
    id: x.ann.syndUser,
    name: 'Manager',
  })),
  set_not_investing: post('/syndication/set_not_investing', 'ann', 200, { id: 'id', 'feedback?': 'text' }, (x) => ({
    id: x.ann.syndUser,
    feedback: 'no',
  })),
  'agreement download': post('/profile/synd_agreements/download', 'ann', 200, { syndUserId: 'id' }, (x) => ({
    syndUserId: x.rows['ann.signed_synd_user'].documentId,
  })),
  'statement download': post(
    '/profile/statements/download',
    'ann',
    200,
    { syndUserId: 'id', from: 'text', to: 'text' },
    (x) => ({ syndUserId: x.rows['ann.signed_synd_user'].documentId, from: '2025-01-01', to: '2025-12-31' }),
  ),
  'tax download': post('/profile/tax_documents/download', 'ann', 200, { id: 'id' }, (x) => ({
    id: x.rows['ann.tax_documents'].documentId,
  })),
  'due diligence download': {
    ...post('', 'ann', 200, { id: 'id' }, (x) => ({ id: x.rows['home.synd_documents'].documentId })),
    url: (x) => `/api/profile/synd_documents/download?fundId=${x.home.fund}`,
  },
  'proof upload': post('/profile/proof_documents/upload', 'ann', 200, { path: 'slug' }, () => ({
    path: 'statement.pdf',
  })),
  'proof save': post(
    '/profile/proof_documents/save',
    'ann',
    400,
    { path: 'slug', name: 'text', bucket: 'slug' },
    (x) => ({ path: `proof/${x.ann.documentId}/missing.pdf`, name: 'missing.pdf', bucket: 'local' }),
  ),
  'profile update': {
    method: 'PUT',
    url: (x) => `/api/users/${x.ann.id}`,
    caller: 'ann',
    accepts: 200,
    base: () => ({
      city: 'Austin',
      homePhone: '555 0100',
      country: 'United States',
      accreditation: 1,
      firstName: 'Ann',
    }),
    fields: {
      'homePhone?': 'text',
      'city?': 'text',
      'country?': 'enum',
      'accreditation?': 'enum',
      'firstName?': 'text',
      'postalCode?': ['abc', '1234', 12345, '<b>12345</b>'],
    },
  },
  'profile settings': post('/profile/settings', 'ann', 200, { timezone: 'enum' }, () => ({
    timezone: 'America/Chicago',
  })),
  'notify save': post('/profile/notify/save', 'ann', 200, { templateName: 'enum', 'tags?': 'object' }, () => ({
    templateName: 'review_syndication',
    tags: { investmentName: 'Deal' },
  })),
  'local signer sign': post(
    '/signing/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'anonymous',
    404,
    { name: 'text', 'signature?': 'code' },
    () => ({ name: 'Ann', consent: true }),
  ),
  'local signer disclosure': post(
    '/signing/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/disclosure',
    'anonymous',
    404,
    { version: 'text' },
    () => ({ version: 'abcdef0123456789' }),
  ),
  'local signer code check': post(
    '/signing/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/code/verify',
    'anonymous',
    404,
    { code: 'code' },
    () => ({ code: '123456' }),
  ),
  // On a live link (Ben's, opened in beforeAll): the calls reach the signing service, so junk must be refused before it.
  'signer embedded URL': onLiveLink('/embedded', 409, { 'verification?': 'text' }),
  'signer paper': onLiveLink('/paper', 200, {}),
  'signer refresh': onLiveLink('/refresh', 200, {}),
  'signer code': onLiveLink('/code', 409, {}),
  'dropbox events': post('/signing/dropbox/events', 'anonymous', 403, { event: 'object' }, () => ({
    event: { event_time: '1', event_type: 'signature_request_signed', event_hash: 'y' },
  })),
  'storage upload': post('/storage/upload', 'anonymous', 400, { 'key?': 'slug' }, () => ({ key: 'proof/x/y.pdf' })),
  // Reads whose input is the query string.
  education: ignoring(
    get(
      '/contents/education',
      'anonymous',
      {
        'limit?': 'amount',
        'offset?': COUNT,
        'kind?': 'enum',
        'sort?': 'enum',
        'displayOnPortfolio?': 'yes-no',
        'portal?': 'slug',
      },
      () => ({ portal: PORTAL }),
    ),
  ),
  portfolio: ignoring(
    get('/contents/portfolio', 'anonymous', { 'limit?': 'amount', 'portal?': 'slug' }, () => ({ portal: PORTAL })),
  ),
  transactions: get(
    '/profile/transactions',
    'ann',
    { 'fund?': 'id', 'type?': 'enum', 'year?': YEAR, 'page?': COUNT, 'pageSize?': COUNT },
    () => ({}),
  ),
  'transactions csv': get(
    '/profile/transactions.csv',
    'ann',
    { 'fund?': 'id', 'type?': 'enum', 'year?': YEAR },
    () => ({}),
  ),
  'collection list': get(
    '/synd_users',
    'ann',
    { 'limit?': 'amount', 'mine?': 'yes-no', 'sort?': 'enum', 'populate?': 'enum', 'start?': COUNT },
    () => ({ mine: 'true' }),
  ),
};

/** The values of a query-string parameter: what a URL can carry of the kind's bad values. */
function queryValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function urlWithQuery(path: string, query: Record<string, unknown>, raw = ''): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = [params.toString(), raw].filter(Boolean).join('&');
  return text ? `${path}?${text}` : path;
}

beforeAll(async () => {
  app = await useStrapi();
  w = await buildWorld(app, PREFIX);
  const asked = await call(
    app,
    'POST',
    '/api/syndication/request_sign',
    { id: w.ben.syndUser },
    { authCode: w.ben.authCode },
  );
  liveToken = tokenOf(asked.body.url);
});

describe('bad input to every custom endpoint', () => {
  it.each(Object.keys(ENDPOINTS))(
    '%s: every bad field and body gets a 4xx with a message, and nothing stored changes',
    async (name) => {
      const endpoint = ENDPOINTS[name];
      const authCode = w.code(endpoint.caller);
      const before = await snapshot(app);
      const wrong: string[] = [];
      const check = (label: string, answer: { status: number; body: unknown }) => {
        const message = (answer.body as { error?: { message?: unknown } })?.error?.message;
        if (answer.status < 400 || answer.status >= 500 || typeof message !== 'string' || !message) {
          wrong.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
        }
      };
      const base = endpoint.base(w);
      const url = endpoint.url(w);
      const send = (body: Record<string, unknown>) =>
        endpoint.query
          ? call(app, endpoint.method, urlWithQuery(url, body), undefined, { authCode })
          : call(app, endpoint.method, url, body, { authCode });

      for (const [spec, kind] of Object.entries(endpoint.fields)) {
        const field = spec.replace(/\?$/, '');
        const { [field]: _left, ...missing } = base;
        if (!spec.endsWith('?')) check(`${field} missing`, await send(missing));
        for (const value of Array.isArray(kind) ? kind : badValues(kind)) {
          // An optional name blank once trimmed counts as left out (the portal resolver's rule): not a bad value there.
          if (spec.endsWith('?') && typeof value === 'string' && value.trim() === '') continue;
          // A URL that long is refused by Node's HTTP parser (431) before the CMS sees it.
          if (endpoint.query && (queryValue(value) === undefined || String(value).length > 4000)) continue;
          check(
            `${field} = ${JSON.stringify(value)?.slice(0, 40)}`,
            await send({ ...base, [field]: endpoint.query ? queryValue(value) : value }),
          );
        }
      }
      if (endpoint.query) {
        // Repeated and bracketed parameters arrive as arrays and objects.
        const plain = await send(base);
        for (const raw of [
          'limit=1&limit=2',
          'limit[$gt]=0',
          `portal[]=${PORTAL}`,
          'sort[0]=x',
          'filters[password][$notNull]=true',
          'populate[user]=*',
        ]) {
          const answer = await call(app, endpoint.method, urlWithQuery(url, base, raw), undefined, { authCode });
          const known = Object.keys(endpoint.fields).some((spec) => raw.startsWith(spec.replace(/\?$/, '')));
          if (endpoint.ignoresUnknown && !known) expect(answer.body, raw).toEqual(plain.body);
          else check(raw, answer);
        }
      } else {
        const headers: Record<string, string> = authCode ? { authcode: authCode } : {};
        for (const [label, text] of BAD_BODIES)
          check(
            label,
            await rawCall(app, endpoint.method, url, text, {
              'x-forwarded-for': `10.250.0.${Object.keys(ENDPOINTS).indexOf(name)}`,
              ...headers,
            }),
          );
        // A number JSON can write but JavaScript cannot hold, in each field.
        for (const spec of Object.keys(endpoint.fields)) {
          const field = spec.replace(/\?$/, '');
          check(
            `${field} = 1e400`,
            await rawCall(
              app,
              endpoint.method,
              url,
              JSON.stringify({ ...base, [field]: 0 }).replace(`"${field}":0`, `"${field}":1e400`),
              headers,
            ),
          );
        }
        // Keys that would reach Object.prototype if merged carelessly; the base input stays refused, so nothing is stored.
        const polluting = `{"__proto__":{"polluted":"yes","level":"superadmin"},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(base).slice(1)}`;
        check('__proto__ keys', await rawCall(app, endpoint.method, url, polluting, headers));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(({} as Record<string, unknown>).level).toBeUndefined();
      }
      expect(wrong).toEqual([]);
      expect(await snapshot(app)).toEqual(before);
      // The untouched input is answered as it should be, so each refusal above was for its one bad field.
      const answer = await send(base);
      expect(answer.status, JSON.stringify(answer.body)).toBe(endpoint.accepts);
    },
  );

  it('refuses an id in a collection URL that no row can have, on every collection', async () => {
    for (const name of Object.keys(COLLECTIONS)) {
      for (const id of ['2147483648', '99999999999', '0', '-1', '1.5', '%00', 'a'.repeat(41)]) {
        const answer = await call(app, 'GET', `/api/${name}/${id}`, undefined, { authCode: w.code('ann') });
        expect({ status: answer.status, message: answer.body?.error?.message }, `${name}/${id}`).toEqual({
          status: 400,
          message: 'id must be a numeric id or a documentId',
        });
      }
    }
  });
});
