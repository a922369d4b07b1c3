import { displayTitle } from '@portal/rules';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Spinner } from '@/components/ui/spinner';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { dueDiligenceDownload, useDueDiligenceDocuments } from '../api/syndication';

/** The fund's due-diligence documents, read-only: each opens through a download link made on demand. */
export function DueDiligenceDocuments({ fundId }: { fundId: string }) {
  const { data } = useDueDiligenceDocuments(fundId);

  const open = (id: string) => {
    // The spec's rule for downloads: a failure is not shown to the user.
    openInNewTab(async () => (await dueDiligenceDownload(fundId, id)).url).catch(() => undefined);
  };

  return (
    <section aria-labelledby="due-diligence-title" className="mb-4">
      <h2 id="due-diligence-title" className="h5">
        Due Diligence Documents
      </h2>
      {!data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <p>No documents</p>
      ) : (
        <ListGroup>
          {data.items.map((document) => (
            <ListGroup.Item key={document.documentId}>
              <Button variant="link" className="p-0" onClick={() => open(document.documentId)}>
                {displayTitle({ title: document.title, originalName: document.originalName })}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
