import { beforeAll, describe, expect, it } from 'vitest';
import type { UID } from '@strapi/strapi';
import { fileStorage } from '../src/providers/storage';
import { fileLinkToken } from '../src/utils/file-links';
import { refusal } from './helpers/answers';
import { call, openGuestSession } from './helpers/auth';
import { createInvestor, createOffering, download, type Investor, type Offering } from './helpers/signing';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { describeUploads } from './helpers/upload-cases';
import { pdfBytes } from './helpers/uploads';
import {
  FILE_DOWNLOAD,
  FUND,
  NEWS_DOCUMENT,
  PROOF_DOCUMENT,
  SYND_DOCUMENT,
  TAX_DOCUMENT,
  USER,
} from '../src/utils/uids';

let app: TestApp;
let P: Offering;
let Q: Offering;
let ann: Investor;
let ben: Investor;
let otherPortal: Investor;

/** A stored file and its row: the bytes investors must get back. */
async function stored(
  uid: UID.ContentType,
  key: string,
  data: Record<string, unknown>,
): Promise<{ id: number; documentId: string; bytes: Buffer }> {
  const bytes = pdfBytes(key);
  await fileStorage(app.strapi).put(key, bytes);
  const row = await fixtureDocuments(app, uid).create({ data: { docPath: key, bucketId: 'local', ...data } as never });
  return { id: row.id as number, documentId: row.documentId, bytes };
}

const as = (investor: { authCode: string }) => ({ authCode: investor.authCode });
const downloadsOf = (userId: number) =>
  app.strapi.db
    .query(FILE_DOWNLOAD)
    .findMany({ where: { user: { id: userId } }, populate: ['fund'], orderBy: { id: 'asc' } });

const files: Record<string, { id: number; documentId: string; bytes: Buffer }> = {};

beforeAll(async () => {
  app = await useStrapi();
  P = await createOffering(app, 'files-p');
  Q = await createOffering(app, 'files-q');
  ann = await createInvestor(app, P, 'files-ann', { spouse: false });
  ben = await createInvestor(app, P, 'files-ben', { spouse: false });
  otherPortal = await createInvestor(app, Q, 'files-q', { spouse: false });
  const userOf = async (investor: Investor) =>
    (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId;

  files.annTax = await stored(TAX_DOCUMENT, 'tax/files-ann/k1-2025.pdf', {
    originalName: 'k1-2025.pdf',
    title: '  K-1 2025  ',
    year: 2025,
    user: await userOf(ann),
    fund: P.fund,
  });
  files.annTaxOld = await stored(TAX_DOCUMENT, 'tax/files-ann/k1-2024.pdf', {
    originalName: 'k1-2024.pdf',
    year: 2024,
    user: await userOf(ann),
    fund: P.fund,
  });
  files.benTax = await stored(TAX_DOCUMENT, 'tax/files-ben/k1-2025.pdf', {
    originalName: 'ben-k1.pdf',
    year: 2025,
    user: await userOf(ben),
    fund: P.fund,
  });
  files.annNews = await stored(NEWS_DOCUMENT, 'news/files-ann/q3.pdf', {
    originalName: 'q3-letter.pdf',
    title: 'Q3 letter',
    year: 2025,
    user: await userOf(ann),
    fund: P.fund,
  });
  files.annProof = await stored(PROOF_DOCUMENT, 'proof/files-ann/statement.pdf', {
    originalName: 'statement.pdf',
    user: await userOf(ann),
  });
  files.benProof = await stored(PROOF_DOCUMENT, 'proof/files-ben/statement.pdf', {
    originalName: 'ben-statement.pdf',
    user: await userOf(ben),
  });
  files.pDd = await stored(SYND_DOCUMENT, 'synd/files-p/memo.pdf', {
    originalName: 'memo.pdf',
    title: 'Offering memo',
    fund: P.fund,
  });
  files.pDdDeleted = await stored(SYND_DOCUMENT, 'synd/files-p/old.pdf', {
    originalName: 'old.pdf',
    fund: P.fund,
    isDeleted: true,
  });
  files.qDd = await stored(SYND_DOCUMENT, 'synd/files-q/memo.pdf', { originalName: 'q-memo.pdf', fund: Q.fund });
});

describe('file lists', () => {
  it('lists only the caller’s own tax documents of the year, with the fund and the title to show', async () => {
    const listed = await call(
      app,
      'GET',
      '/api/tax_documents?mine=true&filters[year]=2025&populate=fund&limit=999',
      undefined,
      as(ann),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    const fund = await app.strapi.db.query(FUND).findOne({ where: { documentId: P.fund } });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: files.annTax.id,
        documentId: files.annTax.documentId,
        originalName: 'k1-2025.pdf',
        title: '  K-1 2025  ',
        displayTitle: 'K-1 2025',
        year: 2025,
        fund: { id: fund.id, documentId: P.fund, name: 'files-p Fund I' },
        createdAt: expect.any(String),
      }),
    ]);
  });

  it('falls back to the file name when a document has no title', async () => {
    const listed = await call(app, 'GET', '/api/proof_documents?mine=true&limit=999', undefined, as(ann));
    expect(listed.body.items.map((item: { displayTitle: string }) => item.displayTitle)).toEqual(['statement.pdf']);
  });

  it('lists a fund’s due-diligence documents to users of its portal, and answers 404 to another portal', async () => {
    const listed = await call(app, 'GET', `/api/funds/${P.fund}/synd_documents?limit=999`, undefined, as(ben));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      items: [expect.objectContaining({ id: files.pDd.id, originalName: 'memo.pdf', displayTitle: 'Offering memo' })],
      total: 1,
    });
    const byNumericId = await app.strapi.db.query(FUND).findOne({ where: { documentId: P.fund } });
    expect(
      (await call(app, 'GET', `/api/funds/${byNumericId.id}/synd_documents?limit=999`, undefined, as(ann))).body.total,
    ).toBe(1);

    expect(
      await call(app, 'GET', `/api/funds/${P.fund}/synd_documents?limit=999`, undefined, as(otherPortal)),
    ).toMatchObject(refusal(404, 'Not found'));
    expect(await call(app, 'GET', '/api/funds/999999999/synd_documents?limit=999', undefined, as(ann))).toMatchObject(
      refusal(404, 'Not found'),
    );
    expect((await call(app, 'GET', `/api/funds/${P.fund}/synd_documents?limit=999`)).status).toBe(401);
  });
});

