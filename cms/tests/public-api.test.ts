import { beforeAll, describe, expect, it } from 'vitest';
import { http, useStrapi, type TestApp } from './helpers/strapi';

let app: TestApp;
let portalA: string;
let portalB: string;

beforeAll(async () => {
  app = await useStrapi();
  const portals = app.strapi.documents('api::portal.portal');
  portalA = (await portals.create({ data: { name: 'Alpha Portal', slug: 'alpha-public', isDefault: true, domains: ['alpha.test'] } })).documentId;
  portalB = (await portals.create({ data: { name: 'Beta Portal', slug: 'beta-public', primaryColor: '#ff0000' } })).documentId;
  const items = app.strapi.documents('api::blog-item.blog-item');
  await items.create({ data: { title: 'Published paper', slug: 'published-paper', isPublished: true, portal: portalA } });
  await items.create({ data: { title: 'Draft paper', slug: 'draft-paper', isPublished: false, portal: portalA } });
  await app.strapi.documents('api::fund.fund').create({ data: { name: 'Secret Fund', url_slug: 'secret-fund-public' } });
});

describe('GET /api/auth/portals', () => {
  it('lists portals with their public fields and defaults filled in', async () => {
    const { status, body } = await http(app, 'GET', '/api/auth/portals');
    expect(status).toBe(200);
    const alpha = body.items.find((portal: { slug: string }) => portal.slug === 'alpha-public');
    const beta = body.items.find((portal: { slug: string }) => portal.slug === 'beta-public');
    expect(alpha).toMatchObject({ name: 'Alpha Portal', isDefault: true, domains: ['alpha.test'], portalColor: '#225', primaryColor: '#1976D2', secondaryColor: '#5BACA2', educationLabel: 'Education' });
    expect(beta.primaryColor).toBe('#ff0000');
    expect(body.items[0].isDefault).toBe(true);
    expect(alpha).not.toHaveProperty('createdBy');
  });
});

describe('generic REST access for visitors', () => {
  it('serves the public portal-scoped types', async () => {
    for (const route of ['/api/portals', '/api/contents', '/api/team-members', '/api/assets-items', '/api/blog-items']) {
      const { status } = await http(app, 'GET', route);
      expect(status, route).toBe(200);
    }
  });

  it('shows only published education items, even when asked for drafts', async () => {
    // Other test files add education items of their own portals to the same database.
    const ofAlpha = 'filters[portal][slug][$eq]=alpha-public';
    const all = await http(app, 'GET', `/api/blog-items?${ofAlpha}`);
    expect(all.body.data.map((item: { title: string }) => item.title)).toEqual(['Published paper']);
    const asked = await http(app, 'GET', '/api/blog-items?filters[isPublished]=false');
    expect(asked.body.data).toEqual([]);
  });

  it('closes every business type, and writes to the public ones', async () => {
    for (const route of ['/api/funds', '/api/investments', '/api/synd-users', '/api/companies', '/api/settings', '/api/user-auths',
      '/api/notifications', '/api/notification-templates', '/api/subscribers', '/api/tax-documents', '/api/proof-documents',
      '/api/news-documents', '/api/synd-documents', '/api/synd-agreements']) {
      const { status } = await http(app, 'GET', route);
      expect([403, 404], route).toContain(status);
    }
    expect((await http(app, 'GET', '/api/users')).status).toBe(403);
    expect((await http(app, 'POST', '/api/contents', { data: { slug: 'x' } })).status).not.toBe(200);
    expect((await http(app, 'DELETE', `/api/portals/${portalB}`)).status).not.toBe(200);
    const portal = await app.strapi.documents('api::portal.portal').findOne({ documentId: portalB });
    expect(portal?.name).toBe('Beta Portal');
  });

  it("keeps the users-permissions plugin's own sign-up and sign-in routes closed", async () => {
    const register = await http(app, 'POST', '/api/auth/local/register', { username: 'sneaky', email: 'sneaky@example.com', password: 'secret123' });
    expect(register.status).toBe(403);
    expect(await app.strapi.db.query('plugin::users-permissions.user').count({ where: { email: 'sneaky@example.com' } })).toBe(0);
    expect((await http(app, 'POST', '/api/auth/local', { identifier: 'x', password: 'y' })).status).toBe(403);
  });

  it('lets the site send the authcode header across origins', async () => {
    const response = await fetch(`${app.url}/api/auth/portals`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authcode' },
    });
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authcode');
  });
});
