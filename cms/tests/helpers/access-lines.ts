import { genericLines } from './access-lines-generic';
import type { World } from './security-world';

/**
 * The access matrix's lines: every /api route the running CMS serves (ours, the generic collection calls and the plugins'),
 * called by each caller against a row of their own side and one of the other's. Each line is one request; its
 * expected answers are the columns:
 *
 *   anonymous  guest (a superadmin as Ann)  Ann  Ben (Ann's neighbour)  admin  superadmin  foreign (the other portal's investor)
 *
 * Ann, Ben, the admin and the superadmin belong to portal sec-home; the foreign investor to sec-away. Every answer,
 * whatever its status, is searched for the planted markers its caller may not see (helpers/security-world.ts).
 */

export interface Request {
  url: string;
  body?: unknown;
}

export interface Line {
  method: string;
  /** The route as the router declares it (the table must name every route the CMS serves). */
  route: string;
  label: string;
  expected: string;
  request: (world: World) => Request;
  /** Each caller gets a throw-away session (the call ends it). */
  fresh?: boolean;
}

/** Every line of the matrix, in order. */
export const ACCESS_LINES: Line[] = [];
const lines = ACCESS_LINES;
/** One line: `expected` is seven statuses separated by spaces, in the callers' order. */
function line(
  method: string,
  route: string,
  expected: string,
  request?: (world: World) => Request | Request['body'],
  options: { label?: string; fresh?: boolean } = {},
) {
  const toRequest = (world: World): Request => {
    const made = request?.(world);
    if (made && typeof made === 'object' && 'url' in (made as object)) return made as Request;
    return { url: `/api${route}`, body: made };
  };
  lines.push({ method, route, label: options.label ?? '', expected, request: toRequest, fresh: options.fresh });
}
/** What adds a line (helpers/access-lines-generic.ts adds its own). */
export type LineOf = typeof line;

const HOME = { portal: 'sec-home' };
const AWAY = { portal: 'sec-away' };

