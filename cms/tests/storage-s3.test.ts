import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from '../src/providers/storage';
import { s3Client } from '../src/providers/storage/s3';
import { storageSettings } from '../src/providers/storage/settings';
import { call, signedInUser } from './helpers/auth';
import { download } from './helpers/signing';
import { s3ServerMissing, startS3Server, type S3Server } from './helpers/s3-server';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { describeUploads } from './helpers/upload-cases';
import { pdfBytes } from './helpers/uploads';
import { USER } from '../src/utils/uids';

const S3_ENV = [
  'STORAGE_PROVIDER',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];
const missing = s3ServerMissing();
if (missing) console.warn(`S3 storage tests skipped: ${missing}`);

describe.skipIf(missing)('S3 storage (against a local S3-compatible server)', () => {
  let app: TestApp;
  let server: S3Server;
  const saved = Object.fromEntries(S3_ENV.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    // The one Strapi every test file shares boots (if this file is the first) before S3 is named: its media library
    // stays local for the files after this one, and the private storage, read from env at each use, switches here.
    app = await useStrapi();
    server = await startS3Server();
    Object.assign(process.env, {
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'portal-private',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: server.endpoint,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    await s3Client(storageSettings().s3).send(new CreateBucketCommand({ Bucket: 'portal-private' }));
  }, 360_000);

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server?.stop();
  });

  it('keeps files as private objects: no unsigned read', async () => {
    const storage = fileStorage(app.strapi);
    expect(storage.name).toBe('portal-private');
    await storage.put('tax/s3-check/k1.pdf', pdfBytes('private'), 'application/pdf');
    expect((await fetch(`${server.endpoint}/portal-private/tax/s3-check/k1.pdf`)).status).toBe(403);
    expect(await storage.stat('tax/s3-check/k1.pdf')).toEqual({ size: 2048, contentType: 'application/pdf' });
    expect(await storage.stat('tax/s3-check/none.pdf')).toBeNull();
  });

  it('downloads through a presigned link that names the file', async () => {
    const investor = await signedInUser(app, 's3-investor');
    const bytes = pdfBytes('s3 tax');
    await fileStorage(app.strapi).put('tax/s3-investor/k1.pdf', bytes, 'application/pdf');
    const row = await fixtureDocuments(app, 'api::tax-document.tax-document').create({
      data: {
        originalName: 'K-1 2025.pdf',
        docPath: 'tax/s3-investor/k1.pdf',
        bucketId: 'portal-private',
        year: 2025,
        user: (await app.strapi.db.query(USER).findOne({ where: { id: investor.id } })).documentId,
      } as never,
    });
    const answer = await call(
      app,
      'POST',
      '/api/profile/tax_documents/download',
      { id: row.id },
      { authCode: investor.authCode },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.url.startsWith(`${server.endpoint}/portal-private/tax/s3-investor/k1.pdf?`)).toBe(true);
    const fetched = await download(answer.body.url);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="K-1 2025.pdf"; filename*=UTF-8''K-1%202025.pdf`,
    );
    // The link is for that object only.
    expect((await download(answer.body.url.replace('k1.pdf', 'other.pdf'))).status).toBe(403);
  });

  describeUploads(
    'S3',
    async () => app,
    (answer, why) => {
      const expected = {
        'too large': [400, 'EntityTooLarge'],
        'wrong type': [403, 'Content-Type'],
        'other key': [403, 'condition: key'],
        expired: [403, 'Policy expired'],
      } as const;
      const [status, text] = expected[why];
      expect(answer.status, why).toBe(status);
      expect(answer.text, why).toContain(text);
    },
  );
});
