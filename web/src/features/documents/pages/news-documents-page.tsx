import { displayTitle } from '@portal/rules';
import { FileList } from '@/components/file-list/file-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { notifyOf } from '@/lib/notify-of';
import { downloadPaths, useNewsDocuments } from '../api/documents';
import { groupByFund } from '../group-by-fund';

/** /news_documents: the investor's news documents, one list per fund. */
export function NewsDocumentsPage() {
  const { data } = useNewsDocuments();

  return (
    <ContentLayout title="News Documents">
      {!data ? (
        <Spinner />
      ) : data.length === 0 ? (
        <p>No news documents</p>
      ) : (
        groupByFund(data).map((group) => (
          <section key={group.key} aria-labelledby={`news-fund-${group.key}`} className="mb-4">
            <h2 id={`news-fund-${group.key}`} className="h5">
              {group.name}
            </h2>
            <FileList
              files={group.files}
              label={`News documents: ${group.name}`}
              downloadPath={downloadPaths.news}
              onOpened={(file) =>
                notifyOf('review_news_document', { documentTitle: displayTitle(file), fundName: file.fund?.name ?? '' })
              }
            />
          </section>
        ))
      )}
    </ContentLayout>
  );
}
