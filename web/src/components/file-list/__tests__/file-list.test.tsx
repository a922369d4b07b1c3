import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { type FileItem, FileList } from '@/components/file-list/file-list';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { stubFetch } from '@/testing/fetch-stub';
import { meFixture, storeSignedIn } from '@/testing/fixtures';

const file = (n: number, overrides: Partial<FileItem> = {}): FileItem => ({
  id: n,
  documentId: `file-doc-${n}`,
  originalName: `file-${n}.pdf`,
  title: null,
  createdAt: '2026-04-01T15:00:00.000Z',
  ...overrides,
});

const many = (count: number) => Array.from({ length: count }, (_, index) => file(index + 1));

type Props = Partial<Parameters<typeof FileList>[0]>;

/** The list inside the site's providers, for a signed-in investor in Chicago, against a fake CMS. */
async function renderList(props: Props = {}, routes: Record<string, CmsRoute> = {}) {
  const me = meFixture({ profileSettings: { timezone: 'America/Chicago' } });
  storeSignedIn(me);
  const fetchMock = stubFetch(fakeCms({ me, routes }));
  const onOpened = vi.fn();
  const onRemoved = vi.fn();
  const user = userEvent.setup();
  render(
    <AppProvider>
      <FileList
        files={many(3)}
        label="Test documents"
        downloadPath="profile/tax_documents/download"
        onOpened={onOpened}
        onRemoved={onRemoved}
        {...props}
      />
    </AppProvider>,
  );
  await screen.findByRole('table', { name: 'Test documents' });
  return { fetchMock, onOpened, onRemoved, user };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const titles = () => rows().map((row) => within(row).getAllByRole('button')[0].textContent);
const pageSize = () => screen.getByRole('combobox', { name: 'Files per page' });

describe('the file list', () => {
  it("shows the trimmed title, else the original name, and the date in the user's time zone", async () => {
    await renderList({
      files: [
        file(1, { title: '  K-1 2025 ', originalName: 'k1.pdf' }),
        file(2, { title: '   ', originalName: 'scan.pdf' }),
        file(3, { title: null, originalName: 'statement.pdf' }),
      ],
    });
    expect(titles()).toEqual(['K-1 2025', 'scan.pdf', 'statement.pdf']);
    // 15:00 UTC is 10:00 in Chicago.
    expect(rows()[0]).toHaveTextContent(/Apr 1, 2026, 10:00\sAM/);
  });

  it('says so when there are no files', async () => {
    const me = meFixture();
    storeSignedIn(me);
    stubFetch(fakeCms({ me }));
    render(
      <AppProvider>
        <FileList files={[]} label="Test documents" downloadPath="profile/tax_documents/download" />
      </AppProvider>,
    );
    expect(await screen.findByText('No documents')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages by 5, 7, 10, 15, 20, 25, 50 or all, 10 at first', async () => {
    const { user } = await renderList({ files: many(23) });
    expect(
      within(pageSize())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '7', '10', '15', '20', '25', '50', 'All']);
    expect(pageSize()).toHaveValue('10');
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.selectOptions(pageSize(), '5');
    expect(titles()).toEqual(['file-1.pdf', 'file-2.pdf', 'file-3.pdf', 'file-4.pdf', 'file-5.pdf']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(titles()).toEqual(['file-6.pdf', 'file-7.pdf', 'file-8.pdf', 'file-9.pdf', 'file-10.pdf']);

    await user.selectOptions(pageSize(), '7');
    expect(rows()).toHaveLength(7);
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();

    await user.selectOptions(pageSize(), 'All');
    expect(rows()).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('is read-only without a delete path', async () => {
    await renderList();
    expect(screen.queryByRole('button', { name: /remove/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('asks before removing a file, in the spec words, and removes it only on Yes, Remove', async () => {
    const { user, fetchMock, onRemoved } = await renderList(
      { files: [file(1, { title: 'Brokerage statement' })], deletePath: 'profile/proof_documents/delete' },
      { 'POST /api/profile/proof_documents/delete': () => ({ success: true }) },
    );
    await user.click(screen.getByRole('button', { name: 'Remove Brokerage statement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure that you want to remove file Brokerage statement?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Brokerage statement' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith(expect.objectContaining({ documentId: 'file-doc-1' })));
    expect(callsTo(fetchMock, 'POST /api/profile/proof_documents/delete').map(({ body }) => body)).toEqual([
      { id: 'file-doc-1' },
    ]);
  });

  it('downloads on click: posts the download path with the file id and opens the link it answers', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, fetchMock, onOpened } = await renderList(
      { files: [file(1, { title: 'K-1 2025' })] },
      {
        'POST /api/profile/tax_documents/download': () => ({
          url: 'https://files.example/k1.pdf',
          originalName: 'k1.pdf',
        }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'K-1 2025' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/k1.pdf'));
    expect(tab.opener).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/profile/tax_documents/download').map(({ body }) => body)).toEqual([
      { id: 'file-doc-1' },
    ]);
    expect(onOpened).toHaveBeenCalledWith(expect.objectContaining({ documentId: 'file-doc-1' }));
  });

  it('only logs a failed download: the blank tab closes and the page shows nothing broken', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, onOpened } = await renderList(
      { files: [file(1, { title: 'K-1 2025' })] },
      { 'POST /api/profile/tax_documents/download': () => strapiError(404, 'Not found') },
    );
    await user.click(screen.getByRole('button', { name: 'K-1 2025' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(warn).toHaveBeenCalled();
    expect(onOpened).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'K-1 2025' })).toBeInTheDocument();
  });
});
