import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { formatUsd } from '@portal/rules';
import type { AgreementTerms } from './types';
import type { SealingCertificate } from './certificate';

/** US Letter, in points. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);

const METHODS: Record<string, string> = {
  CASH: 'Individual (direct cash investment)',
  TRUST: 'Trust',
  ENTITY: 'Business entity',
};

/**
 * Text the standard PDF fonts can draw (WinAnsi): typographic quotes and dashes become their plain forms, anything
 * else outside Latin-1 a '?', control characters a space. Names are typed by people from anywhere.
 */
export function pdfText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/[^\u0020-\u007E\u00A0-\u00FF]/gu, '?');
}

/** One page after another, writing top to bottom with line wrapping. */
class Writer {
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

  lines(text: string, font: PDFFont, size: number, width = TEXT_WIDTH): string[] {
    const lines: string[] = [];
    for (const paragraph of pdfText(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
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

  text(text: string, { font = this.regular, size = 10.5, gap = 4, color = rgb(0, 0, 0), x = MARGIN, width = TEXT_WIDTH } = {}): void {
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
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE[0] - MARGIN, y: this.y }, thickness: 0.5, color: GREY });
    this.y -= 6;
  }
}

async function writerFor(pdf: PDFDocument): Promise<Writer> {
  return new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
    await pdf.embedFont(StandardFonts.HelveticaOblique),
  );
}

const utc = (date: Date): string => `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** The subscription agreement an investor signs, with their terms, as a PDF. */
export async function renderAgreement(terms: AgreementTerms): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfText(terms.title));
  pdf.setAuthor(pdfText(terms.portalName));
  pdf.setSubject(pdfText(`Subscription to ${terms.fundName}`));
  pdf.setCreationDate(terms.date);
  pdf.setModificationDate(terms.date);
  const w = await writerFor(pdf);

  w.text('SUBSCRIPTION AGREEMENT', { font: w.bold, size: 18, gap: 2 });
  w.text(terms.fundName, { font: w.bold, size: 13, gap: 2 });
  w.text(`${terms.investmentName} - offered through ${terms.portalName}`, { color: GREY, gap: 10 });

  w.text('The subscriber', { font: w.bold, size: 12, gap: 4 });
  w.field('Investor', terms.investorName);
  w.field('Email', terms.investorEmail);
  w.field('Subscription amount', formatUsd(terms.amount));
  w.field('Method of investment', terms.method ? (METHODS[terms.method] ?? terms.method) : 'Not stated');
  if (terms.method === 'CASH') {
    w.field('Married', yesNo(terms.isMarried));
    if (terms.isMarried) w.field('Community-property state', yesNo(terms.isMaritalState));
  }
  if (terms.spouseName) w.field('Spouse (co-subscriber)', `${terms.spouseName} <${terms.spouseEmail ?? ''}>`);
  w.field('Date', terms.date.toISOString().slice(0, 10));
  w.rule();

  w.text('Terms', { font: w.bold, size: 12, gap: 4 });
  const paragraphs = [
    `1. Subscription. The subscriber irrevocably subscribes for an interest in ${terms.fundName} (the "Fund") in the amount of ` +
      `${formatUsd(terms.amount)}, on the terms of the Fund's private placement memorandum and operating agreement, which the ` +
      'subscriber has received and read.',
    '2. Payment. The subscriber will pay the subscription amount within ten business days after management countersigns this ' +
      'agreement, by wire or check as set out in the funding instructions shown in the investor portal.',
    '3. Representations. The subscriber is an accredited investor as defined in Rule 501(a) of Regulation D, acquires the ' +
      'interest for their own account and not with a view to its distribution, understands that the interest is not registered ' +
      'under the Securities Act of 1933 and may not be resold without registration or an exemption, and can bear the economic ' +
      'risk of losing the whole investment.',
    '4. Spousal consent. Where the subscriber is married and lives in a community-property state, the spouse signs below to ' +
      'consent to this subscription and to be bound by it as to any community interest.',
    '5. Acceptance. This agreement binds the Fund only once management has countersigned it. Electronic signatures and records ' +
      'have the same effect as handwritten signatures and paper originals (E-SIGN Act, 15 U.S.C. 7001 et seq.).',
  ];
  for (const paragraph of paragraphs) w.text(paragraph, { gap: 8 });
  w.rule();

  w.text('Signatures', { font: w.bold, size: 12, gap: 4 });
  w.text(
    'Each signer signs electronically through a personal link. Their signatures, with the time, address and device they ' +
      'signed from and a fingerprint (SHA-256) of this document, are listed on the signature page that completes it.',
    { color: GREY, gap: 8 },
  );
  const signatureLines = [`Investor: ${terms.investorName}`, ...(terms.spouseName ? [`Spouse: ${terms.spouseName}`] : []), `For ${terms.fundName}: management`];
  for (const line of signatureLines) {
    w.room(40);
    w.y -= 30;
    w.page.drawLine({ start: { x: MARGIN, y: w.y }, end: { x: MARGIN + 260, y: w.y }, thickness: 0.5 });
    w.y -= 2;
    w.text(line, { size: 9, color: GREY });
  }
  return Buffer.from(await pdf.save());
}

