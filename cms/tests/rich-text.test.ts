import type { UID } from '@strapi/strapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPortal, type TestPortal } from './helpers/records';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { CONTENT } from '../src/utils/uids';

let app: TestApp;
let portal: TestPortal;
let adminToken: string;

const YOUTUBE =
  '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';
const NOCOOKIE = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>';

/** Dirty HTML and what is stored of it. */
const CASES: [string, string, string][] = [
  [
    'script tags and their content',
    '<p>Hi<script>alert(1)</script></p><script src="https://evil.example/x.js"></script>',
    '<p>Hi</p>',
  ],
  [
    'style tags and attributes',
    '<style>body{display:none}</style><p style="color:red" class="ql-align-center">x</p>',
    '<p class="ql-align-center">x</p>',
  ],
  [
    'event handler attributes',
    '<img src="/a.png" onerror="alert(1)" alt="a"><p onclick="steal()" onmouseover="x()">p</p>',
    '<img src="/a.png" alt="a" /><p>p</p>',
  ],
  [
    'javascript:, vbscript: and data: links',
    '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><a href="vbscript:msgbox(1)">c</a><a href="data:text/html,x">d</a>',
    '<a>a</a><a>b</a><a>c</a><a>d</a>',
  ],
  ['non-image data: images', '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="x">', '<img alt="x" />'],
  [
    'object, embed, form and other iframes',
    '<object data="x.swf"></object><embed src="x.swf"><form action="/steal"><input name="pw"></form><iframe src="https://evil.example/embed/x"></iframe><iframe src="https://www.youtube.com/watch?v=x"></iframe><iframe src="http://www.youtube.com/embed/x"></iframe>',
    '',
  ],
  [
    'classes other than Quill’s',
    '<span class="ql-size-large evil">s</span><div class="wrapper">d</div>',
    '<span class="ql-size-large">s</span><div>d</div>',
  ],
];

/** Allowed formatting that is stored exactly as written. */
const KEPT = [
  '<h1>T</h1><h2>S</h2><h3>x</h3><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br /></p>',
  '<blockquote>q</blockquote><pre class="ql-syntax">code()</pre><p><code>c</code></p>',
  '<ol><li data-list="bullet" class="ql-indent-1">one</li></ol><ul><li>two</li></ul>',
  '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a> <a href="/terms-of-use">r</a> <a href="#top">h</a> <a href="mailto:a@example.com">m</a> <a href="tel:+15555550100">t</a></p>',
  '<p><img src="https://example.com/a.png" alt="a" width="10" height="20" /><img src="data:image/png;base64,iVBORw0KGgo=" /></p>',
  YOUTUBE,
  NOCOOKIE,
];

beforeAll(async () => {
  app = await useStrapi();
  portal = await createPortal(app, 'rich-text');
  const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
  await app.strapi.service('admin::user').create({
    email: 'rich-text-admin@portal.local',
    firstname: 'Rich',
    lastname: 'Text',
    password: 'RichText2026!',
    isActive: true,
    roles: [role.id],
  });
  adminToken = (
    await http(app, 'POST', '/admin/login', { email: 'rich-text-admin@portal.local', password: 'RichText2026!' })
  ).body.data.token;
});

let counter = 0;
const createContent = async (body: string | null) => {
  counter += 1;
  return fixtureDocuments(app, 'api::content.content').create({
    data: { slug: `rich-${counter}`, body, portal: portal.documentId } as never,
  });
};

