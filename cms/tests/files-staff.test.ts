import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call } from './helpers/auth';
import { createInvestor, createOffering, download, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp } from './helpers/strapi';
import { pdfBytes } from './helpers/uploads';
import { FILE_DOWNLOAD, NEWS_DOCUMENT, NOTIFICATION, TAX_DOCUMENT, USER } from '../src/utils/uids';

let app: TestApp;
let P: Offering;
let ann: Investor;
let ben: Investor;
let dan: Investor;
let editorToken: string;
let superToken: string;

const panel = (token: string, method: string, route: string, body?: unknown) =>
  http(app, method, route, body, { Authorization: `Bearer ${token}` });

/** A file put in the media library the way the panel does it: its id. */
async function mediaFile(name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(`${app.url}/upload`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${editorToken}` },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }[])[0].id;
}

const userDocumentId = async (investor: Investor) =>
  (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId;
const noticesOf = (investor: Investor, template: string) =>
  app.strapi.db.query(NOTIFICATION).findMany({ where: { user: { id: investor.id }, template: { name: template } } });

beforeAll(async () => {
  app = await useStrapi();
  P = await createOffering(app, 'staff-docs');
  ann = await createInvestor(app, P, 'staff-ann', { spouse: false });
  ben = await createInvestor(app, P, 'staff-ben', { spouse: false });
  dan = await createInvestor(app, P, 'staff-dan', { spouse: false, status: 'Declined investment' });
  editorToken = await adminToken(app, 'docs-editor@portal.local', 'strapi-editor', ['Staff', 'Uploader'], [P.portal]);
  superToken = await adminToken(app, 'docs-super@portal.local', 'strapi-super-admin', ['Staff', 'Uploader']);
});

describe('content staff publish tax and news documents in the admin panel', () => {
  it('sends a tax document to every investor of a fund: one private copy each, a notification each', async () => {
    const bytes = pdfBytes('fund-wide k1');
    const media = await mediaFile('K1 2025.pdf', bytes);
    const created = await panel(editorToken, 'POST', `/content-manager/collection-types/${TAX_DOCUMENT}`, {
      title: 'K-1 2025',
      year: 2025,
      fund: { connect: [{ documentId: P.fund }] },
      sendToAllFundInvestors: true,
      file: media,
    });
    expect(created.status).toBe(201);

    const rows = await app.strapi.db
      .query(TAX_DOCUMENT)
      .findMany({ where: { fund: { documentId: P.fund } }, populate: ['user'] });
    const copies = rows.filter((row: { user: unknown }) => row.user);
    expect(copies.map((row: { user: { id: number } }) => row.user.id).sort()).toEqual([ann.id, ben.id].sort());
    expect(rows.find((row: { user: unknown }) => !row.user)).toMatchObject({
      sendToAllFundInvestors: true,
      documentId: created.body.data.documentId,
    });
    for (const row of rows)
      expect(row).toMatchObject({
        title: 'K-1 2025',
        originalName: 'K1 2025.pdf',
        docPath: expect.stringMatching(/^tax\//),
        bucketId: 'local',
      });

    // The media library keeps no copy: the file is private now.
    expect((await panel(editorToken, 'GET', `/upload/files/${media}`)).status).toBe(404);

    for (const investor of [ann, ben]) {
      expect(await noticesOf(investor, 'new_tax_document')).toEqual([
        expect.objectContaining({ messageSubject: 'New tax document: K-1 2025' }),
      ]);
      expect((await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).taxDocumentsCount).toBe(1);
      const listed = await call(
        app,
        'GET',
        '/api/tax_documents?mine=true&filters[year]=2025&populate=fund&limit=999',
        undefined,
        { authCode: investor.authCode },
      );
      expect(listed.body.items).toEqual([
        expect.objectContaining({ displayTitle: 'K-1 2025', fund: expect.objectContaining({ documentId: P.fund }) }),
      ]);
      const link = await call(
        app,
        'POST',
        '/api/profile/tax_documents/download',
        { id: listed.body.items[0].id },
        { authCode: investor.authCode },
      );
      expect((await download(link.body.url)).bytes.equals(bytes)).toBe(true);
    }
    expect(await noticesOf(dan, 'new_tax_document')).toEqual([]);
    expect(
      (await call(app, 'GET', '/api/tax_documents?mine=true&limit=999', undefined, { authCode: dan.authCode })).body
        .total,
    ).toBe(0);
  });

  it('sends a news document to one investor', async () => {
    const media = await mediaFile('q3.pdf', pdfBytes('news for ann'));
    const created = await panel(editorToken, 'POST', `/content-manager/collection-types/${NEWS_DOCUMENT}`, {
      title: 'Q3 letter',
      year: 2025,
      fund: { connect: [{ documentId: P.fund }] },
      user: { connect: [{ documentId: await userDocumentId(ann) }] },
      file: media,
    });
    expect(created.status).toBe(201);
    expect(await noticesOf(ann, 'new_news_document')).toEqual([
      expect.objectContaining({ messageSubject: 'News from staff-docs Fund I: Q3 letter' }),
    ]);
    expect(await noticesOf(ben, 'new_news_document')).toEqual([]);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: ann.id } })).newsDocumentsCount).toBe(1);
  });

  it('tells the investor a document is handed to later, and nobody again for an edit of its title', async () => {
    const media = await mediaFile('statement.pdf', pdfBytes('meant for ben'));
    const created = await panel(editorToken, 'POST', `/content-manager/collection-types/${NEWS_DOCUMENT}`, {
      title: 'Capital statement',
      year: 2025,
      fund: { connect: [{ documentId: P.fund }] },
      user: { connect: [{ documentId: await userDocumentId(ann) }] },
      file: media,
    });
    expect(created.status).toBe(201);
    const annBefore = (await noticesOf(ann, 'new_news_document')).length;
    const moved = await panel(
      editorToken,
      'PUT',
      `/content-manager/collection-types/${NEWS_DOCUMENT}/${created.body.data.documentId}`,
      {
        user: { connect: [{ documentId: await userDocumentId(ben) }] },
      },
    );
    expect(moved.status).toBe(200);
    expect(await noticesOf(ben, 'new_news_document')).toEqual([
      expect.objectContaining({ messageSubject: 'News from staff-docs Fund I: Capital statement' }),
    ]);
    const retitled = await panel(
      editorToken,
      'PUT',
      `/content-manager/collection-types/${NEWS_DOCUMENT}/${created.body.data.documentId}`,
      { title: 'Capital statement Q3' },
    );
    expect(retitled.status).toBe(200);
    expect(await noticesOf(ben, 'new_news_document')).toHaveLength(1);
    expect(await noticesOf(ann, 'new_news_document')).toHaveLength(annBefore);
    expect((await app.strapi.db.query(USER).findOne({ where: { id: ben.id } })).newsDocumentsCount).toBe(1);
  });

  it('refuses a document without its file or without anyone to send it to, and keeps nothing', async () => {
    const before = await app.strapi.db.query(TAX_DOCUMENT).count();
    const noFile = await panel(editorToken, 'POST', `/content-manager/collection-types/${TAX_DOCUMENT}`, {
      title: 'No file',
      year: 2025,
      user: { connect: [{ documentId: await userDocumentId(ann) }] },
    });
    expect(noFile).toMatchObject({ status: 400, body: { error: { message: 'Attach the document file' } } });
    const nobody = await panel(editorToken, 'POST', `/content-manager/collection-types/${TAX_DOCUMENT}`, {
      title: 'Nobody',
      year: 2025,
      file: await mediaFile('x.pdf', pdfBytes('x')),
    });
    expect(nobody).toMatchObject({
      status: 400,
      body: { error: { message: 'Choose the investor, or a fund and Send To All Fund Investors' } },
    });
    expect(await app.strapi.db.query(TAX_DOCUMENT).count()).toBe(before);
  });
});

describe('the download records in the admin panel', () => {
  it('are listed to content staff and changed by nobody', async () => {
    const [document] = (
      await call(app, 'GET', '/api/tax_documents?mine=true&limit=999', undefined, { authCode: ann.authCode })
    ).body.items;
    await call(app, 'POST', '/api/profile/tax_documents/download', { id: document.id }, { authCode: ann.authCode });
    const listed = await panel(
      editorToken,
      'GET',
      '/content-manager/collection-types/api::file-download.file-download?filters[fileName][$eq]=K1%202025.pdf',
    );
    expect(listed.status).toBe(200);
    const record = listed.body.results.find((row: { fileId: number }) => row.fileId === document.id);
    expect(record).toMatchObject({ kind: 'tax_document', fileName: 'K1 2025.pdf' });

    const route = `/content-manager/collection-types/api::file-download.file-download/${record.documentId}`;
    expect((await panel(editorToken, 'PUT', route, { fileName: 'changed.pdf' })).status).toBe(403);
    expect((await panel(superToken, 'PUT', route, { fileName: 'changed.pdf' })).status).toBe(403);
    expect((await panel(superToken, 'DELETE', route)).status).toBe(403);
    expect(
      (await app.strapi.db.query(FILE_DOWNLOAD).findOne({ where: { documentId: record.documentId } })).fileName,
    ).toBe('K1 2025.pdf');
  });
});
