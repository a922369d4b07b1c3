import { beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, openGuestSession, signedInUser, uniqueEmail } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { CONTENT, PORTAL } from '../src/utils/uids';

let app: TestApp;
let home: TestPortal;

interface RouteDefinition {
  method: string;
  path: string;
}

/** Every route our APIs declare (not Strapi's or a plugin's), from the route files as loaded. */
function ourRoutes(): RouteDefinition[] {
  const apis = Object.values(app.strapi.apis) as { routes?: Record<string, { routes?: RouteDefinition[] }> }[];
  return apis.flatMap((api) => Object.values(api.routes ?? {}).flatMap((router) => router.routes ?? []));
}

/** A JSON body nested `depth` levels deep, as text (JSON.stringify itself would overflow long before the CMS). */
const nestedBody = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'hardening-home');
  await app.strapi.db.query(PORTAL).update({ where: { id: home.id }, data: { domains: ['invest.hardening.example'] } });
});

describe('bad input never reaches a 500', () => {
  it('refuses a body nested 5,000 levels deep with a 400 on every POST and PUT route', async () => {
    const writes = ourRoutes().filter((route) => route.method === 'POST' || route.method === 'PUT');
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const path = `/api${route.path.replace(/:[A-Za-z]+/g, '1')}`;
      const response = await fetch(`${app.url}${path}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: nestedBody(5000),
      });
      const answer = (await response.json()) as { error: { message: string } };
      expect(response.status, `${route.method} ${path}`).toBe(400);
      expect(answer.error.message, path).toBe('The request body is nested too deeply (at most 32 levels)');
    }
  });

  it('names the field and the rule in a validation error, never the value sent', async () => {
    const secret = 'my-Secret-passw0rd';
    const { status, body } = await call(app, 'POST', '/api/auth/auth', { username: ['x'], password: secret });
    expect(status).toBe(400);
    expect(body.error.message).toBe('username must be a string');
    expect(body.error.details.errors).toEqual([
      { path: ['username'], message: 'username must be a string', name: 'ValidationError' },
    ]);
    const tooLong = await call(app, 'POST', '/api/auth/auth', { username: 'a@b.c', password: secret.repeat(20) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).not.toContain(secret);
  });

  it('refuses control characters and lone surrogates in plain text with a 400, and stores nothing', async () => {
    const superadmin = await signedInUser(app, 'hardening-super', 'superadmin', home);
    for (const title of ['Null\u0000byte', 'Bell\u0007', 'Lone \uD800 half', 'Escape\u001B[31m']) {
      const { status, body } = await call(
        app,
        'POST',
        '/api/contents/update',
        { slug: 'control-chars', portal: home.slug, title },
        { authCode: superadmin.authCode },
      );
      expect({ status, message: body.error?.message }, JSON.stringify(title)).toEqual({
        status: 400,
        message: 'title must not contain control characters',
      });
    }
    expect(await app.strapi.db.query(CONTENT).count({ where: { slug: 'control-chars' } })).toBe(0);
    const registration = {
      email: uniqueEmail('control'),
      password: 'Secret123',
      firstName: 'Ann\u0000',
      lastName: 'Lee',
      portal: home.slug,
    };
    expect((await call(app, 'POST', '/api/auth/register', registration)).body.error.message).toBe(
      'firstName must not contain control characters',
    );
    // Tabs, new lines, accents and emoji are text.
    const fine = await call(
      app,
      'POST',
      '/api/contents/update',
      { slug: 'control-chars', portal: home.slug, title: 'Zoë\tand 😀\nfriends' },
      { authCode: superadmin.authCode },
    );
    expect(fine.status).toBe(200);
  });

  it('refuses control characters written through the Document Service too (the admin panel, scripts)', async () => {
    await expect(
      fixtureDocuments(app, 'api::team-member.team-member').create({
        data: { name: 'Bad\u0000Name', portal: home.documentId } as never,
      }),
    ).rejects.toThrow('name must not contain control characters');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${app.url}/api/auth/me`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authcode' },
    });

  it("allows the portals' domains and local sites, and no one else", async () => {
    for (const origin of [
      'https://invest.hardening.example',
      'http://localhost:5173',
      'http://oakharbor.localhost:5173',
    ]) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of ['https://evil.example', 'https://invest.hardening.example.evil.example', 'null']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const simple = await http(app, 'GET', '/api/auth/portals', undefined, { origin: 'https://evil.example' });
    expect(simple.status).toBe(200);
  });
});

describe('security headers', () => {
  const SECURITY = [
    'content-security-policy',
    'strict-transport-security',
    'x-frame-options',
    'x-content-type-options',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
  ];
  const securityOf = (response: Response) =>
    Object.fromEntries(SECURITY.map((name) => [name, response.headers.get(name)]));

  it("gives every API answer the headers Strapi's security middleware gives any other path, each time", async () => {
    // /_health is answered through Strapi's own middleware; API calls replay what it set on the first one.
    const own = securityOf(await fetch(`${app.url}/_health`));
    expect(own['x-frame-options']).toBe('SAMEORIGIN');
    expect(own['content-security-policy']).toContain("default-src 'self'");
    expect(own['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    for (const path of ['/api/auth/portals', '/api/auth/me', '/api/no-such-collection', '/api/auth/portals']) {
      const response = await fetch(`${app.url}${path}`);
      expect(securityOf(response), path).toEqual(own);
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

describe("guest sessions stay inside the superadmin's portal", () => {
  it('refuses a code for a user of another portal as if the user did not exist', async () => {
    const elsewhere = await createPortal(app, 'hardening-elsewhere');
    const superadmin = await signedInUser(app, 'hardening-guest-super', 'superadmin', home);
    const stranger = await createUser(app, { email: uniqueEmail('hardening-stranger'), portal: elsewhere.id });
    const neighbour = await createUser(app, { email: uniqueEmail('hardening-neighbour'), portal: home.id });
    const refused = await call(
      app,
      'POST',
      '/api/auth/guest',
      { userId: stranger.id },
      { authCode: superadmin.authCode },
    );
    expect(refused).toMatchObject({ status: 404, body: { error: { message: 'User not found' } } });
    const allowed = await call(
      app,
      'POST',
      '/api/auth/guest',
      { userId: neighbour.id },
      { authCode: superadmin.authCode },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.path).toBe(`/guest_session/${allowed.body.code}`);
  });

  it('keeps a guest session read-only', async () => {
    const user = await createUser(app, { email: uniqueEmail('hardening-guest'), portal: home.id });
    const guest = await openGuestSession(app, user.id);
    expect(
      (
        await call(
          app,
          'POST',
          '/api/email/mailchimpsubscribe',
          { email: 'g@example.com', portal: home.slug },
          { authCode: guest },
        )
      ).status,
    ).toBe(403);
  });
});
