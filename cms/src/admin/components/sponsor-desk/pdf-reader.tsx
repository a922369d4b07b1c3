import { useEffect, useRef, useState } from 'react';
import { Box, Button, Loader, Modal, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { messageOf } from './shared';

GlobalWorkerOptions.workerSrc = workerUrl;

/** How wide a page is drawn, in CSS pixels: the modal's reading width. */
const PAGE_WIDTH = 760;

export interface PdfReaderProps {
  /** The admin route that answers the PDF (fetched with the staff member's token). */
  path: string;
  /** What the document is: the modal's title and its file name when downloaded. */
  title: string;
  fileName: string;
  onClose: () => void;
}

/**
 * A PDF read in the panel, every page drawn by pdf.js on a canvas: what management countersigns is read where it is
 * countersigned, in any browser (a browser without its own PDF viewer, a locked-down one), with a download beside it.
 */
export function PdfReader({ path, title, fileName, onClose }: PdfReaderProps) {
  const { get } = useFetchClient();
  const pages = useRef<HTMLDivElement>(null);
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [state, setState] = useState<{ pages: number } | { error: string } | null>(null);

  useEffect(() => {
    let current = true;
    get(path, { responseType: 'arrayBuffer' })
      .then(({ data }) => current && setBytes(data as unknown as ArrayBuffer))
      .catch((error: unknown) => current && setState({ error: messageOf(error) }));
    return () => {
      current = false;
    };
  }, [get, path]);

  useEffect(() => {
    const frame = pages.current;
    if (!bytes || !frame) return undefined;
    // pdf.js takes the buffer it is given: a copy, so a download of `bytes` keeps working.
    const task = getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
    let current = true;
    void (async () => {
      try {
        const document = await task.promise;
        frame.replaceChildren();
        for (let number = 1; number <= document.numPages && current; number += 1) {
          const page = await document.getPage(number);
          const viewport = page.getViewport({ scale: PAGE_WIDTH / page.getViewport({ scale: 1 }).width });
          const ratio = window.devicePixelRatio || 1;
          const canvas = Object.assign(window.document.createElement('canvas'), { width: Math.floor(viewport.width * ratio), height: Math.floor(viewport.height * ratio) });
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `Page ${number} of ${document.numPages}`);
          Object.assign(canvas.style, { width: `${Math.floor(viewport.width)}px`, display: 'block', margin: '0 auto 16px', boxShadow: '0 1px 4px rgba(33, 33, 52, 0.2)', background: '#fff' });
          frame.append(canvas);
          await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        }
        if (current) setState({ pages: document.numPages });
      } catch (error) {
        if (current) setState({ error: `The document cannot be shown: ${error instanceof Error ? error.message : String(error)}` });
      }
    })();
    return () => {
      current = false;
      void task.destroy();
    };
  }, [bytes]);

  const download = () => {
    if (!bytes) return;
    const link = Object.assign(window.document.createElement('a'), { href: URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })), download: fileName });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };

  return (
    <Modal.Root open onOpenChange={(open) => !open && onClose()}>
      <Modal.Content style={{ maxWidth: PAGE_WIDTH + 96, width: '90vw' }}>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {state && 'error' in state && <Typography textColor="danger600">{state.error}</Typography>}
          {!state && <Loader small>Loading the document</Loader>}
          <Box ref={pages} aria-label={title} background="neutral100" padding={4} />
        </Modal.Body>
        <Modal.Footer>
          <Typography variant="pi" textColor="neutral600">{state && 'pages' in state ? `${state.pages} page${state.pages === 1 ? '' : 's'}` : ''}</Typography>
          <Button variant="secondary" onClick={download} disabled={!bytes}>Download</Button>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
