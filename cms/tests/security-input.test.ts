import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../src/api/collection/collections';
import { call } from './helpers/auth';
import { BAD_BODIES, badValues, rawCall, snapshot } from './helpers/security-input';
import { ENDPOINTS, PORTAL, PREFIX, queryValue, urlWithQuery, useLiveToken } from './helpers/security-endpoints';
import { buildWorld, type World } from './helpers/security-world';
import { tokenOf } from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';

/**
 * Bad input for every custom endpoint (the table of helpers/security-endpoints.ts): each field gets every value its
 * kind must refuse (wrong types, huge strings and numbers, negative and fractional amounts, HTML and SQL, odd unicode,
 * operator objects), and every JSON endpoint gets malformed, non-object and oversized bodies. Each answer must be a
 * 4xx with a message (never a 500), and nothing the CMS stores may differ afterwards. Free text (titles, names,
 * feedback) may hold HTML or SQL as text: the access matrix and rich-text tests cover what it becomes; here it is
 * refused only as a wrong type, too long, or with control characters.
 */

let app: TestApp;
let w: World;

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
  useLiveToken(tokenOf(asked.body.url));
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