//                                                   anon guest ann ben admin super foreign
// Sessions and accounts (docs/api-auth.md)
line('POST', '/auth/auth', '                          401 403 401 401 401 401 401', () => ({
  username: 'nobody@example.com',
  password: 'Wrong-1',
  ...HOME,
}));
line('POST', '/auth/google', '                        401 403 401 401 401 401 401', () => ({
  credential: 'not-a-token',
  ...HOME,
}));
line('GET', '/auth/me', '                             401 200 200 200 200 200 200');
line('POST', '/auth/logout', '                        200 200 200 200 200 200 200', undefined, { fresh: true });
line('GET', '/auth/portals', '                        200 200 200 200 200 200 200');
line('POST', '/auth/guest', '                         401 403 403 403 403 200 403', (x) => ({ userId: x.ann.id }), {
  label: 'own portal',
});
line('POST', '/auth/guest', '                         401 403 403 403 403 404 403', (x) => ({ userId: x.far.id }), {
  label: 'other portal',
});
line('POST', '/auth/guest/start', '                   403 403 403 403 403 403 403', () => ({ code: 'not-a-code' }));
line('POST', '/auth/register', '                      400 403 400 400 400 400 400', (x) => ({
  email: x.ann.email,
  password: 'Secret123',
  firstName: 'A',
  lastName: 'B',
  ...HOME,
}));
line('POST', '/auth/confirm', '                       400 403 400 400 400 400 400', () => ({ code: 'not-a-code' }));
line('POST', '/auth/reset', '                         200 403 200 200 200 200 200', () => ({
  username: 'nobody@example.com',
}));
line('POST', '/auth/reset/new', '                     400 403 400 400 400 400 400', () => ({
  code: 'not-a-code',
  password: 'Secret123',
}));
line('POST', '/settings/load', '                      200 200 200 200 200 200 200', () => HOME);
line('POST', '/settings/persist', '                   401 403 403 403 200 200 403', () => ({
  settings: { 'sec.matrix': 1 },
  levelToWrite: 'admin',
}));
// Public reads and the newsletter (docs/api-public.md)
line('POST', '/contents/byslug', '                    200 200 200 200 200 200 200', () => ({
  slug: ['sec-page'],
  ...HOME,
}));
line(
  'POST',
  '/contents/update',
  '                    401 403 403 403 403 200 403',
  () => ({ slug: 'sec-matrix', title: 'Matrix', ...HOME }),
  { label: 'own portal' },
);
line(
  'POST',
  '/contents/update',
  '                    401 403 403 403 403 403 403',
  () => ({ slug: 'sec-matrix', title: 'Matrix', ...AWAY }),
  { label: 'other portal' },
);
line('GET', '/contents/education', '                  200 200 200 200 200 200 200', () => ({
  url: '/api/contents/education?portal=sec-home',
}));
line('POST', '/contents/educationbyslug', '           200 200 200 200 200 200 200', () => ({
  slug: 'sec-home-lesson',
  ...HOME,
}));
line('GET', '/contents/portfolio', '                  200 200 200 200 200 200 200', () => ({
  url: '/api/contents/portfolio?portal=sec-home',
}));
line('POST', '/email/mailchimpsubscribe', '           200 403 200 200 200 200 200', () => ({
  email: 'matrix@example.com',
  ...HOME,
}));
// The investor area (docs/api-investor.md); Ann's commitment first declined, then renewed, then sent for signing.
line('GET', '/syndication/mine', '                    401 200 200 200 200 200 200');
line('GET', '/syndication/available', '               401 200 200 200 200 200 200');
line('GET', '/syndication/summary', '                 401 200 200 200 200 200 200');
line(
  'GET',
  '/syndication/byslug/:slug',
  '           401 200 200 200 200 200 404',
  () => ({ url: '/api/syndication/byslug/sec-home-deal' }),
  { label: 'own portal' },
);
line(
  'GET',
  '/syndication/byslug/:slug',
  '           401 404 404 404 404 404 200',
  () => ({ url: '/api/syndication/byslug/sec-away-deal' }),
  { label: 'other portal' },
);
line(
  'POST',
  '/syndication/set_not_investing',
  '      401 403 200 404 404 404 404',
  (x) => ({ id: x.ann.syndUser, feedback: 'ann-feedback-marker' }),
  { label: "Ann's" },
);
line(
  'POST',
  '/syndication/set_not_investing',
  '      401 403 404 404 404 404 200',
  (x) => ({ id: x.far.syndUser, feedback: 'far-feedback-marker' }),
  { label: "foreign's" },
);
// Staff state no accreditation, and investing asks for one before looking the commitment up.
line(
  'POST',
  '/syndication/set_investing',
  '          401 403 200 404 403 403 404',
  (x) => ({ id: x.ann.syndUser, invest_amount: 50_000, method_of_inv: 'ENTITY' }),
  { label: "Ann's" },
);
line(
  'POST',
  '/syndication/set_investing',
  '          401 403 404 404 403 403 200',
  (x) => ({ id: x.far.syndUser, invest_amount: 50_000, method_of_inv: 'ENTITY' }),
  { label: "foreign's" },
);
line('POST', '/syndication/request_sign', '           401 403 200 404 404 404 404', (x) => ({ id: x.ann.syndUser }), {
  label: "Ann's",
});
line('POST', '/syndication/request_sign', '           401 403 404 404 404 404 200', (x) => ({ id: x.far.syndUser }), {
  label: "foreign's",
});
line('POST', '/syndication/sync_sign', '              401 403 200 404 404 404 404', (x) => ({ id: x.ann.syndUser }), {
  label: "Ann's",
});
line('POST', '/syndication/sync_sign', '              401 403 404 404 404 404 200', (x) => ({ id: x.far.syndUser }), {
  label: "foreign's",
});
line('POST', '/syndication/signing_url', '            401 403 200 404 404 404 404', (x) => ({ id: x.ann.syndUser }), {
  label: "Ann's",
});
line('POST', '/syndication/signing_url', '            401 403 404 404 404 404 200', (x) => ({ id: x.far.syndUser }), {
  label: "foreign's",
});
line('GET', '/syndication/countersign', '            401 403 403 403 200 200 403');
line(
  'POST',
  '/syndication/countersign',
  '           401 403 403 403 409 409 403',
  (x) => ({ id: x.ann.syndUser, name: 'Manager' }),
  { label: "Ann's" },
);
line(
  'POST',
  '/syndication/countersign',
  '           401 403 403 403 404 404 403',
  (x) => ({ id: x.far.syndUser, name: 'Manager' }),
  { label: "foreign's" },
);
// Ann's agreement has no signed document (nobody signed it): the admins are answered 404 as for the foreign one.
line(
  'GET',
  '/syndication/countersign/:id/document',
  '401 403 403 403 404 404 403',
  (x) => ({ url: `/api/syndication/countersign/${x.ann.syndUser}/document` }),
  { label: "Ann's" },
);
line(
  'GET',
  '/syndication/countersign/:id/document',
  '401 403 403 403 404 404 403',
  (x) => ({ url: `/api/syndication/countersign/${x.far.syndUser}/document` }),
  { label: "foreign's" },
);
line(
  'POST',
  '/profile/synd_agreements/download',
  '  401 200 200 404 404 404 404',
  (x) => ({ syndUserId: x.rows['ann.signed_synd_user'].documentId }),
  { label: "Ann's" },
);
line(
  'POST',
  '/profile/synd_agreements/download',
  '  401 404 404 404 404 404 200',
  (x) => ({ syndUserId: x.rows['far.signed_synd_user'].documentId }),
  { label: "foreign's" },
);
// Capital account statements (docs/capital-accounts.md): an investor's own, and the public check of a fingerprint.
// Issuing one seals a new document in the investor's name: a write, so a guest session is refused it.
const PERIOD = { from: '2025-01-01', to: '2025-12-31' };
line(
  'POST',
  '/profile/statements/download',
  '       401 403 200 404 404 404 404',
  (x) => ({ syndUserId: x.rows['ann.signed_synd_user'].documentId, ...PERIOD }),
  { label: "Ann's" },
);
line(
  'POST',
  '/profile/statements/download',
  '       401 403 404 404 404 404 200',
  (x) => ({ syndUserId: x.rows['far.signed_synd_user'].documentId, ...PERIOD }),
  { label: "foreign's" },
);
line('GET', '/statements/verify/:sha256', '          404 404 404 404 404 404 404', () => ({
  url: `/api/statements/verify/${'ab'.repeat(32)}?portal=sec-home`,
}));
// The transactions page's reads: every caller's own ledger (a guest session reads its investor's).
line('GET', '/profile/transactions', '               401 200 200 200 200 200 200');
line('GET', '/profile/transactions.csv', '           401 200 200 200 200 200 200');
line(
  'GET',
  '/profile/capital_calls/:fundEvent',
  '     401 200 200 404 404 404 404',
  (x) => ({ url: `/api/profile/capital_calls/${x.rows['ann.capital_calls'].documentId}` }),
  { label: "ann's" },
);
line(
  'GET',
  '/profile/capital_calls/:fundEvent',
  '     401 404 404 404 404 404 200',
  (x) => ({ url: `/api/profile/capital_calls/${x.rows['far.capital_calls'].documentId}` }),
  { label: "foreign's" },
);
// Files (docs/api-files.md)
const DOWNLOAD = '/profile/:collection(synd_documents|news_documents|tax_documents|proof_documents)/download';
for (const kind of ['tax_documents', 'news_documents', 'proof_documents'] as const) {
  line(
    'POST',
    DOWNLOAD,
    '                            401 200 200 404 404 404 404',
    (x) => ({ url: `/api/profile/${kind}/download`, body: { id: x.rows[`ann.${kind}`].documentId } }),
    { label: `Ann's ${kind}` },
  );
  line(
    'POST',
    DOWNLOAD,
    '                            401 404 404 404 404 404 200',
    (x) => ({ url: `/api/profile/${kind}/download`, body: { id: x.rows[`far.${kind}`].documentId } }),
    { label: `foreign's ${kind}` },
  );
}
line(
  'POST',
  DOWNLOAD,
  '                              401 200 200 200 200 200 404',
  (x) => ({
    url: `/api/profile/synd_documents/download?fundId=${x.home.fund}`,
    body: { id: x.rows['home.synd_documents'].documentId },
  }),
  { label: 'home due diligence' },
);
line(
  'POST',
  DOWNLOAD,
  '                              401 404 404 404 404 404 200',
  (x) => ({
    url: `/api/profile/synd_documents/download?fundId=${x.away.fund}`,
    body: { id: x.rows['away.synd_documents'].documentId },
  }),
  { label: 'away due diligence' },
);
line(
  'GET',
  '/funds/:fundId/synd_documents',
  '       401 200 200 200 200 200 404',
  (x) => ({ url: `/api/funds/${x.home.fund}/synd_documents` }),
  { label: 'home fund' },
);
line(
  'GET',
  '/funds/:fundId/synd_documents',
  '       401 404 404 404 404 404 200',
  (x) => ({ url: `/api/funds/${x.away.fund}/synd_documents` }),
  { label: 'away fund' },
);
line('POST', '/profile/proof_documents/upload', '    401 403 200 200 200 200 200', () => ({ path: 'statement.pdf' }));
line('POST', '/profile/proof_documents/save', '      401 403 400 400 400 400 400', (x) => ({
  path: `proof/${x.ann.documentId}/missing.pdf`,
  name: 'missing.pdf',
  bucket: 'local',
}));
line('POST', '/storage/upload', '                    400 403 400 400 400 400 400', () => ({ key: 'proof/x/y.pdf' }));
// Profile (docs/api-profile.md)
line(
  'PUT',
  '/users/:id',
  '                          401 403 200 404 404 404 404',
  (x) => ({ url: `/api/users/${x.ann.id}`, body: { city: 'AnnCityMarker' } }),
  { label: "Ann's" },
);
line(
  'PUT',
  '/users/:id',
  '                          401 403 404 404 404 404 200',
  (x) => ({ url: `/api/users/${x.far.documentId}`, body: { city: 'FarCityMarker' } }),
  { label: "foreign's" },
);
line('POST', '/profile/settings', '                  401 403 200 200 200 200 200', () => ({
  timezone: 'America/Chicago',
}));
line('POST', '/profile/notifications/read', '       401 403 200 200 200 200 200', () => ({
  readAt: new Date().toISOString(),
}));
line('POST', '/profile/notify/save', '               401 403 200 200 200 200 200', () => ({
  templateName: 'review_syndication',
  tags: { investmentName: 'sec-home Deal' },
}));
// The local signer's open routes: the link's token is the key.
const TOKEN = 'A'.repeat(43);
line('GET', '/signing/:token', '                     404 404 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}`,
}));
line('GET', '/signing/:token/document', '            404 404 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/document`,
}));
line('POST', '/signing/:token', '                    404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}`,
  body: { name: 'Ann', consent: true },
}));
line('POST', '/signing/:token/disclosure', '         404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/disclosure`,
  body: { version: 'abc' },
}));
line('POST', '/signing/:token/paper', '              404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/paper`,
}));
line('POST', '/signing/:token/refresh', '            404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/refresh`,
}));
line('POST', '/signing/:token/embedded', '           404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/embedded`,
}));
line('POST', '/signing/:token/code', '               404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/code`,
}));
line('POST', '/signing/:token/code/verify', '        404 403 404 404 404 404 404', () => ({
  url: `/api/signing/${TOKEN}/code/verify`,
  body: { code: '123456' },
}));
// Anyone may check a fingerprint; an unknown one is not this portal's.
line('GET', '/agreements/verify/:sha256', '          404 404 404 404 404 404 404', () => ({
  url: `/api/agreements/verify/${'a'.repeat(64)}?portal=sec-home`,
}));
line('GET', '/files/:token', '                       404 404 404 404 404 404 404', () => ({
  url: `/api/files/${TOKEN}`,
}));
line('POST', '/signing/dropbox/events', '            403 403 403 403 403 403 403', () => ({
  event: { event_time: '1', event_type: 'signature_request_signed', event_hash: 'x' },
}));

// The generic collection calls and the plugins' routes, last (helpers/access-lines-generic.ts).
genericLines(line);
