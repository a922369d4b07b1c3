import path from 'node:path';
import { factories, type Core, type UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { DownloadLink } from '@portal/rules';
import { fileStorage } from '../../../providers/storage';
import { serviceAccessor } from '../../../utils/service';
import { along, idFilter } from '../../collection/query';
import { portals } from '../../portal/services/portal';
import { FILE_DOWNLOAD } from '../../../utils/uids';

/** The documents investors download, by the name in the URL: the type, the audit record's kind, whose rows they are. */
const SOURCES = {
  synd_documents: { uid: 'api::synd-document.synd-document', kind: 'synd_document', owner: null },
  news_documents: { uid: 'api::news-document.news-document', kind: 'news_document', owner: 'user' },
  tax_documents: { uid: 'api::tax-document.tax-document', kind: 'tax_document', owner: 'user' },
  proof_documents: { uid: 'api::proof-document.proof-document', kind: 'proof_document', owner: 'user' },
} as const satisfies Record<string, { uid: UID.ContentType; kind: string; owner: string | null }>;

export type DownloadCollection = keyof typeof SOURCES;

export interface Downloader {
  id: number;
  portal?: { id: number } | null;
}

interface DownloadRequest {
  id: string;
  /** The fund of a due-diligence document (synd_documents only). */
  fundId?: string;
  ip: string | null;
  /** Made in a guest session (a superadmin looking as the user), which the record says. */
  guestSession: boolean;
  /** The CMS's address, for links it serves itself (local storage). */
  origin: string;
}

interface FileRow {
  id: number;
  documentId: string;
  originalName: string | null;
  docPath: string | null;
  bucketId: string | null;
  fund?: { id: number } | null;
}

const NOT_DELETED = { $or: [{ isDeleted: false }, { isDeleted: { $null: true } }] };
const notFound = (): never => {
  throw new errors.NotFoundError('Not found');
};

const fileDownloadService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * A short-lived link to one stored document the caller may read: their own tax, news or proof document, or a
   * due-diligence document of a fund of their portal. Anything else, a deleted row or a file the storage no longer
   * has: 404. Each link handed out is recorded (FILE_DOWNLOAD) for the portal's staff.
   */
  async link(user: Downloader, collection: DownloadCollection, request: DownloadRequest): Promise<DownloadLink> {
    const source = SOURCES[collection];
    const scope: Record<string, unknown>[] = [idFilter(request.id), NOT_DELETED, { docPath: { $notNull: true } }];
    if (source.owner) {
      scope.push(along(source.owner, { id: user.id }));
    } else {
      if (request.fundId === undefined) throw new errors.ValidationError('fundId is required');
      const portal = await portals(strapi).ofUser(user);
      scope.push({
        fund: { $and: [idFilter(request.fundId), { company: { portal: { id: portal?.id ?? notFound() } } }] },
      });
    }
    const row: FileRow | null = await strapi.db
      .query(source.uid)
      .findOne({ where: { $and: scope }, populate: ['fund'] });
    if (!row?.docPath) return notFound();

    const storage = fileStorage(strapi);
    if ((row.bucketId && row.bucketId !== storage.name) || !(await storage.exists(row.docPath))) return notFound();
    const originalName = row.originalName || path.posix.basename(row.docPath);
    const url = await storage.downloadUrl(row.docPath, originalName, request.origin);
    await strapi.db.query(FILE_DOWNLOAD).create({
      data: {
        fileName: originalName,
        kind: source.kind,
        fileId: row.id,
        fileDocumentId: row.documentId,
        user: user.id,
        fund: row.fund?.id ?? null,
        ip: request.ip,
        guestSession: request.guestSession,
      },
    });
    return { url, originalName };
  },
});

export type FileDownloadService = ReturnType<typeof fileDownloadService>;

/** The download service, typed. */
export const fileDownloads = serviceAccessor<FileDownloadService>(FILE_DOWNLOAD);

export default factories.createCoreService(FILE_DOWNLOAD, fileDownloadService);
