import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the stand-in of pdf.js was asked to draw: page numbers with the width they were drawn at. */
const drawn: [number, number][] = [];
/** Resolves page 1's drawing when called (the others draw at once). */
let finishFirstPage: () => void = () => undefined;

const PAGE_TEXT: Record<number, { str?: string; hasEOL?: boolean; transform?: number[]; height?: number }[]> = {
  1: [
    { str: 'SUBSCRIPTION AGREEMENT', hasEOL: true, transform: [12, 0, 0, 12, 72, 740], height: 12 },
    { str: 'The undersigned subscribes for an', hasEOL: true, transform: [12, 0, 0, 12, 72, 700], height: 12 },
    { str: 'interest in the Fund.', hasEOL: true, transform: [12, 0, 0, 12, 72, 686], height: 12 },
  ],
  2: [],
};

// pdf.js needs a worker and a canvas that jsdom has not got: a stand-in document of two pages.
vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => ({
  GlobalWorkerOptions: {},
  TextLayer: class {
    render = () => Promise.resolve();
    cancel = () => undefined;
  },
  getDocument: () => ({
    promise: Promise.resolve({
      numPages: 2,
      getPage: (number: number) =>
        Promise.resolve({
          getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale, scale }),
          render: ({ viewport }: { viewport: { width: number } }) => {
            drawn.push([number, Math.round(viewport.width)]);
            const promise =
              number === 1 ? new Promise<void>((resolve) => (finishFirstPage = resolve)) : Promise.resolve();
            return { promise, cancel: () => undefined };
          },
          streamTextContent: () => new ReadableStream(),
          getTextContent: () => Promise.resolve({ items: PAGE_TEXT[number] }),
        }),
    }),
    destroy: () => Promise.resolve(),
  }),
}));
vi.mock('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url', () => ({ default: '/pdf.worker.js' }));

const { default: PdfViewer } = await import('../pdf-viewer');

beforeEach(() => {
  drawn.length = 0;
  // jsdom lays nothing out: the frame is 632 px wide (a page 600 px inside its padding).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe = () => undefined;
      disconnect = () => undefined;
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(632);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pages = () => screen.queryAllByRole('img', { name: /^Page \d of 2$/ });

describe('the PDF viewer', () => {
  it('draws the first page before laying out the others', async () => {
    render(<PdfViewer url="/agreement.pdf" title="Subscription agreement" />);
    await screen.findByRole('img', { name: 'Page 1 of 2' });
    expect(pages()).toHaveLength(1);
    await act(async () => finishFirstPage());
    expect(await screen.findByRole('img', { name: 'Page 2 of 2' })).toBeInTheDocument();
  });

  it('reads the document as text, reflowed, page by page, and shows the pages again', async () => {
    const user = userEvent.setup();
    render(<PdfViewer url="/agreement.pdf" title="Subscription agreement" />);
    await screen.findByRole('img', { name: 'Page 1 of 2' });
    await user.click(screen.getByRole('button', { name: 'Read as text' }));
    const first = await screen.findByRole('region', { name: 'Page 1 of 2' });
    expect(
      within(first)
        .getAllByRole('paragraph')
        .map((paragraph) => paragraph.textContent),
    ).toEqual(['SUBSCRIPTION AGREEMENT', 'The undersigned subscribes for an interest in the Fund.']);
    expect(await screen.findByRole('region', { name: 'Page 2 of 2' })).toHaveTextContent(
      'This page has no text to read (a picture or a scan).',
    );
    expect(pages()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the pages', pressed: true }));
    expect(await screen.findByRole('img', { name: 'Page 1 of 2' })).toBeInTheDocument();
  });

  it('zooms with a pinch of two fingers, and steps on from there with the buttons', async () => {
    render(<PdfViewer url="/agreement.pdf" title="Subscription agreement" />);
    await screen.findByRole('img', { name: 'Page 1 of 2' });
    const frame = document.querySelector('.pdf-frame')!;
    const touch = (type: string, pointerId: number, clientX: number) =>
      fireEvent(frame, Object.assign(new Event(type), { pointerId, pointerType: 'touch', clientX, clientY: 300 }));
    touch('pointerdown', 1, 200);
    touch('pointerdown', 2, 300);
    touch('pointermove', 2, 350);
    touch('pointerup', 2, 350);
    touch('pointerup', 1, 200);
    // The fingers went from 100 to 150 px apart: 150%.
    expect(await screen.findByText('150%')).toBeInTheDocument();
    await act(async () => finishFirstPage());
    // Drawn again at the new width: 600 px times 1.5.
    expect(drawn).toContainEqual([1, 900]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('200%')).toBeInTheDocument();
  });
});
