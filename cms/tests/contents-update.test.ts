import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, openGuestSession, signedInUser } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { CONTENT } from '../src/utils/uids';

let app: TestApp;
let portalA: TestPortal;
let superadmin: Awaited<ReturnType<typeof signedInUser>>;
let superadminOfB: Awaited<ReturnType<typeof signedInUser>>;

const update = (body: unknown, authCode = superadmin.authCode) =>
  call(app, 'POST', '/api/contents/update', body, { authCode });
const bySlug = async (slug: string, portal: string) =>
  (await call(app, 'POST', '/api/contents/byslug', { slug: [slug], portal })).body.contents[slug];
const rowsOf = (slug: string) => app.strapi.db.query(CONTENT).findMany({ where: { slug }, populate: { portal: true } });

beforeAll(async () => {
  app = await useStrapi();
  portalA = await createPortal(app, 'edit-a');
  const portalB = await createPortal(app, 'edit-b');
  superadmin = await signedInUser(app, 'edit-super', 'superadmin', portalA);
  superadminOfB = await signedInUser(app, 'edit-super-b', 'superadmin', portalB);
  const contents = fixtureDocuments(app, CONTENT);
  await contents.create({
    data: { slug: 'edit-terms', title: 'Terms A', body: '<p>old A</p>', portal: portalA.documentId },
  });
  await contents.create({
    data: { slug: 'edit-terms', title: 'Terms B', body: '<p>old B</p>', portal: portalB.documentId },
  });
});

describe('POST /api/contents/update: who may edit', () => {
  it('answers 401 when signed out', async () => {
    const { status } = await call(app, 'POST', '/api/contents/update', {
      slug: 'edit-terms',
      portal: 'edit-a',
      title: 'Hacked',
    });
    expect(status).toBe(401);
  });

  it('answers 403 to users and admins', async () => {
    for (const level of ['user', 'admin'] as const) {
      const { authCode } = await signedInUser(app, `edit-${level}`, level, portalA);
      const refused = await update({ slug: 'edit-terms', portal: 'edit-a', title: 'Hacked' }, authCode);
      expect(refused, level).toMatchObject(refusal(403, "You don't have rights to perform this action"));
    }
  });

  it('answers 403 to a guest session, even one opened as a superadmin', async () => {
    const refused = await update(
      { slug: 'edit-terms', portal: 'edit-a', title: 'Hacked' },
      await openGuestSession(app, superadmin.id),
    );
    expect(refused).toMatchObject(refusal(403, 'A guest session is read-only'));
  });

  it("answers 403 to a superadmin of another portal: a user's rights hold in their own portal only", async () => {
    const refused = await update({ slug: 'edit-terms', portal: 'edit-a', title: 'Hacked' }, superadminOfB.authCode);
    expect(refused).toMatchObject(refusal(403, "You can only change your own portal's content"));
    // Without a portal named, the request is for the default portal (this test run's first), not theirs either.
    expect((await update({ slug: 'edit-terms', title: 'Hacked' }, superadminOfB.authCode)).status).toBe(403);
  });

  it('leaves the item as it was after every refusal', async () => {
    expect(await bySlug('edit-terms', 'edit-a')).toEqual({ title: 'Terms A', body: '<p>old A</p>' });
  });
});

describe('POST /api/contents/update: saving', () => {
  it('saves title and body of an existing item and answers the saved item; byslug then shows it', async () => {
    const { status, body } = await update({
      slug: 'edit-terms',
      portal: 'edit-a',
      title: 'New Terms',
      body: '<p>new <em>A</em></p>',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      content: { slug: 'edit-terms', title: 'New Terms', body: '<p>new <em>A</em></p>' },
    });
    expect(await bySlug('edit-terms', 'edit-a')).toEqual({ title: 'New Terms', body: '<p>new <em>A</em></p>' });
    expect(await rowsOf('edit-terms')).toHaveLength(2);
  });

  it("changes only that portal's item", async () => {
    expect(await bySlug('edit-terms', 'edit-b')).toEqual({ title: 'Terms B', body: '<p>old B</p>' });
  });

  it('keeps a field that is not sent', async () => {
    const { body } = await update({ slug: 'edit-terms', portal: 'edit-a', title: 'Only Title' });
    expect(body.content).toEqual({ slug: 'edit-terms', title: 'Only Title', body: '<p>new <em>A</em></p>' });
    expect((await update({ slug: 'edit-terms', portal: 'edit-a', body: '' })).body.content).toEqual({
      slug: 'edit-terms',
      title: 'Only Title',
      body: '',
    });
  });

  it('creates the item when the slug is new for that portal, once', async () => {
    const created = await update(
      { slug: 'edit-new-block', portal: 'edit-b', title: 'Fresh', body: '<p>fresh</p>' },
      superadminOfB.authCode,
    );
    expect(created).toMatchObject({
      status: 200,
      body: { success: true, content: { slug: 'edit-new-block', title: 'Fresh', body: '<p>fresh</p>' } },
    });
    expect(await bySlug('edit-new-block', 'edit-b')).toEqual({ title: 'Fresh', body: '<p>fresh</p>' });
    expect(await bySlug('edit-new-block', 'edit-a')).toBeUndefined();

    await update({ slug: 'edit-new-block', portal: 'edit-b', title: 'Fresher' }, superadminOfB.authCode);
    const rows = await rowsOf('edit-new-block');
    expect(rows.map((row: { title: string; portal: { slug: string } }) => [row.title, row.portal.slug])).toEqual([
      ['Fresher', 'edit-b'],
    ]);
  });

  it('stores and answers the body sanitised', async () => {
    const { body } = await update({
      slug: 'edit-unsafe',
      portal: 'edit-a',
      title: 'Unsafe',
      body: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p><img src="x" onerror="alert(1)">',
    });
    expect(body.content.body).toBe('<p>Hi <a>link</a></p><img src="x" />');
    expect((await bySlug('edit-unsafe', 'edit-a')).body).toBe('<p>Hi <a>link</a></p><img src="x" />');
  });

  it('answers 404 for an unknown portal', async () => {
    expect(await update({ slug: 'edit-terms', portal: 'no-such-portal', title: 'x' })).toMatchObject(
      refusal(404, 'Portal not found'),
    );
  });

  it('refuses a malformed body with a 400', async () => {
    const cases: [unknown, string][] = [
      [{ portal: 'edit-a', title: 'x' }, 'slug is required'],
      [{ slug: 'has space', portal: 'edit-a' }, 'slug may hold only letters, digits, ".", "-" and "_"'],
      [{ slug: 7, portal: 'edit-a' }, 'slug must be a string'],
      [{ slug: 'edit-terms', portal: 'edit-a', title: 5 }, 'title must be a string'],
      [{ slug: 'edit-terms', portal: 'edit-a', body: { html: '' } }, 'body must be a string'],
      [{ slug: 'edit-terms', portal: 'edit-a', title: 'x'.repeat(501) }, 'title must be at most 500 characters'],
      [['edit-terms'], 'The request body must be a JSON object'],
    ];
    await expectBadRequests(cases, update);
  });
});
