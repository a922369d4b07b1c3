import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Writing text documents with pdf-lib: US Letter pages filled top to bottom with wrapped text in the standard
 * Helvetica fonts (the subscription agreement and its audit page, capital call and distribution notices).
 */

/** US Letter, in points. */
export const PAGE: [number, number] = [612, 792];
export const MARGIN = 56;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
export const GREY = rgb(0.35, 0.35, 0.35);

/**
 * Text the standard PDF fonts can draw (WinAnsi): typographic quotes and dashes become their plain forms, anything
 * else outside Latin-1 a '?', control characters a space. Names are typed by people from anywhere.
 */
export function pdfText(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019\u201A]/g, "'")
      .replace(/[\u201C\u201D\u201E]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      // eslint-disable-next-line no-control-regex -- the PDF text drops control characters: matching them is the point
      .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
      .replace(/[^\u0020-\u007E\u00A0-\u00FF]/gu, '?')
  );
}

/** One page after another, writing top to bottom with line wrapping. */
export class Writer {
  page!: PDFPage;
  y = 0;

  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly italic: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Makes room for `height` points, on a new page when this one is full. */
  room(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** `text` wrapped to `width`: each of its lines (a notice's wire instructions keep theirs) starts a line of its own. */
  lines(text: string, font: PDFFont, size: number, width = TEXT_WIDTH): string[] {
    const lines: string[] = [];
    // Split before pdfText, which makes every control character (a line break too) a space.
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of pdfText(paragraph).split(/\s+/).filter(Boolean)) {
        // A word wider than the line (a user agent, a hash) is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
          if (line) lines.push(line);
          lines.push(rest.slice(0, cut));
          line = '';
          rest = rest.slice(cut);
        }
        const candidate = line ? `${line} ${rest}` : rest;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          lines.push(line);
          line = rest;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(
    text: string,
    { font = this.regular, size = 10.5, gap = 4, color = rgb(0, 0, 0), x = MARGIN, width = TEXT_WIDTH } = {},
  ): void {
    for (const line of this.lines(text, font, size, width)) {
      this.room(size + 3);
      this.y -= size + 3;
      this.page.drawText(line, { x, y: this.y, size, font, color });
    }
    this.y -= gap;
  }

  /** A label and its value on one line (the value wraps under itself). */
  field(label: string, value: string): void {
    const size = 10.5;
    const valueLines = this.lines(value || '-', this.regular, size, TEXT_WIDTH - 170);
    this.room((size + 3) * valueLines.length);
    this.page.drawText(pdfText(label), { x: MARGIN, y: this.y - size - 3, size, font: this.bold });
    for (const line of valueLines) {
      this.y -= size + 3;
      this.page.drawText(line, { x: MARGIN + 170, y: this.y, size, font: this.regular });
    }
    this.y -= 3;
  }

  rule(): void {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 6;
  }
}

export async function writerFor(pdf: PDFDocument): Promise<Writer> {
  return new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
    await pdf.embedFont(StandardFonts.HelveticaOblique),
  );
}
