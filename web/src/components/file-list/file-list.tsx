import { displayTitle, type DownloadLink, type FileItem } from '@portal/rules';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime } from '@/lib/format';
import { openInNewTab } from '@/lib/open-in-new-tab';

// The CMS's shape (rules/src/contracts/collections.ts), under the name the site's file lists import it by.
export type { FileItem } from '@portal/rules';

/** The page sizes offered; 0 stands for all. */
export const PAGE_SIZES = [5, 7, 10, 15, 20, 25, 50, 0] as const;
const DEFAULT_PAGE_SIZE = 10;

interface FileListProps {
  /** The files; undefined while they load. */
  files: FileItem[] | undefined;
  /** Names the list for assistive technology, e.g. 'Tax documents'. */
  label: string;
  /** The spec's download path, without 'api/' (e.g. 'profile/tax_documents/download'): POST api/{path} {id} -> {url}. */
  downloadPath: string;
  /** Offers a remove button per file (POST api/{deletePath} {id}); the list is read-only without it. */
  deletePath?: string;
  /** Called once a file's download link has been made. */
  onOpened?: (file: FileItem) => void;
  /** Called once the CMS has removed a file, so the owner reads the list again. */
  onRemoved?: (file: FileItem) => void;
  emptyText?: string;
  /** Adds a Fund column (tax documents of several funds look alike otherwise). */
  showFund?: boolean;
  /** Off for a list of one or two files (a capital call's notice): no page size, no pages. */
  paged?: boolean;
}

/**
 * The one file list of the site: each title opens its file through a link made on demand, dates in the user's time
 * zone, paged. Download and delete failures are only logged (spec 02, section 8).
 */
export function FileList({
  files,
  label,
  downloadPath,
  deletePath,
  onOpened,
  onRemoved,
  emptyText = 'No documents',
  showFund = false,
  paged = true,
}: FileListProps) {
  const { profileSettings } = useSession();
  const pageSizeId = useId();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [wantedPage, setWantedPage] = useState(1);
  const [removing, setRemoving] = useState<FileItem | null>(null);

  if (!files) return <Spinner />;
  if (files.length === 0) return <p>{emptyText}</p>;

  const pageCount = pageSize === 0 || !paged ? 1 : Math.ceil(files.length / pageSize);
  // A list that shrank (a file removed) keeps the page in range.
  const page = Math.min(wantedPage, pageCount);
  const shown = pageSize === 0 || !paged ? files : files.slice((page - 1) * pageSize, page * pageSize);

  const open = (file: FileItem) => {
    openInNewTab(async () => {
      const { url } = await api.post<DownloadLink>(`/api/${downloadPath}`, { id: file.documentId });
      onOpened?.(file);
      return url;
    }).catch((error: unknown) => console.warn(`Download of file ${file.documentId} failed`, error));
  };

  const remove = async (file: FileItem) => {
    setRemoving(null);
    try {
      await api.post(`/api/${deletePath}`, { id: file.documentId });
      onRemoved?.(file);
    } catch (error) {
      console.warn(`Removing file ${file.documentId} failed`, error);
    }
  };

  return (
    <>
      <Table responsive hover aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {showFund && <th scope="col">Fund</th>}
            <th scope="col">Date</th>
            {deletePath && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((file) => (
            <tr key={file.documentId}>
              <td>
                <Button variant="link" className="p-0 text-start" onClick={() => open(file)}>
                  {displayTitle(file)}
                </Button>
              </td>
              {showFund && <td>{file.fund?.name ?? ''}</td>}
              <td>{formatDateTime(file.createdAt, profileSettings.timezone)}</td>
              {deletePath && (
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    aria-label={`Remove ${displayTitle(file)}`}
                    onClick={() => setRemoving(file)}
                  >
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>

      {paged && (
        <nav aria-label={`${label} pages`} className="d-flex flex-wrap align-items-center gap-2">
          <Form.Label htmlFor={pageSizeId} className="mb-0">
            Files per page
          </Form.Label>
          <Form.Select
            id={pageSizeId}
            size="sm"
            className="w-auto"
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setWantedPage(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size === 0 ? 'All' : size}
              </option>
            ))}
          </Form.Select>
          {pageCount > 1 && (
            <>
              <Button variant="outline-primary" size="sm" disabled={page <= 1} onClick={() => setWantedPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {pageCount}
              </span>
              <Button
                variant="outline-primary"
                size="sm"
                disabled={page >= pageCount}
                onClick={() => setWantedPage(page + 1)}
              >
                Next
              </Button>
            </>
          )}
        </nav>
      )}

      <Modal show={removing !== null} onHide={() => setRemoving(null)} centered aria-label="Remove file">
        <Modal.Body>{removing && `Are you sure that you want to remove file ${displayTitle(removing)}?`}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => removing && void remove(removing)}>
            Yes, Remove
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