/** One signature as the audit trail lists it. */
export interface AuditEntry {
  role: 'investor' | 'spouse' | 'management';
  name: string;
  email: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the document as this signer saw and signed it. */
  documentSha256: string | null;
  typedName: string | null;
  /** A drawn signature: data:image/png;base64,... */
  drawnSignature: string | null;
  /** Where the signature was collected, when not by the portal itself (Dropbox Sign). */
  collectedBy?: string;
}

const ROLE_TITLES: Record<AuditEntry['role'], string> = { investor: 'Investor', spouse: 'Spouse (co-subscriber)', management: 'Management (countersignature)' };

/** The PNG bytes of a data URL, or null when it is not one. */
export function pngOfDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return null;
  const png = Buffer.from(match[1], 'base64');
  return png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ? png : null;
}

/**
 * The completed agreement: the signed document, then a signature page with every signature and its audit trail,
 * sealed with a PDF digital signature (PKCS#7 detached, SHA-256) made with `certificate`, so any change shows.
 */
export async function completeAgreement(document: Buffer, trail: AuditEntry[], certificate: SealingCertificate, info: { title: string; portalName: string; completedAt: Date }): Promise<Buffer> {
  const pdf = await PDFDocument.load(document);
  pdf.setTitle(pdfText(info.title));
  pdf.setModificationDate(info.completedAt);
  const w = await writerFor(pdf);
  w.text('SIGNATURE PAGE AND AUDIT TRAIL', { font: w.bold, size: 16, gap: 2 });
  w.text(info.title, { size: 11, gap: 2 });
  w.text(`Completed ${utc(info.completedAt)}. Every signer signed the document fingerprinted below; this page lists who, when and from where.`, { color: GREY, gap: 10 });

  for (const entry of trail) {
    w.rule();
    w.text(ROLE_TITLES[entry.role], { font: w.bold, size: 12, gap: 4 });
    const png = entry.drawnSignature ? pngOfDataUrl(entry.drawnSignature) : null;
    if (png) {
      const image = await pdf.embedPng(png);
      const scale = Math.min(220 / image.width, 60 / image.height, 1);
      w.room(image.height * scale + 6);
      w.y -= image.height * scale;
      w.page.drawImage(image, { x: MARGIN, y: w.y, width: image.width * scale, height: image.height * scale });
      w.y -= 6;
    } else if (entry.typedName) {
      w.text(entry.typedName, { font: w.italic, size: 20, gap: 6 });
    }
    w.field('Name', entry.name);
    w.field('Email', entry.email);
    if (entry.typedName) w.field('Typed name', entry.typedName);
    w.field('Signed at', utc(entry.signedAt));
    w.field('IP address', entry.ip ?? (entry.collectedBy ? `recorded by ${entry.collectedBy}` : 'not recorded'));
    w.field('User agent', entry.userAgent ?? (entry.collectedBy ? `recorded by ${entry.collectedBy}` : 'not recorded'));
    w.field('Document SHA-256', entry.documentSha256 ?? 'not recorded');
  }
  w.rule();
  w.text(
    `This document is sealed by ${info.portalName} with a digital signature. A PDF reader shows the seal; any change made to the ` +
      'document after sealing breaks it.',
    { color: GREY, size: 9 },
  );

  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: 'Subscription agreement completed: signatures and audit trail sealed',
    contactInfo: '',
    name: pdfText(info.portalName),
    location: 'Investor portal',
    signingTime: info.completedAt,
  });
  // The placeholder must sit in a classic cross-reference table for the signer to find and fill it.
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new P12Signer(certificate.p12, { passphrase: certificate.password }), info.completedAt);
}
