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
import { paragraphsOf, type TextRun } from './page-text';
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

/** Zoom is relative to the width of the viewer (1: a page fills it), in these steps; a pinch goes anywhere between. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MIN_ZOOM = ZOOMS[0];
const MAX_ZOOM = ZOOMS[ZOOMS.length - 1];
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
/** How long the other pages wait for the first to be drawn before they are laid out anyway. */
export const FIRST_PAGE_WAIT_MS = 3_000;

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
  onDrawn,
}: {
  document: PDFDocumentProxy;
  number: number;
  total: number;
  width: number;
  frame: HTMLElement | null;
  /** Called once the page is first drawn. */
  onDrawn?: () => void;
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
      task.promise.then(() => onDrawn?.()).catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
    // onDrawn is read when a render ends; a new function each render must not draw the page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
 * The document's words reflowed to the screen's width ("Read as text"): each page's text (pdf.js's text content, the
 * words the canvas draws) in paragraphs of the page's own font size, readable on a phone without zooming. Read page
 * by page, the first first.
 */
function PdfText({ document }: { document: PDFDocumentProxy }) {
  const [pages, setPages] = useState<string[][]>([]);
  useEffect(() => {
    let cancelled = false;
    setPages([]);
    void (async () => {
      for (let number = 1; number <= document.numPages && !cancelled; number += 1) {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        if (cancelled) return;
        const paragraphs = paragraphsOf(content.items as Partial<TextRun>[]);
        setPages((read) => [...read, paragraphs]);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [document]);
  return (
    <div className="pdf-text bg-white p-3 shadow-sm">
      {pages.map((paragraphs, index) => (
        <section key={index} aria-label={`Page ${index + 1} of ${document.numPages}`} className="mb-4">
          <h3 className="h6 text-body-secondary">
            Page {index + 1} of {document.numPages}
          </h3>
          {paragraphs.length ? (
            paragraphs.map((paragraph, at) => <p key={at}>{paragraph}</p>)
          ) : (
            <p className="text-body-secondary">This page has no text to read (a picture or a scan).</p>
          )}
        </section>
      ))}
      {pages.length < document.numPages && <Spinner />}
    </div>
  );
}

/**
 * Pinching the document zooms it (two fingers on a touch screen; the browser's own page zoom stays for the rest of
 * the page): the zoom follows the fingers' spread, between the steps' ends, and the pages and their text layers are
 * drawn again at the new width.
 */
function usePinchZoom(frame: RefObject<HTMLDivElement | null>, setZoom: (change: (zoom: number) => number) => void) {
  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const points = new Map<number, { x: number; y: number }>();
    let spread = 0;
    const distance = () => {
      const [a, b] = [...points.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const down = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      points.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (points.size === 2) spread = distance();
    };
    const move = (event: PointerEvent) => {
      if (!points.has(event.pointerId)) return;
      points.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (points.size !== 2 || spread <= 0) return;
      const now = distance();
      // Only a real change: a finger's tremble would draw the pages again for nothing.
      if (Math.abs(now / spread - 1) < 0.08) return;
      const ratio = now / spread;
      spread = now;
      setZoom((zoom) => clampZoom(zoom * ratio));
    };
    const up = (event: PointerEvent) => {
      points.delete(event.pointerId);
      if (points.size < 2) spread = 0;
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
    };
  }, [frame, setZoom]);
}

/**
 * A PDF shown in the page with pdf.js, each page on a canvas, zoomable (buttons, or a pinch on a touch screen), on any
 * screen (the browser's own viewer is missing on most phones and refused by the site's Content-Security-Policy), or
 * read as text reflowed to the screen. The first page is drawn before the others are laid out, so a phone shows it
 * first. Loaded only where a document is read before signing: the signing and countersigning pages.
 */
export default function PdfViewer({ url, headers, title }: PdfViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [asText, setAsText] = useState(false);
  const [firstDrawn, setFirstDrawn] = useState(false);
  const [frameWidth, setFrameWidth] = useState(0);
  usePinchZoom(frame, setZoom);
  const headerKey = JSON.stringify(headers ?? {});

  useEffect(() => {
    setDocument(null);
    setFailed(false);
    setFirstDrawn(false);
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

  // The other pages follow the first once it is drawn, or after FIRST_PAGE_WAIT_MS whatever became of it.
  useEffect(() => {
    if (!document) return undefined;
    const timer = setTimeout(() => setFirstDrawn(true), FIRST_PAGE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [document]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setFrameWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The next step up or down from wherever a pinch left the zoom.
  const step = (direction: 1 | -1) =>
    setZoom((current) =>
      direction > 0
        ? (ZOOMS.find((each) => each > current + 0.001) ?? MAX_ZOOM)
        : ([...ZOOMS].reverse().find((each) => each < current - 0.001) ?? MIN_ZOOM),
    );
  // The page's width inside the frame's padding (16 px a side).
  const pageWidth = Math.max(0, frameWidth - 32) * zoom;

  return (
    <section aria-label={title} className="mb-2">
      <div role="toolbar" aria-label="Document view" className="d-flex flex-wrap align-items-center gap-2 mb-2">
        {!asText && (
          <>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => step(-1)}
              disabled={zoom <= MIN_ZOOM}
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
              disabled={zoom >= MAX_ZOOM}
              aria-label="Zoom in"
            >
              +
            </Button>
            <Button size="sm" variant="link" onClick={() => setZoom(1)} disabled={zoom === 1}>
              Fit width
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant={asText ? 'secondary' : 'outline-secondary'}
          aria-pressed={asText}
          onClick={() => setAsText(!asText)}
          disabled={!document}
        >
          {asText ? 'Show the pages' : 'Read as text'}
        </Button>
        {document && (
          <span className="small text-body-secondary ms-auto">
            {document.numPages} {document.numPages === 1 ? 'page' : 'pages'}
          </span>
        )}
      </div>
      <div
        ref={frame}
        className="pdf-frame border rounded bg-body-tertiary p-3 overflow-auto"
        style={{ height: '70vh' }}
        // It scrolls: focusable, so the keyboard's arrows and Page Down scroll the document too.
        tabIndex={0}
        role="region"
        aria-label="The document's pages"
      >
        {failed ? (
          <Alert variant="warning" className="mb-0">
            The document could not be shown here. Download it to read it.
          </Alert>
        ) : document && asText ? (
          <PdfText document={document} />
        ) : document ? (
          // The first page alone until it is drawn: the others' layout and text would hold it up on a phone.
          Array.from({ length: firstDrawn ? document.numPages : 1 }, (_, index) => (
            <PdfPage
              key={index}
              document={document}
              number={index + 1}
              total={document.numPages}
              width={pageWidth}
              frame={frame.current}
              onDrawn={index === 0 ? () => setFirstDrawn(true) : undefined}
            />
          ))
        ) : (
          <Spinner />
        )}
      </div>
    </section>
  );
}
