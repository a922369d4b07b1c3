import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileStorage } from '../../src/providers/storage';
import { refusal } from './answers';
import { call, signedInUser } from './auth';
import { download } from './signing';
import type { TestApp } from './strapi';
import { pdfBytes, postUpload } from './uploads';
import { PROOF_DOCUMENT, USER } from '../../src/utils/uids';

/** Why a storage refuses a post: the cases every storage must refuse. */
export type Refusal = 'too large' | 'wrong type' | 'other key' | 'expired';

/** How one storage answers a refused post (the CMS: a JSON error; S3: an XML error code). */
export type ExpectRefused = (answer: { status: number; text: string }, why: Refusal) => void;
type Caller = Awaited<ReturnType<typeof signedInUser>>;

/** Runs `run` with env variables set, putting the old values back after. */
async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const old = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(old)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The three upload steps of docs/api-files.md against the storage `useApp` sets up: what succeeds, and every post and
 * save a storage must refuse with nothing recorded.
 */
export function describeUploads(
  storageName: string,
  useApp: () => Promise<TestApp>,
  expectRefused: ExpectRefused,
): void {
  let app: TestApp;
  let una: Caller;
  let otto: Caller;
  const proofRows = (caller: Caller) =>
    app.strapi.db.query(PROOF_DOCUMENT).count({ where: { user: { id: caller.id } } });
  const step1 = (caller: Caller, path: string) =>
    call(app, 'POST', '/api/profile/proof_documents/upload', { path }, { authCode: caller.authCode });
  const save = (caller: Caller, body: Record<string, unknown>) =>
    call(app, 'POST', '/api/profile/proof_documents/save', body, { authCode: caller.authCode });

  beforeAll(async () => {
    app = await useApp();
    una = await signedInUser(app, `upload-una-${storageName}`);
    otto = await signedInUser(app, `upload-otto-${storageName}`);
  });
  afterEach(async () => {
    // A refused case records nothing; only the happy path adds Una's one row.
    expect(await proofRows(otto)).toBe(0);
  });

  describe(`uploads to ${storageName} storage`, () => {
    it('takes a file in three steps and gives the same bytes back', async () => {
      const policy = await step1(una, 'My statement (2025).pdf');
      expect(policy.status).toBe(200);
      const { documentId } = await app.strapi.db.query(USER).findOne({ where: { id: una.id } });
      expect(policy.body).toEqual({
        data: {
          postURL: expect.stringMatching(/^http:\/\//),
          formData: expect.objectContaining({ key: policy.body.path, 'Content-Type': 'application/pdf' }),
        },
        path: expect.stringMatching(new RegExp(`^proof/${documentId}/[0-9a-f]+-My_statement__2025_\\.pdf$`)),
        bucket: fileStorage(app.strapi).name,
        maxBytes: 20971520,
      });
      const bytes = pdfBytes(`una ${storageName}`, 5000);
      const posted = await postUpload(policy.body.data.postURL, policy.body.data.formData, {
        bytes,
        name: 'My statement (2025).pdf',
        type: 'application/pdf',
      });
      expect(posted.status).toBe(204);

      const saved = await save(una, {
        path: policy.body.path,
        name: 'My statement (2025).pdf',
        bucket: policy.body.bucket,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        success: true,
        item: expect.objectContaining({
          originalName: 'My statement (2025).pdf',
          displayTitle: 'My statement (2025).pdf',
          title: null,
          createdAt: expect.any(String),
        }),
      });
      const listed = await call(app, 'GET', '/api/proof_documents?mine=true&limit=999', undefined, {
        authCode: una.authCode,
      });
      expect(listed.body.items).toEqual([saved.body.item]);
      expect((await app.strapi.db.query(USER).findOne({ where: { id: una.id } })).proofDocumentsCount).toBe(1);

      const link = await call(
        app,
        'POST',
        '/api/profile/proof_documents/download',
        { id: saved.body.item.id },
        { authCode: una.authCode },
      );
      const fetched = await download(link.body.url);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(bytes)).toBe(true);
      expect(fetched.headers.get('content-disposition')).toContain('attachment');
      expect(
        await call(
          app,
          'POST',
          '/api/profile/proof_documents/download',
          { id: saved.body.item.id },
          { authCode: otto.authCode },
        ),
      ).toMatchObject(refusal(404, 'Not found'));
      expect(await save(una, { path: policy.body.path, name: 'again.pdf', bucket: policy.body.bucket })).toMatchObject(
        refusal(409, 'This file has already been saved'),
      );
    });

    it('offers uploads of PDF and image files only', async () => {
      for (const path of ['setup.exe', 'notes.txt', 'no-extension', 'page.html']) {
        expect(await step1(otto, path), path).toMatchObject(refusal(400, 'Only PDF and image files can be uploaded'));
      }
      expect((await step1(otto, 'scan.JPEG')).body.data.formData['Content-Type']).toBe('image/jpeg');
      expect((await step1(otto, 'photo.heic')).body.data.formData['Content-Type']).toBe('image/heic');
    });

    it('refuses a file larger than the limit, and saves nothing', async () => {
      await withEnv({ PROOF_MAX_BYTES: '1024' }, async () => {
        const policy = await step1(otto, 'big.pdf');
        expect(policy.body.maxBytes).toBe(1024);
        expectRefused(
          await postUpload(policy.body.data.postURL, policy.body.data.formData, {
            bytes: pdfBytes('big', 2048),
            name: 'big.pdf',
            type: 'application/pdf',
          }),
          'too large',
        );
        // A body far past the limit is cut off too.
        expectRefused(
          await postUpload(policy.body.data.postURL, policy.body.data.formData, {
            bytes: pdfBytes('huge', 3 * 1024 * 1024),
            name: 'big.pdf',
            type: 'application/pdf',
          }),
          'too large',
        );
        expect(await save(otto, { path: policy.body.path, name: 'big.pdf', bucket: policy.body.bucket })).toMatchObject(
          refusal(400, 'The file has not been uploaded'),
        );
      });
    });

    it('refuses a post of another type, to another key, or after the policy expired', async () => {
      const policy = await step1(otto, 'scan.pdf');
      const { postURL, formData } = policy.body.data;
      const file = { bytes: pdfBytes('otto'), name: 'scan.pdf', type: 'application/pdf' };
      expectRefused(
        await postUpload(postURL, { ...formData, 'Content-Type': 'text/html' }, { ...file, type: 'text/html' }),
        'wrong type',
      );
      const unasKey = formData.key.replace(
        /^proof\/[^/]+\//,
        `proof/${(await app.strapi.db.query(USER).findOne({ where: { id: una.id } })).documentId}/`,
      );
      expectRefused(await postUpload(postURL, { ...formData, key: unasKey }, file), 'other key');

      const expired = await fileStorage(app.strapi).uploadPolicy(
        { key: policy.body.path, contentType: 'application/pdf', maxBytes: 1024 * 1024, expiresInSeconds: -60 },
        new URL(postURL).origin,
      );
      expectRefused(await postUpload(expired.postURL, expired.formData, file), 'expired');
      expect(await save(otto, { path: policy.body.path, name: 'scan.pdf', bucket: policy.body.bucket })).toMatchObject(
        refusal(400, 'The file has not been uploaded'),
      );
    });

    it('checks the stored file again when saving: one larger than the limit or empty is refused', async () => {
      // Files that reached the storage some other way than through the policy (which would have refused them).
      const storage = fileStorage(app.strapi);
      const policy = await step1(otto, 'placed.pdf');
      const prefix = (policy.body.path as string).replace(/[^/]+$/, '');
      await storage.put(`${prefix}placed-big.pdf`, pdfBytes('placed big', 4096), 'application/pdf');
      await storage.put(`${prefix}placed-empty.pdf`, Buffer.alloc(0), 'application/pdf');
      await withEnv({ PROOF_MAX_BYTES: '2048' }, async () => {
        expect(
          await save(otto, { path: `${prefix}placed-big.pdf`, name: 'big.pdf', bucket: policy.body.bucket }),
        ).toMatchObject(refusal(400, 'The file is larger than 2 KB'));
      });
      expect(
        await save(otto, { path: `${prefix}placed-empty.pdf`, name: 'empty.pdf', bucket: policy.body.bucket }),
      ).toMatchObject(refusal(400, 'The file is empty'));
    });

    it('records one row when the same upload is saved twice at the same moment', async () => {
      const policy = await step1(una, 'twice.pdf');
      await postUpload(policy.body.data.postURL, policy.body.data.formData, {
        bytes: pdfBytes('twice'),
        name: 'twice.pdf',
        type: 'application/pdf',
      });
      const body = { path: policy.body.path, name: 'twice.pdf', bucket: policy.body.bucket };
      const answers = await Promise.all([save(una, body), save(una, body), save(una, body)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      expect(await app.strapi.db.query(PROOF_DOCUMENT).count({ where: { docPath: policy.body.path } })).toBe(1);
    });

    it('saves only an uploaded file under the caller’s own prefix', async () => {
      const unas = await step1(una, 'una.pdf');
      await postUpload(unas.body.data.postURL, unas.body.data.formData, {
        bytes: pdfBytes('una 2'),
        name: 'una.pdf',
        type: 'application/pdf',
      });
      const { bucket } = unas.body;
      const ottos = (await step1(otto, 'otto.pdf')).body.path as string;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ path: unas.body.path, name: 'una.pdf', bucket }, 400, 'The path is not one of your uploads'],
        [
          {
            path: `${ottos.slice(0, ottos.lastIndexOf('/'))}/../${unas.body.path.split('/').slice(1).join('/')}`,
            name: 'x.pdf',
            bucket,
          },
          400,
          'The path is not one of your uploads',
        ],
        [{ path: ottos, name: 'otto.pdf', bucket }, 400, 'The file has not been uploaded'],
        [{ path: ottos, name: 'otto.pdf', bucket: 'another-bucket' }, 400, 'Unknown bucket another-bucket'],
        [{ path: ottos, name: 'otto.pdf' }, 400, 'bucket is required'],
      ];
      for (const [body, status, message] of cases)
        expect(await save(otto, body), JSON.stringify(body)).toMatchObject(refusal(status, message));
    });
  });
}
