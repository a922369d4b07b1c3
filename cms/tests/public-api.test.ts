import { beforeAll, describe, expect, it } from 'vitest';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { USER } from '../src/utils/uids';

let app: TestApp;
let portalB: string;

beforeAll(async () => {
  app = await useStrapi();
  const portals = fixtureDocuments(app, 'api::portal.portal');
  const alpha = (
    await portals.create({
      data: { name: 'Alpha Portal', slug: 'alpha-public', isDefault: true, domains: ['alpha.test'] },
    })
  ).documentId;
  portalB = (await portals.create({ data: { name: 'Beta Portal', slug: 'beta-public', primaryColor: '#ff0000' } }))
    .documentId;
  const items = fixtureDocuments(app, 'api::blog-item.blog-item');
  await items.create({ data: { title: 'Published paper', slug: 'published-paper', isPublished: true, portal: alpha } });
  await items.create({ data: { title: 'Draft paper', slug: 'draft-paper', isPublished: false, portal: alpha } });
});

describe('GET /api/auth/portals', () => {
  it('lists portals with their public fields and defaults filled in', async () => {
    const { status, body } = await http(app, 'GET', '/api/auth/portals');
    expect(status).toBe(200);
    const alpha = body.items.find((portal: { slug: string }) => portal.slug === 'alpha-public');
    const beta = body.items.find((portal: { slug: string }) => portal.slug === 'beta-public');
    expect(alpha).toMatchObject({
      name: 'Alpha Portal',
      isDefault: true,
      domains: ['alpha.test'],
      portalColor: '#225',
      primaryColor: '#1976D2',
      secondaryColor: '#5BACA2',
      educationLabel: 'Education',
    });
    expect(beta.primaryColor).toBe('#ff0000');
    expect(body.items[0].isDefault).toBe(true);
    expect(alpha).not.toHaveProperty('createdBy');
  });
});

describe('what visitors reach of the collection calls', () => {
  const MODEL_UNKNOWN = 'Model is not defined on backend. Maybe try to reboot the instance.';

  it('serves the public portal-scoped collections', async () => {
    for (const route of [
      '/api/team_members',
      '/api/assets_items',
      '/api/blog_items',
      '/api/team-members',
      '/api/blog-items',
    ]) {
      const { status, body } = await http(app, 'GET', route);
      expect(status, route).toBe(200);
      expect(body, route).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
    }
  });

  it('shows only published education items, even when asked for drafts', async () => {
    const all = await http(app, 'GET', '/api/blog_items?portal=alpha-public');
    expect(all.body.items.map((item: { title: string }) => item.title)).toEqual(['Published paper']);
    const asked = await http(app, 'GET', '/api/blog_items?portal=alpha-public&filters[isPublished]=false');
    expect(asked.body.items).toEqual([]);
  });

  it('asks for a session on the private collections and knows no other name', async () => {
    for (const name of [
      'funds',
      'investments',
      'synd_users',
      'notifications',
      'tax_documents',
      'news_documents',
      'proof_documents',
      'synd_documents',
      'synd_agreements',
    ]) {
      expect((await http(app, 'GET', `/api/${name}`)).status, name).toBe(401);
    }
    for (const name of [
      'portals',
      'contents',
      'companies',
      'settings',
      'user-auths',
      'notification-templates',
      'subscribers',
      'no_such_thing',
    ]) {
      const { status, body } = await http(app, 'GET', `/api/${name}`);
      expect({ status, message: body?.error?.message }, name).toEqual({ status: 404, message: MODEL_UNKNOWN });
    }
    expect([401, 403]).toContain((await http(app, 'GET', '/api/users')).status);
  });

  it('refuses every write, and edit or delete without an id', async () => {
    expect((await http(app, 'POST', '/api/contents', { data: { slug: 'x' } })).status).toBe(404);
    expect((await http(app, 'DELETE', `/api/portals/${portalB}`)).status).toBe(404);
    expect((await http(app, 'POST', '/api/team_members', { name: 'Intruder' })).status).toBe(403);
    for (const method of ['PUT', 'DELETE']) {
      const { status, body } = await http(app, method, '/api/team_members', {});
      expect({ status, message: body.error.message }, method).toEqual({
        status: 400,
        message: 'id or _id is required',
      });
    }
    const portal = await fixtureDocuments(app, 'api::portal.portal').findOne({ documentId: portalB });
    expect(portal?.name).toBe('Beta Portal');
  });

  it('answers a malformed query with a 400, never a 500', async () => {
    for (const query of [
      'filters=abc',
      'filters[0]=x',
      'filters[secret]=1',
      'filters[title][$where]=1',
      'sort=password',
      'populate=*',
      'limit=-1',
      'limit=1000',
      'mine=maybe',
      'where=1',
    ]) {
      const { status, body } = await http(app, 'GET', `/api/blog_items?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.message, query).toEqual(expect.any(String));
    }
  });

  it("keeps the users-permissions plugin's own sign-up and sign-in routes closed", async () => {
    const register = await http(app, 'POST', '/api/auth/local/register', {
      username: 'sneaky',
      email: 'sneaky@example.com',
      password: 'secret123',
    });
    expect([401, 403]).toContain(register.status);
    expect(await app.strapi.db.query(USER).count({ where: { email: 'sneaky@example.com' } })).toBe(0);
    expect([401, 403]).toContain(
      (await http(app, 'POST', '/api/auth/local', { identifier: 'x', password: 'y' })).status,
    );
  });

  it('lets the site send the authcode header across origins', async () => {
    const response = await fetch(`${app.url}/api/auth/portals`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authcode',
      },
    });
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authcode');
  });
});
