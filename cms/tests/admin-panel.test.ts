import { beforeAll, describe, expect, it } from 'vitest';
import { http, useStrapi, type TestApp } from './helpers/strapi';

let app: TestApp;
let editorToken: string;

beforeAll(async () => {
  app = await useStrapi();
  const editorRole = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
  await app.strapi.service('admin::user').create({
    email: 'layout-editor@portal.local', firstname: 'Layout', lastname: 'Editor', password: 'EditorPass2026!', isActive: true, roles: [editorRole.id],
  });
  const login = await http(app, 'POST', '/admin/login', { email: 'layout-editor@portal.local', password: 'EditorPass2026!' });
  editorToken = login.body.data.token;
});

async function configuration(uid: string) {
  const { status, body } = await http(app, 'GET', `/content-manager/content-types/${uid}/configuration`, undefined, {
    Authorization: `Bearer ${editorToken}`,
  });
  expect(status).toBe(200);
  return body.data.contentType;
}

describe('what content staff see in the admin panel', () => {
  it('names entries by a readable field and lists the columns that matter', async () => {
    const portal = await configuration('api::portal.portal');
    expect(portal.settings.mainField).toBe('name');
    expect(portal.layouts.list).toEqual(['name', 'slug', 'pageTitle', 'isDefault']);

    const content = await configuration('api::content.content');
    expect(content.settings.mainField).toBe('slug');
    expect(content.layouts.list).toContain('portal');
  });

  it('shows relations by the target’s name rather than its id', async () => {
    const investment = await configuration('api::investment.investment');
    expect(investment.metadatas.fund.edit.mainField).toBe('name');
    expect(investment.metadatas.company.edit.mainField).toBe('name');
    const syndUser = await configuration('api::synd-user.synd-user');
    expect(syndUser.metadatas.user.edit.mainField).toBe('email');
  });

  it('gives every type a display name', () => {
    for (const uid of Object.keys(app.strapi.contentTypes).filter((key) => key.startsWith('api::'))) {
      const name = app.strapi.contentTypes[uid as keyof typeof app.strapi.contentTypes].info.displayName;
      expect(name, uid).toMatch(/^[A-Z][A-Za-z -]+$/);
    }
  });
});
