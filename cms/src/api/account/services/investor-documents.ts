import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { InvestorFile } from '@portal/rules';
import { isoOf } from '../../../utils/list-query';
import { fileStorage } from '../../../providers/storage';
import { typeOfName } from '../../../providers/storage/file-types';
import { isDocumentId, ownValue } from '../../../utils/validation';

/** The investor's documents staff open from the desk, by the kind its route names. */
export const DOCUMENT_KINDS = {
  proof: 'api::proof-document.proof-document',
  tax: 'api::tax-document.tax-document',
  news: 'api::news-document.news-document',
  agreement: 'api::synd-agreement.synd-agreement',
} as const;

export interface FileRow {
  documentId: string;
  title: string | null;
  originalName: string | null;
  docPath: string | null;
  createdAt: string;
  year?: number | null;
  fund?: { id?: number; name: string | null } | null;
  syndUser?: { fund: { name: string | null } | null } | null;
}

/** A document as the investor's page lists it, to open from there. */
export const fileView = (row: FileRow): InvestorFile => ({
  documentId: row.documentId,
  title: row.title || row.originalName,
  originalName: row.originalName,
  year: row.year ?? null,
  fund: row.fund?.name ?? row.syndUser?.fund?.name ?? null,
  uploadedAt: isoOf(row.createdAt),
});

/** An investor's documents as the desk opens them: their files, from the private storage. */
export function investorDocuments(strapi: Core.Strapi) {
  return {
    /**
     * GET /sponsor-desk/documents/:kind/:documentId: an investor's proof, tax or news document or completed agreement,
     * from the private storage, for staff to read (the route records each download).
     */
    async documentFile(kind: string, documentId: string): Promise<{ bytes: Buffer; name: string; type: string }> {
      const uid = ownValue(DOCUMENT_KINDS, kind);
      if (!uid) throw new errors.ValidationError(`kind must be one of ${Object.keys(DOCUMENT_KINDS).join(', ')}`);
      const row = isDocumentId(documentId)
        ? ((await strapi.db
            .query(uid)
            .findOne({ where: { documentId, isDeleted: { $ne: true } }, select: ['originalName', 'docPath'] })) as Pick<
            FileRow,
            'originalName' | 'docPath'
          > | null)
        : null;
      if (!row) throw new errors.NotFoundError('Document not found');
      const storage = fileStorage(strapi);
      if (!row.docPath || !(await storage.exists(row.docPath)))
        throw new errors.NotFoundError('The file of this document is not in the storage');
      const name = row.originalName || row.docPath.split('/').pop() || 'document';
      return { bytes: await storage.get(row.docPath), name, type: typeOfName(name) };
    },
  };
}
