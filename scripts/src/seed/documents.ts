import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Core, UID } from '@strapi/strapi';
import { FUND, NEWS_DOCUMENT, SYND_DOCUMENT, TAX_DOCUMENT, USER } from '../lib/uids';
import { WASABI_DONE, WASABI_STARTED } from './data/offerings';

interface DemoDocument {
  uid: UID.ContentType;
  title: string;
  file: string;
  fund: string;
  /** The investor's email for tax and news documents; none for a fund's due-diligence document. */
  email?: string;
  year?: number;
}

const INVESTOR = 'investor.investing@wasabistallions.com';
const DEMO_DOCUMENTS: DemoDocument[] = [
  { uid: SYND_DOCUMENT, title: 'Offering memorandum', file: 'offering-memorandum.pdf', fund: WASABI_STARTED },
  { uid: SYND_DOCUMENT, title: 'Veterinary report', file: 'veterinary-report.pdf', fund: WASABI_STARTED },
  { uid: TAX_DOCUMENT, title: 'K-1 2025', file: 'k1-2025.pdf', fund: WASABI_DONE, email: INVESTOR, year: 2025 },
  {
    uid: NEWS_DOCUMENT,
    title: 'Q3 2025 investor letter',
    file: 'q3-2025-letter.pdf',
    fund: WASABI_STARTED,
    email: INVESTOR,
    year: 2025,
  },
];

/** A one-page PDF that reads `text`, written by hand (the seed needs no PDF library for a page of text). */
export function onePagePdf(text: string): Buffer {
  const safe = text.replace(/[\\()]/g, '');
  const stream = `BT /F1 18 Tf 72 700 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface UploadService {
  upload(input: {
    data: { fileInfo: { name: string } };
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
  }): Promise<{ id: number }[]>;
}

/**
 * Demo documents with real PDFs, so downloads work in a demo: put in the media library and saved as staff do in the
 * admin panel, which moves each file to the private storage (cms/src/api/tax-document/staff-documents.ts). A document
 * already there (same type, title and fund) is left as it is. Answers how many were created and found.
 */
export async function seedDocuments(strapi: Core.Strapi): Promise<{ created: number; skipped: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-documents-'));
  let created = 0;
  try {
    for (const document of DEMO_DOCUMENTS) {
      const fund = await strapi.db.query(FUND).findOne({ where: { url_slug: document.fund } });
      const user = document.email ? await strapi.db.query(USER).findOne({ where: { email: document.email } }) : null;
      if (!fund || (document.email && !user))
        throw new Error(
          `The demo document ${document.title} needs ${document.fund} and ${document.email ?? 'no user'}`,
        );
      const where = { title: document.title, fund: { id: fund.id }, ...(user && { user: { id: user.id } }) };
      if (await strapi.db.query(document.uid).findOne({ where })) continue;

      const filepath = path.join(dir, document.file);
      fs.writeFileSync(filepath, onePagePdf(`${document.title} - demo document`));
      const upload = strapi.plugin('upload').service('upload') as unknown as UploadService;
      const [file] = await upload.upload({
        data: { fileInfo: { name: document.file } },
        files: {
          filepath,
          originalFilename: document.file,
          mimetype: 'application/pdf',
          size: fs.statSync(filepath).size,
        },
      });
      await strapi.documents(document.uid).create({
        data: {
          title: document.title,
          year: document.year,
          fund: fund.documentId,
          ...(user && { user: user.documentId }),
          file: file.id,
        } as never,
      });
      created += 1;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { created, skipped: DEMO_DOCUMENTS.length - created };
}
