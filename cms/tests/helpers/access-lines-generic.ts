import { COLLECTIONS, type ReadAccess } from '../../src/api/collection/collections';
import type { LineOf } from './access-lines';

/**
 * The access matrix's lines for the routes the CMS serves without code of ours (helpers/access-lines.ts): the generic
 * collection calls, per who reads each collection, and the plugins' content-API routes, closed to every caller.
 */
export function genericLines(line: LineOf): void {
  // The generic collection calls (docs/api-collections.md), per who reads the collection: the list, a row of Ann's side
  // (Ann's own, or portal sec-home's) and one of the other side (the foreign investor's, or portal sec-away's).
  const BY_ACCESS: Record<ReadAccess, { list: string; own: string; other: string }> = {
    //                  anon guest ann ben admin super foreign
    anyone: {
      list: '     200 200 200 200 200 200 200',
      own: '200 200 200 200 200 200 404',
      other: '404 404 404 404 404 404 200',
    },
    'signed-in': {
      list: '401 200 200 200 200 200 200',
      own: '401 200 200 200 200 200 404',
      other: '401 404 404 404 404 404 200',
    },
    own: {
      list: '        401 200 200 200 200 200 200',
      own: '401 200 200 404 404 404 404',
      other: '401 404 404 404 404 404 200',
    },
    'own-or-admin': {
      list: '401 200 200 200 200 200 200',
      own: '401 200 200 404 200 200 404',
      other: '401 404 404 404 404 404 200',
    },
  };
  const WRITES = {
    create: '403 403 403 403 403 403 403',
    change: '403 403 403 403 403 403 403',
    missingId: '400 403 400 400 400 400 400',
  };
  for (const [name, rule] of Object.entries(COLLECTIONS)) {
    const expected = BY_ACCESS[rule.read];
    // Rows open to a whole portal are each side's portal's; rows someone owns are Ann's and the foreign investor's.
    const [mine, theirs] = rule.read === 'anyone' || rule.read === 'signed-in' ? ['home', 'away'] : ['ann', 'far'];
    for (const spelt of new Set([name, name.replace(/_/g, '-')])) {
      line('GET', `/${spelt}`, expected.list, () => ({ url: `/api/${spelt}?portal=sec-home` }));
      line(
        'GET',
        `/${spelt}/:id`,
        expected.own,
        (x) => ({ url: `/api/${spelt}/${x.rows[`${mine}.${name}`].documentId}?portal=sec-home` }),
        { label: mine },
      );
      line(
        'GET',
        `/${spelt}/:id`,
        expected.other,
        (x) => ({ url: `/api/${spelt}/${x.rows[`${theirs}.${name}`].documentId}?portal=sec-home` }),
        { label: theirs },
      );
      line('POST', `/${spelt}`, WRITES.create, () => ({ title: 'x' }));
      line('PUT', `/${spelt}/:id`, WRITES.change, (x) => ({
        url: `/api/${spelt}/${x.rows[`${mine}.${name}`].documentId}`,
        body: { title: 'x' },
      }));
      line('DELETE', `/${spelt}/:id`, WRITES.change, (x) => ({
        url: `/api/${spelt}/${x.rows[`${mine}.${name}`].documentId}`,
      }));
      line('PUT', `/${spelt}`, WRITES.missingId, () => ({ title: 'x' }));
      line('DELETE', `/${spelt}`, WRITES.missingId);
    }
  }

  // The plugins' content-API routes: closed to every caller. No users-permissions role holds a permission, and our
  // session opens only the routes that name its strategy (a guest session's write is refused before routing).
  const PLUGIN_CLOSED = { read: '401 401 401 401 401 401 401', write: '401 403 401 401 401 401 401' };
  const PLUGIN_ROUTES: [string, string, string?][] = [
    ['GET', '/content-type-builder/content-types'],
    ['GET', '/content-type-builder/content-types/:uid', '/api/content-type-builder/content-types/api::portal.portal'],
    ['GET', '/content-type-builder/components'],
    ['GET', '/content-type-builder/components/:uid', '/api/content-type-builder/components/shared.seo'],
    ['POST', '/email'],
    ['POST', '/upload'],
    ['GET', '/upload/files'],
    ['GET', '/upload/files/page'],
    ['GET', '/upload/files/:id', '/api/upload/files/1'],
    ['DELETE', '/upload/files/:id', '/api/upload/files/1'],
    ['GET', '/i18n/locales'],
    ['GET', '/connect/(.*)', '/api/connect/google'],
    ['POST', '/auth/local'],
    ['POST', '/auth/local/register'],
    ['GET', '/auth/:provider/callback', '/api/auth/google/callback'],
    ['POST', '/auth/forgot-password'],
    ['POST', '/auth/reset-password'],
    ['GET', '/auth/email-confirmation'],
    ['POST', '/auth/send-email-confirmation'],
    ['POST', '/auth/change-password'],
    ['POST', '/auth/refresh'],
    ['GET', '/auth/sessions'],
    ['DELETE', '/auth/sessions/:sessionId', '/api/auth/sessions/1'],
    ['GET', '/users/count'],
    ['GET', '/users'],
    ['GET', '/users/me'],
    ['GET', '/users/:id', '/api/users/1'],
    ['POST', '/users'],
    ['DELETE', '/users/:id', '/api/users/1'],
    ['GET', '/users-permissions/roles/:id', '/api/users-permissions/roles/1'],
    ['GET', '/users-permissions/roles'],
    ['POST', '/users-permissions/roles'],
    ['PUT', '/users-permissions/roles/:role', '/api/users-permissions/roles/1'],
    ['DELETE', '/users-permissions/roles/:role', '/api/users-permissions/roles/1'],
    ['GET', '/users-permissions/permissions'],
  ];
  for (const [method, route, url] of PLUGIN_ROUTES) {
    line(method, route, method === 'GET' ? PLUGIN_CLOSED.read : PLUGIN_CLOSED.write, () => ({
      url: url ?? `/api${route}`,
      body: method === 'GET' ? undefined : { name: 'x' },
    }));
  }
}
