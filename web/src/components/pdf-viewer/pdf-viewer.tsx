import { type RefObject, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
// pdf.js's legacy build: it also runs on the phones' older browsers (Safari before 17, older Chrome WebViews), where
// the modern build stops on newer JavaScript; it costs 20 KB gzipped more, 17 KB more for the worker (docs/signing.md).
import {
  GlobalWorkerOptions,
  TextLayer,
  getDocument,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { Spinner } from '@/components/ui/spinner';
import { pageDensity } from './density';
import './pdf-viewer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** Where the PDF is. */
  url: string;
  /** Headers its request needs (the session's, for a document only staff may read). */
  headers?: Record<string, string>;
  /** What the document is, for screen readers. */
  title: string;
}

/** Zoom is relative to the width of the viewer (1: a page fills it), in these steps. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * Whether an element is shown in its scrolling frame or within a frame's height of it; always true where the browser
 * cannot tell.
 */
function useNearScreen(element: RefObject<HTMLElement | null>, frame: HTMLElement | null): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), {
      root: frame,
      rootMargin: '100% 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, frame]);
  return near;
}

/**
 * One page on a canvas `width` CSS pixels wide, sized at once (so the document scrolls as it will look) and drawn
 * only while on screen or near it, sharp on high-density screens within MAX_PAGE_PIXELS; a page scrolled far away
 * gives its pixels back, so a long document on a phone holds a few pages' worth, not all of them. Over the canvas,
 * pdf.js's text layer: the page's text, transparent and in place, so it can be selected and copied, and screen readers
 * read it. Made once the page first comes near (and again at another width), then kept: text costs little.
 */
function PdfPage({
  document,
  number,
  total,
  width,
  frame,
}: {
  document: PDFDocumentProxy;
  number: number;
  total: number;
  width: number;
  frame: HTMLElement | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box, frame);
  const [seen, setSeen] = useState(false);
  if (near && !seen) setSeen(true);
  useEffect(() => {
    let cancelled = false;
    let task: RenderTask | null = null;
    if (width <= 0) return undefined;
    void document.getPage(number).then((page) => {
      const element = canvas.current;
      if (cancelled || !element || !box.current) return;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      box.current.style.width = `${Math.floor(viewport.width)}px`;
      box.current.style.height = `${Math.floor(viewport.height)}px`;
      if (!near) {
        element.width = 0;
        element.height = 0;
        return;
      }
      const density = pageDensity(viewport.width, viewport.height, window.devicePixelRatio || 1);
      element.width = Math.floor(viewport.width * density);
      element.height = Math.floor(viewport.height * density);
      task = page.render({
        canvas: element,
        viewport,
        transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
      });
      // A render cancelled by a newer one (zoom, resize, scrolled away) rejects: nothing to report.
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, number, width, near]);
  useEffect(() => {
    let cancelled = false;
    let layer: TextLayer | null = null;
    if (width <= 0 || !seen) return undefined;
    void document.getPage(number).then((page) => {
      const container = text.current;
      if (cancelled || !container) return;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      container.replaceChildren();
      // The layer sizes its text by this factor (pdf.js's viewer sets it on each page the same way).
      container.style.setProperty('--total-scale-factor', String(viewport.scale));
      layer = new TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
      // Cancelled by a newer width or the page leaving: nothing to report.
      layer.render().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      layer?.cancel();
    };
  }, [document, number, width, seen]);
  return (
    <div ref={box} className="pdf-page position-relative mx-auto mb-3 bg-white shadow-sm">
      <canvas ref={canvas} role="img" aria-label={`Page ${number} of ${total}`} className="d-block w-100 h-100" />
      <div ref={text} className="textLayer" />
    </div>
  );
}

/**
 * A PDF shown in the page with pdf.js, each page on a canvas, zoomable, on any screen (the browser's own viewer is
 * missing on most phones and refused by the site's Content-Security-Policy). Loaded only where a document is read
 * before signing: the signing and countersigning pages.
 */
export default function PdfViewer({ url, headers, title }: PdfViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [frameWidth, setFrameWidth] = useState(0);
  const headerKey = JSON.stringify(headers ?? {});

  useEffect(() => {
    setDocument(null);
    setFailed(false);
    let current = true;
    const task = getDocument({
      url,
      httpHeaders: JSON.parse(headerKey) as Record<string, string>,
      isEvalSupported: false,
    });
    // A task given up (another document, the page left) rejects: only the current one's outcome is shown.
    task.promise.then(
      (loaded) => current && setDocument(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      void task.destroy();
    };
  }, [url, headerKey]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setFrameWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const step = (direction: 1 | -1) =>
    setZoom((current) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(current) + direction))]);
  // The page's width inside the frame's padding (16 px a side).
  const pageWidth = Math.max(0, frameWidth - 32) * zoom;

  return (
    <section aria-label={title} className="mb-2">
      <div role="toolbar" aria-label="Document view" className="d-flex align-items-center gap-2 mb-2">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => step(-1)}
          disabled={zoom === ZOOMS[0]}
          aria-label="Zoom out"
        >
          −
        </Button>
        <span className="small text-body-secondary" aria-live="polite">
          {Math.round(zoom * 100)}%
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => step(1)}
          disabled={zoom === ZOOMS.at(-1)}
          aria-label="Zoom in"
        >
          +
        </Button>
        <Button size="sm" variant="link" onClick={() => setZoom(1)} disabled={zoom === 1}>
          Fit width
        </Button>
        {document && (
          <span className="small text-body-secondary ms-auto">
            {document.numPages} {document.numPages === 1 ? 'page' : 'pages'}
          </span>
        )}
      </div>
      <div ref={frame} className="border rounded bg-body-tertiary p-3 overflow-auto" style={{ height: '70vh' }}>
        {failed ? (
          <Alert variant="warning" className="mb-0">
            The document could not be shown here. Download it to read it.
          </Alert>
        ) : document ? (
          Array.from({ length: document.numPages }, (_, index) => (
            <PdfPage
              key={index}
              document={document}
              number={index + 1}
              total={document.numPages}
              width={pageWidth}
              frame={frame.current}
            />
          ))
        ) : (
          <Spinner />
        )}
      </div>
    </section>
  );
}
