import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { PdfViewerProps } from './pdf-viewer';

const Viewer = lazy(() => import('./pdf-viewer'));

/** The PDF viewer, its code (pdf.js) fetched the first time a page shows a document. */
export function PdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Viewer {...props} />
    </Suspense>
  );
}
