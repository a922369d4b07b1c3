import { displayTitle } from '@portal/rules';
import { FileList } from '@/components/file-list/file-list';
import { notifyOf } from '@/lib/notify-of';
import { dueDiligenceDownloadPath, useDueDiligenceDocuments } from '../api/syndication';

/** The fund's due-diligence documents, read-only; staff hear which one the investor opened. */
export function DueDiligenceDocuments({ fund }: { fund: { documentId: string; name: string | null } }) {
  const { data } = useDueDiligenceDocuments(fund.documentId);

  return (
    <section aria-labelledby="due-diligence-title" className="mb-4">
      <h2 id="due-diligence-title" className="h5">
        Due Diligence Documents
      </h2>
      <FileList
        files={data}
        label="Due Diligence Documents"
        downloadPath={dueDiligenceDownloadPath(fund.documentId)}
        onOpened={(file) =>
          notifyOf('review_syndication_document', { documentTitle: displayTitle(file), fundName: fund.name ?? '' })
        }
      />
    </section>
  );
}
