import type { FieldKind } from './security-input';
import type { Caller, World } from './security-world';

/**
 * The custom endpoints that security-input.test.ts sends bad input to, in run order: each with its caller, an input it
 * accepts, and the fields to spoil by kind; and the query strings those reads take.
 */
export interface Endpoint {
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

export const post = (
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
export const get = (
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
export const ignoring = (endpoint: Endpoint): Endpoint => ({ ...endpoint, ignoresUnknown: true });
/** The token of a signing link that can still be signed (set in beforeAll, by `useLiveToken`). */
let liveToken = '';
export const useLiveToken = (token: string) => {
  liveToken = token;
};
export const onLiveLink = (suffix: string, accepts: number, fields: Endpoint['fields']): Endpoint => ({
  method: 'POST',
  url: () => `/api/signing/${liveToken}${suffix}`,
  caller: 'anonymous',
  accepts,
  fields,
  base: () => ({}),
});
export const PREFIX = 'secin';
export const PORTAL = `${PREFIX}-home`;
export const COUNT = [-1, 0.5, 1e308, 'abc', '1e400', 'Infinity', '', '<b>1</b>'];
export const YEAR = ['25', '20255', 'abc', '2025.5', '<b>2025</b>', -2025];

// In run order: the investor's commitment is made, sent for signing, then declined.
export const ENDPOINTS: Record<string, Endpoint> = {
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
  'notifications read': post(
    '/profile/notifications/read',
    'ann',
    200,
    {
      readAt: [
        'yesterday',
        '2026-13-01T00:00:00Z',
        '2026-11-29',
        1764417600000,
        '',
        null,
        {},
        ['2026-11-29T00:00:00Z'],
      ],
    },
    () => ({ readAt: new Date().toISOString() }),
  ),
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
export function queryValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function urlWithQuery(path: string, query: Record<string, unknown>, raw = ''): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = [params.toString(), raw].filter(Boolean).join('&');
  return text ? `${path}?${text}` : path;
}
