import { PDFDocument } from 'pdf-lib';
import { GREY, MARGIN, pdfText, writerFor } from '../../utils/pdf-writer';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_SIGNATURE_LENGTH, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { formatUsd } from '@portal/rules';
import type { AgreementTerms } from './types';
import type { SealingCertificate } from './certificate';
import { PadesSigner } from './pades';
import { TimestampingSigner } from './timestamp';

const METHODS: Record<string, string> = {
  CASH: 'Individual (direct cash investment)',
  TRUST: 'Trust',
  ENTITY: 'Business entity',
};

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
    '6. Transfer. The subscriber will not sell, assign, pledge or otherwise transfer the interest, in whole or in part, without ' +
      "management's prior written consent and compliance with the Fund's operating agreement and applicable securities laws.",
    '7. Tax matters. The subscriber will provide a completed IRS Form W-9 (or the applicable Form W-8) on request, understands ' +
      "that the Fund will report the subscriber's share of its income, gains, losses and deductions on Schedule K-1, and will " +
      'consult their own tax adviser about the consequences of this investment.',
    '8. Information. The subscriber confirms that the information given in this agreement and in the investor portal is true ' +
      'and complete, will notify management promptly of any change, and agrees that the Fund may rely on it, including for ' +
      'anti-money-laundering and know-your-customer checks.',
    '9. Notices. Notices under this agreement are given by email to the addresses stated here or in the investor portal, and ' +
      'are effective when sent; documents delivered through the investor portal are delivered when the subscriber is notified of them.',
    '10. Whole agreement and law. This agreement, with the operating agreement, is the whole agreement between the parties about ' +
      'the subscription, may be signed in counterparts, and is governed by the laws of the State of Delaware.',
  ];
  for (const paragraph of paragraphs) w.text(paragraph, { gap: 8 });
  w.rule();

  w.text('Signatures', { font: w.bold, size: 12, gap: 4 });
  w.text(
    'Each signer signs electronically through a personal link. Their signatures, with the time, address and device they ' +
      'signed from and a fingerprint (SHA-256) of this document, are listed on the signature page that completes it.',
    { color: GREY, gap: 8 },
  );
  const signatureLines = [
    `Investor: ${terms.investorName}`,
    ...(terms.spouseName ? [`Spouse: ${terms.spouseName}`] : []),
    `For ${terms.fundName}: management`,
  ];
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
  /** Which electronic records disclosure the signer accepted, and when. */
  consent?: string;
  /** How the signer proved who they are (a mailed one-time code, their own session). */
  identity?: string;
  /** What happened on the signer's link, one line each, in order. */
  events?: string[];
}

const ROLE_TITLES: Record<AuditEntry['role'], string> = {
  investor: 'Investor',
  spouse: 'Spouse (co-subscriber)',
  management: 'Management (countersignature)',
};

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
export async function completeAgreement(
  document: Buffer,
  trail: AuditEntry[],
  certificate: SealingCertificate,
  info: { title: string; portalName: string; completedAt: Date; verifyUrl?: string },
): Promise<Buffer> {
  const pdf = await PDFDocument.load(document);
  pdf.setTitle(pdfText(info.title));
  pdf.setModificationDate(info.completedAt);
  const w = await writerFor(pdf);
  w.text('SIGNATURE PAGE AND AUDIT TRAIL', { font: w.bold, size: 16, gap: 2 });
  w.text(info.title, { size: 11, gap: 2 });
  w.text(
    `Completed ${utc(info.completedAt)}. Every signer signed the document fingerprinted below; this page lists who, when and from where.`,
    { color: GREY, gap: 10 },
  );

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
    if (entry.consent) w.field('Electronic consent', entry.consent);
    if (entry.identity) w.field('Identity', entry.identity);
    for (const event of entry.events ?? []) w.text(event, { size: 8, color: GREY });
  }
  w.rule();
  w.text(
    `This document is sealed by ${info.portalName} with a digital signature. A PDF reader shows the seal; any change made to the ` +
      'document after sealing breaks it.' +
      (info.verifyUrl
        ? ` Anyone holding this file can check that ${info.portalName} issued it at ${info.verifyUrl}.`
        : ''),
    { color: GREY, size: 9 },
  );

  return sealPdf(pdf, certificate, {
    reason: 'Subscription agreement completed: signatures and audit trail sealed',
    sealedBy: info.portalName,
    at: info.completedAt,
  });
}

/**
 * Seals a finished PDF with a digital signature made with `certificate`, in the portal's name: a PDF reader shows the
 * seal, and any change made after it breaks it. Agreements and statements are sealed so. The signature is CAdES
 * (ETSI.CAdES.detached, PAdES baseline B-B: SHA-256, the signing certificate's hash signed, the time in /M). With a
 * time-stamping authority (`certificate.tsaUrl`, SIGNING_TSA_URL) it also carries the authority's RFC 3161 timestamp
 * token (PAdES B-T), so the sealing time rests on the authority's clock, not ours; the authority failing fails the
 * seal (a 502 naming it), nothing is stored half-sealed.
 */
export async function sealPdf(
  pdf: PDFDocument,
  certificate: SealingCertificate,
  { reason, sealedBy, at }: { reason: string; sealedBy: string; at: Date },
): Promise<Buffer> {
  // A timestamp token (the authority's signature and certificate) needs room beside the seal's own.
  const signatureLength = certificate.tsaUrl ? 3 * DEFAULT_SIGNATURE_LENGTH : DEFAULT_SIGNATURE_LENGTH;
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason,
    contactInfo: '',
    name: pdfText(sealedBy),
    location: 'Investor portal',
    signingTime: at,
    signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // The placeholder must sit in a classic cross-reference table for the signer to find and fill it.
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const seal = new PadesSigner(certificate);
  return new SignPdf().sign(
    prepared,
    certificate.tsaUrl ? new TimestampingSigner(seal, { url: certificate.tsaUrl, ca: certificate.tsaCa }) : seal,
    at,
  );
}
