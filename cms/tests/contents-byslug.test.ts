import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { call } from './helpers/auth';
import { PORTAL } from '../src/utils/uids';

let app: TestApp;

beforeAll(async () => {
  app = await useStrapi();
  const portals = fixtureDocuments(app, 'api::portal.portal');
  const one = await portals.create({ data: { name: 'Slug One', slug: 'byslug-one' } });
  const two = await portals.create({ data: { name: 'Slug Two', slug: 'byslug-two' } });
  const contents = fixtureDocuments(app, 'api::content.content');
  await contents.create({
    data: { slug: 'byslug-terms', title: 'Terms One', body: '<p>one</p>', portal: one.documentId },
  });
  await contents.create({
    data: { slug: 'about-intro', title: 'About One', body: '<p>about</p>', portal: one.documentId },
  });
  await contents.create({
    data: { slug: 'byslug-terms', title: 'Terms Two', body: '<p>two</p>', portal: two.documentId },
  });
  await contents.create({ data: { slug: 'only-two', title: 'Only Two', portal: two.documentId } });
});

describe('POST /api/contents/byslug', () => {
  it("answers the portal's items for the slugs that exist there, keyed by slug", async () => {
    const { status, body } = await call(app, 'POST', '/api/contents/byslug', {
      slug: ['byslug-terms', 'about-intro', 'only-two', 'missing'],
      portal: 'byslug-one',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      contents: {
        'byslug-terms': { title: 'Terms One', body: '<p>one</p>' },
        'about-intro': { title: 'About One', body: '<p>about</p>' },
      },
    });
    const two = await call(app, 'POST', '/api/contents/byslug', {
      slug: ['byslug-terms', 'only-two'],
      portal: 'byslug-two',
    });
    expect(two.body.contents).toEqual({
      'byslug-terms': { title: 'Terms Two', body: '<p>two</p>' },
      'only-two': { title: 'Only Two', body: null },
    });
  });

  it("takes the portal from the request's Origin when the body names none (the spec's call has no portal)", async () => {
    await app.strapi.db
      .query(PORTAL)
      .update({ where: { slug: 'byslug-two' }, data: { domains: ['www.byslug-two.example'] } });
    const { status, body } = await call(
      app,
      'POST',
      '/api/contents/byslug',
      { slug: ['byslug-terms'] },
      { headers: { origin: 'https://www.byslug-two.example' } },
    );
    expect(status).toBe(200);
    expect(body.contents).toEqual({ 'byslug-terms': { title: 'Terms Two', body: '<p>two</p>' } });
  });

  it('answers 404 for an unknown portal', async () => {
    const unknown = await call(app, 'POST', '/api/contents/byslug', {
      slug: ['byslug-terms'],
      portal: 'no-such-portal',
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: 'Portal not found' } } });
  });

  it('refuses a malformed body with a 400', async () => {
    const cases: [unknown, string][] = [
      [{ portal: 'byslug-one' }, 'slug is required'],
      [{ slug: 'byslug-terms', portal: 'byslug-one' }, 'slug must be a list of slugs'],
      [{ slug: [1], portal: 'byslug-one' }, 'each slug must be a string'],
      [{ slug: [], portal: 'byslug-one' }, 'slug must name at least one item'],
      [
        { slug: Array.from({ length: 101 }, (_, i) => `s${i}`), portal: 'byslug-one' },
        'slug may name at most 100 items',
      ],
      [{ slug: ['a'], portal: 5 }, 'portal must be a string'],
    ];
    for (const [payload, message] of cases) {
      expect(await call(app, 'POST', '/api/contents/byslug', payload), message).toMatchObject({
        status: 400,
        body: { error: { message } },
      });
    }
  });
});