describe('rich text is sanitised on every Document Service write (the admin panel’s path)', () => {
  it.each(CASES)('removes %s', async (_name, dirty, clean) => {
    expect((await createContent(dirty)).body).toBe(clean);
  });

  it('keeps allowed formatting, links, images and YouTube embeds as written', async () => {
    for (const html of KEPT) expect((await createContent(html)).body).toBe(html);
  });

  it('sanitises updates too, and leaves an empty body alone', async () => {
    const item = await createContent(null);
    expect(item.body).toBeNull();
    const updated = await fixtureDocuments(app, 'api::content.content').update({
      documentId: item.documentId,
      data: { body: `<p>ok</p><script>alert(1)</script>${YOUTUBE}` },
    });
    expect(updated?.body).toBe(`<p>ok</p>${YOUTUBE}`);
    const stored = await app.strapi.db.query(CONTENT).findOne({ where: { documentId: item.documentId } });
    expect(stored.body).toBe(`<p>ok</p>${YOUTUBE}`);
  });

  it('leaves the caller’s data object as it was', async () => {
    const data = { slug: 'rich-caller', body: '<p>x<script>y</script></p>', portal: portal.documentId };
    await fixtureDocuments(app, 'api::content.content').create({ data });
    expect(data.body).toBe('<p>x<script>y</script></p>');
  });

  it('covers the rich text of every type that has any', async () => {
    const dirty = '<p onclick="x()">t<script>alert(1)</script></p>';
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: {
        name: 'Rich Fund',
        url_slug: 'rich-fund',
        description: dirty,
        funding_my_investment_description: dirty,
        wire_instructions: dirty,
        check_instructions: dirty,
      } as never,
    });
    const created: [UID.ContentType, Record<string, unknown>][] = [
      ['api::fund.fund', fund],
      [
        'api::blog-item.blog-item',
        await fixtureDocuments(app, 'api::blog-item.blog-item').create({ data: { title: 'Rich', body: dirty } }),
      ],
      [
        'api::team-member.team-member',
        await fixtureDocuments(app, 'api::team-member.team-member').create({ data: { name: 'Rich', bio: dirty } }),
      ],
      [
        'api::assets-item.assets-item',
        await fixtureDocuments(app, 'api::assets-item.assets-item').create({
          data: { name: 'Rich', description: dirty },
        }),
      ],
      [
        'api::investment.investment',
        await fixtureDocuments(app, 'api::investment.investment').create({
          data: { name: 'Rich', url_slug: 'rich-inv', description: dirty } as never,
        }),
      ],
      ['api::content.content', await createContent(dirty)],
    ];
    // Every api:: type with a richtext attribute must be in the list above, so a new one cannot slip by untested.
    const hasRichText = (uid: string) =>
      Object.values(app.strapi.getModel(uid as UID.ContentType).attributes).some(
        (attribute) => attribute.type === 'richtext',
      );
    const richTypes = Object.keys(app.strapi.contentTypes)
      .filter((uid) => (uid.startsWith('api::') || uid === 'plugin::users-permissions.user') && hasRichText(uid))
      .sort();
    expect(created.map(([uid]) => uid).sort()).toEqual(richTypes);
    for (const [uid, record] of created) {
      const fields = Object.entries(app.strapi.getModel(uid).attributes)
        .filter(([, attribute]) => attribute.type === 'richtext')
        .map(([name]) => name);
      for (const field of fields) expect(record[field], `${uid}.${field}`).toBe('<p>t</p>');
    }
  });

  it('also through the admin panel’s content manager over HTTP', async () => {
    const headers = { Authorization: `Bearer ${adminToken}` };
    const created = await http(
      app,
      'POST',
      '/content-manager/collection-types/api::content.content',
      {
        slug: 'rich-admin',
        title: 'Admin',
        body: '<p>panel<img src=x onerror=alert(1)></p>',
      },
      headers,
    );
    expect(created.status).toBe(201);
    expect(created.body.data.body).toBe('<p>panel<img src="x" /></p>');
    const updated = await http(
      app,
      'PUT',
      `/content-manager/collection-types/api::content.content/${created.body.data.documentId}`,
      {
        body: '<h2 onclick="x()">Again</h2><style>*{}</style>',
      },
      headers,
    );
    expect(updated.status).toBe(200);
    const stored = await app.strapi.db.query(CONTENT).findOne({ where: { documentId: created.body.data.documentId } });
    expect(stored.body).toBe('<h2>Again</h2>');
  });
});