describe('downloads', () => {
  const cases = [
    ['tax_documents', 'annTax', 'benTax', 'k1-2025.pdf'],
    ['news_documents', 'annNews', null, 'q3-letter.pdf'],
    ['proof_documents', 'annProof', 'benProof', 'statement.pdf'],
  ] as const;

  for (const [collection, own, others, name] of cases) {
    it(`${collection}: a five-minute link to the caller’s own file, recorded; another’s file is 404`, async () => {
      const before = (await downloadsOf(ann.id)).length;
      const answer = await call(app, 'POST', `/api/profile/${collection}/download`, { id: files[own].id }, as(ann));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\//),
        originalName: name,
      });
      const fetched = await download(answer.body.url);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(files[own].bytes)).toBe(true);
      expect(fetched.headers.get('content-disposition')).toContain(`attachment; filename="${name}"`);

      const records = await downloadsOf(ann.id);
      expect(records).toHaveLength(before + 1);
      expect(records.at(-1)).toMatchObject({
        kind: collection.replace(/s$/, ''),
        fileId: files[own].id,
        fileDocumentId: files[own].documentId,
        fileName: name,
        guestSession: false,
      });
      expect(records.at(-1).ip).toBeTruthy();

      if (others)
        expect(
          await call(app, 'POST', `/api/profile/${collection}/download`, { id: files[others].documentId }, as(ann)),
        ).toMatchObject(refusal(404, 'Not found'));
      expect(await call(app, 'POST', `/api/profile/${collection}/download`, { id: 999999999 }, as(ann))).toMatchObject(
        refusal(404, 'Not found'),
      );
      expect(await downloadsOf(ann.id)).toHaveLength(before + 1);
    });
  }

  it('lets a guest session (a superadmin looking as the investor) download what the investor may, and says so in the record', async () => {
    const guest = await openGuestSession(app, ann.id);
    const answer = await call(
      app,
      'POST',
      '/api/profile/tax_documents/download',
      { id: files.annTax.id },
      { authCode: guest },
    );
    expect(answer.status).toBe(200);
    expect((await download(answer.body.url)).bytes.equals(files.annTax.bytes)).toBe(true);
    expect((await downloadsOf(ann.id)).at(-1)).toMatchObject({ fileId: files.annTax.id, guestSession: true });
    expect(
      await call(app, 'POST', '/api/profile/tax_documents/download', { id: files.benTax.id }, { authCode: guest }),
    ).toMatchObject(refusal(404, 'Not found'));
    // Still read-only: the guest session saves nothing.
    expect(
      (
        await call(
          app,
          'POST',
          '/api/profile/proof_documents/save',
          { path: 'proof/x/y.pdf', name: 'y.pdf', bucket: 'local' },
          { authCode: guest },
        )
      ).status,
    ).toBe(403);
  });

  it('synd_documents: a document of a fund of the caller’s portal, with the fund recorded', async () => {
    const answer = await call(
      app,
      'POST',
      `/api/profile/synd_documents/download?fundId=${P.fund}`,
      { id: files.pDd.documentId },
      as(ben),
    );
    expect(answer.status).toBe(200);
    expect((await download(answer.body.url)).bytes.equals(files.pDd.bytes)).toBe(true);
    const [record] = await downloadsOf(ben.id);
    expect(record).toMatchObject({
      kind: 'synd_document',
      fileName: 'memo.pdf',
      fund: expect.objectContaining({ documentId: P.fund }),
    });

    const refused = [
      [`?fundId=${P.fund}`, files.pDdDeleted.id, as(ben)],
      [`?fundId=${Q.fund}`, files.qDd.id, as(ben)],
      [`?fundId=${P.fund}`, files.qDd.id, as(ben)],
      [`?fundId=${P.fund}`, files.pDd.id, as(otherPortal)],
    ] as const;
    for (const [query, id, caller] of refused) {
      expect(
        await call(app, 'POST', `/api/profile/synd_documents/download${query}`, { id }, caller),
        `${query} ${id}`,
      ).toMatchObject(refusal(404, 'Not found'));
    }
    expect(
      await call(app, 'POST', '/api/profile/synd_documents/download', { id: files.pDd.id }, as(ben)),
    ).toMatchObject(refusal(400, 'fundId is required'));
    expect(await downloadsOf(ben.id)).toHaveLength(1);
  });

  it('refuses bad input, signed-out callers, forged and expired links', async () => {
    expect(await call(app, 'POST', '/api/profile/tax_documents/download', {}, as(ann))).toMatchObject(
      refusal(400, 'id is required'),
    );
    expect(await call(app, 'POST', '/api/profile/tax_documents/download', { id: '../x' }, as(ann))).toMatchObject(
      refusal(400, 'id must be a numeric id or a documentId'),
    );
    expect((await call(app, 'POST', '/api/profile/tax_documents/download', { id: files.annTax.id })).status).toBe(401);

    const { url } = (await call(app, 'POST', '/api/profile/tax_documents/download', { id: files.annTax.id }, as(ann)))
      .body;
    const signatureAt = url.lastIndexOf('.') + 1;
    const forged = `${url.slice(0, signatureAt)}${url[signatureAt] === 'A' ? 'B' : 'A'}${url.slice(signatureAt + 1)}`;
    expect((await download(forged)).status).toBe(404);
    const otherKey = fileLinkToken({ storage: 'local', key: 'tax/files-ben/k1-2025.pdf', name: 'x.pdf' }).split('.')[0];
    expect((await download(url.replace(/\/files\/[^.]+/, `/files/${otherKey}`))).status).toBe(404);
    const expired = fileLinkToken(
      { storage: 'local', key: 'tax/files-ann/k1-2025.pdf', name: 'k1.pdf' },
      Date.now() - 6 * 60 * 1000,
    );
    expect(await http(app, 'GET', `/api/files/${expired}`)).toMatchObject(
      refusal(403, 'This download link has expired'),
    );
  });
});

describeUploads('local', useStrapi, (answer, why) => {
  const expected = {
    'too large': [413, 'The file is larger than 1 KB'],
    'wrong type': [403, 'The upload policy does not allow this Content-Type'],
    'other key': [403, 'The upload policy does not allow this key'],
    expired: [403, 'The upload policy has expired'],
  } as const;
  const [status, message] = expected[why];
  expect(answer.status, why).toBe(status);
  expect(JSON.parse(answer.text)).toMatchObject({ error: { status, message } });
});
