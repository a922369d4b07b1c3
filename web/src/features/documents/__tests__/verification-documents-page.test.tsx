import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FileItem } from '@/components/file-list/file-list';
import { type CmsRoute, callsTo, strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';
import { stubUploads } from './fake-xhr';

const PAGE_URL = '/verification_documents';
const LIMIT = 20971520;

const proof = (n: number, originalName: string): FileItem => ({
  id: n,
  documentId: `proof-doc-${n}`,
  originalName,
  title: null,
  createdAt: '2026-03-01T12:00:00.000Z',
});

const ticket = (name: string) => ({
  data: {
    postURL: 'http://localhost:1337/api/storage/upload',
    formData: {
      key: `proof/user-doc-7/r4nd-${name}`,
      'Content-Type': 'application/pdf',
      policy: 'cG9saWN5',
      signature: 's1g',
    },
  },
  path: `proof/user-doc-7/r4nd-${name}`,
  bucket: 'local',
  maxBytes: LIMIT,
});

/** The page for an investor with one proof document, the CMS answering the upload steps with `routes`. */
async function renderPage(routes: Record<string, CmsRoute> = {}) {
  let stored = [proof(1, 'passport.pdf')];
  const app = renderAppAs(meFixture(), PAGE_URL, {
    routes: {
      'GET /api/proof_documents': () => ({ items: stored, total: stored.length }),
      'POST /api/profile/proof_documents/upload': ({ body }) =>
        ticket((body as { path: string }).path.replace(/ /g, '_')),
      'POST /api/profile/proof_documents/save': ({ body }) => {
        const { name } = body as { name: string };
        const item = proof(2, name);
        stored = [item, ...stored];
        return { success: true, item };
      },
      'POST /api/profile/notify/save': () => ({ success: true }),
      ...routes,
    },
  });
  await findPageHeading('Verification Documents');
  await screen.findByRole('button', { name: 'passport.pdf' });
  return app;
}

const fileInput = () => screen.getByLabelText('Document to upload (PDF or image)');
const pdf = (name: string, size?: number) => {
  const file = new File(['%PDF-1.4 proof'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('/verification_documents', () => {
  it('lists the proof documents, takes only PDF and images, and links to the related pages', async () => {
    const { fetchMock } = await renderPage();
    await waitFor(() => expect(document.title).toMatch(/^Verification Documents @ /));
    const list = callsTo(fetchMock, 'GET /api/proof_documents')[0].url.searchParams;
    expect(list.get('mine')).toBe('true');
    expect(list.get('limit')).toBe('999');
    expect(fileInput()).toHaveAttribute('type', 'file');
    const accepted = fileInput().getAttribute('accept')?.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'image/jpeg', '.pdf', '.jpg']));
    expect(accepted?.every((type) => /^(application\/pdf|image\/|\.)/.test(type))).toBe(true);
    const related = screen.getByRole('navigation', { name: 'Related pages' });
    expect(within(related).getByRole('link', { name: 'Accreditation Status' })).toHaveAttribute(
      'href',
      '/accreditation_status',
    );
    expect(within(related).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(related).getByRole('link', { name: 'Tax Documents' })).toHaveAttribute('href', '/tax_documents');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uploads in three steps with a progress bar, then lists the file and tells staff', async () => {
    const uploads = stubUploads();
    const { user, fetchMock } = await renderPage();
    await user.upload(fileInput(), pdf('bank statement.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/upload').map(({ body }) => body)).toEqual([
      { path: 'bank statement.pdf' },
    ]);
    const [post] = uploads;
    expect(post.method).toBe('POST');
    expect(post.url).toBe('http://localhost:1337/api/storage/upload');
    const fields = [...(post.body as FormData).entries()];
    expect(fields.map(([name]) => name)).toEqual(['key', 'Content-Type', 'policy', 'signature', 'file']);
    expect(fields[0][1]).toBe('proof/user-doc-7/r4nd-bank_statement.pdf');
    expect((fields[4][1] as File).name).toBe('bank statement.pdf');

    act(() => post.progress(512, 1024));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveTextContent('50%');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/save')).toHaveLength(0);

    act(() => post.respond(204));
    expect(await screen.findByRole('button', { name: 'bank statement.pdf' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/save').map(({ body }) => body)).toEqual([
      { path: 'proof/user-doc-7/r4nd-bank_statement.pdf', name: 'bank statement.pdf', bucket: 'local' },
    ]);
    expect(callsTo(fetchMock, 'GET /api/proof_documents')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('The file bank statement.pdf has been uploaded.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/profile/notify/save').map(({ body }) => body)).toEqual([
        { templateName: 'proof_document_uploaded', tags: { documentName: 'bank statement.pdf' } },
      ]),
    );
  });

  it('refuses a file over the limit before posting it, with a message', async () => {
    const uploads = stubUploads();
    const { user, fetchMock } = await renderPage();
    await user.upload(fileInput(), pdf('big-scan.pdf', LIMIT + 1));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file big-scan.pdf is too large: the limit is 20 MB.',
    );
    expect(uploads).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/save')).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the storage's refusal of the post, and saves nothing", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const uploads = stubUploads();
    const { user, fetchMock } = await renderPage();
    await user.upload(fileInput(), pdf('w2.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const refusal = {
      data: null,
      error: { status: 413, name: 'PayloadTooLargeError', message: 'The file is larger than 20 MB' },
    };
    act(() => uploads[0].respond(413, JSON.stringify(refusal)));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 20 MB');
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/save')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'w2.pdf' })).not.toBeInTheDocument();
  });

  it("shows S3's refusal of the post", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const uploads = stubUploads();
    const { user } = await renderPage();
    await user.upload(fileInput(), pdf('w2.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>';
    act(() => uploads[0].respond(400, xml));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your proposed upload exceeds the maximum allowed size');
  });

  it("shows the server's refusal of the upload request and of the save", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const uploads = stubUploads();
    const { user, fetchMock } = await renderPage({
      'POST /api/profile/proof_documents/upload': ({ body }) =>
        (body as { path: string }).path.endsWith('.pdf')
          ? ticket('k1.pdf')
          : strapiError(400, 'Only PDF and image files can be uploaded'),
      'POST /api/profile/proof_documents/save': () => strapiError(400, 'The uploaded file was not found'),
    });
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF and image files can be uploaded');
    expect(uploads).toHaveLength(0);

    await user.upload(fileInput(), pdf('k1.pdf'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0].respond(204));
    expect(await screen.findByRole('alert')).toHaveTextContent('The uploaded file was not found');
    expect(callsTo(fetchMock, 'GET /api/proof_documents')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/profile/notify/save')).toHaveLength(0);
  });

  it('downloads a proof document through its download path', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, fetchMock } = await renderPage({
      'POST /api/profile/proof_documents/download': () => ({ url: 'https://files.example/passport.pdf' }),
    });
    await user.click(screen.getByRole('button', { name: 'passport.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/passport.pdf'));
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/download').map(({ body }) => body)).toEqual([
      { id: 'proof-doc-1' },
    ]);
  });
});
