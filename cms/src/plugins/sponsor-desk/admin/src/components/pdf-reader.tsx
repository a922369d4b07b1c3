import { useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Loader, Modal, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { messageOf } from '../utils/notices';

GlobalWorkerOptions.workerSrc = workerUrl;

/** The widest the dialog grows, in CSS pixels: on a narrower screen it is the screen's width, and pages fit that. */
const READING_WIDTH = 760;
/** The zoom steps, as a share of the fitted width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** The most pixels one page's canvas holds (phones draw a larger canvas blank): a zoomed page is drawn less sharp. */
const MAX_PAGE_PIXELS = 8_000_000;
/** A page is drawn once it comes this close to the visible part of the dialog. */
const NEAR = '600px 0px';

export interface PdfReaderProps {
  /** The admin route that answers the PDF (fetched with the staff member's token). */
  path: string;
  /** What the document is: the modal's title and its file name when downloaded. */
  title: string;
  fileName: string;
  onClose: () => void;
}

/**
 * One page: its place is kept at its size from the start (so the scroll bar is right), and it is drawn by pdf.js once
 * it comes near the visible part of the dialog, again at each zoom.
 */
function PageCanvas({
  document,
  number,
  width,
  height,
  scale,
  failed,
}: {
  document: PDFDocumentProxy;
  number: number;
  width: number;
  height: number;
  scale: number;
  failed: (message: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const element = canvas.current;
    if (!near || !element) return undefined;
    let task: RenderTask | null = null;
    let current = true;
    void (async () => {
      try {
        const page = await document.getPage(number);
        if (!current) return;
        const viewport = page.getViewport({ scale });
        const ratio = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_PAGE_PIXELS / (viewport.width * viewport.height)),
        );
        element.width = Math.floor(viewport.width * ratio);
        element.height = Math.floor(viewport.height * ratio);
        task = page.render({
          canvas: element,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await task.promise;
      } catch (error) {
        // A drawing cancelled by a zoom or by closing is no failure.
        if (current && (error as { name?: string })?.name !== 'RenderingCancelledException')
          failed(`The document cannot be shown: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    return () => {
      current = false;
      task?.cancel();
    };
  }, [near, document, number, scale, failed]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${number} of ${document.numPages}`}
      // The panel's global style caps a canvas at its container's width: a zoomed page must overflow, to scroll.
      style={{
        width: `${Math.floor(width * scale)}px`,
        height: `${Math.floor(height * scale)}px`,
        maxWidth: 'none',
        maxHeight: 'none',
        display: 'block',
        margin: '0 auto 16px',
        boxShadow: '0 1px 4px rgba(33, 33, 52, 0.2)',
        background: '#fff',
      }}
    />
  );
}

/**
 * A PDF read in the panel, drawn by pdf.js on canvases: what management countersigns is read where it is
 * countersigned, in any browser (a browser without its own PDF viewer, a locked-down one, a phone), with a download
 * beside it. Pages fit the dialog's width (a phone's too), zoom in and out from there, and are drawn as they come
 * into view. This module and pdf.js are loaded when a reader first opens (React.lazy in the commitments table).
 */
export default function PdfReader({ path, title, fileName, onClose }: PdfReaderProps) {
  const { get } = useFetchClient();
  const frame = useRef<HTMLDivElement>(null);
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [document, setDocument] = useState<{
    pdf: PDFDocumentProxy;
    sizes: { width: number; height: number }[];
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fitWidth, setFitWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    let current = true;
    get(path, { responseType: 'arrayBuffer' })
      .then(({ data }) => current && setBytes(data as unknown as ArrayBuffer))
      .catch((failure: unknown) => current && setError(messageOf(failure)));
    return () => {
      current = false;
    };
  }, [get, path]);

  useEffect(() => {
    if (!bytes) return undefined;
    // pdf.js takes the buffer it is given: a copy, so a download of `bytes` keeps working.
    const task = getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
    let current = true;
    void (async () => {
      try {
        const pdf = await task.promise;
        // Each page's size (no drawing): the pages keep their places before they are drawn.
        const sizes: { width: number; height: number }[] = [];
        for (let number = 1; number <= pdf.numPages && current; number += 1) {
          const { width, height } = (await pdf.getPage(number)).getViewport({ scale: 1 });
          sizes.push({ width, height });
        }
        if (current) setDocument({ pdf, sizes });
      } catch (failure) {
        if (current)
          setError(`The document cannot be shown: ${failure instanceof Error ? failure.message : String(failure)}`);
      }
    })();
    return () => {
      current = false;
      void task.destroy();
    };
  }, [bytes]);

  // The width the pages fit: the dialog's, as it is now (a phone turned, a window resized).
  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setFitWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const download = () => {
    if (!bytes) return;
    const link = Object.assign(window.document.createElement('a'), {
      href: URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })),
      download: fileName,
    });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };

  const widest = document ? Math.max(...document.sizes.map((size) => size.width)) : 0;
  // 32: the frame's padding either side.
  const scale = widest && fitWidth ? (Math.max(fitWidth - 32, 120) / widest) * zoom : 0;
  const step = (by: number) =>
    setZoom((now) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(now) + by))]);

  return (
    <Modal.Root open onOpenChange={(open) => !open && onClose()}>
      <Modal.Content style={{ maxWidth: READING_WIDTH + 96, width: 'calc(100vw - 16px)' }}>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Typography textColor="danger600">{error}</Typography>}
          {!error && !document && <Loader small>Loading the document</Loader>}
          <Box ref={frame} aria-label={title} background="neutral100" padding={4} style={{ overflowX: 'auto' }}>
            {document &&
              scale > 0 &&
              document.sizes.map((size, index) => (
                <PageCanvas
                  key={index}
                  document={document.pdf}
                  number={index + 1}
                  width={size.width}
                  height={size.height}
                  scale={scale}
                  failed={setError}
                />
              ))}
          </Box>
        </Modal.Body>
        <Modal.Footer>
          <Flex gap={2} alignItems="center">
            <Button
              variant="tertiary"
              onClick={() => step(-1)}
              disabled={!document || zoom === ZOOMS[0]}
              aria-label="Zoom out"
            >
              −
            </Button>
            <Button
              variant="tertiary"
              onClick={() => setZoom(1)}
              disabled={!document || zoom === 1}
              aria-label="Fit to width"
            >{`${Math.round(zoom * 100)}%`}</Button>
            <Button
              variant="tertiary"
              onClick={() => step(1)}
              disabled={!document || zoom === ZOOMS[ZOOMS.length - 1]}
              aria-label="Zoom in"
            >
              +
            </Button>
            <Typography variant="pi" textColor="neutral600">
              {document ? `${document.pdf.numPages} page${document.pdf.numPages === 1 ? '' : 's'}` : ''}
            </Typography>
          </Flex>
          <Button variant="secondary" onClick={download} disabled={!bytes}>
            Download
          </Button>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
