import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { displayTitle, INVEST_STATUS, SITE_PATHS } from '@portal/rules';
import { fileStorage } from '../../providers/storage';
import { sanitizeFileName } from '../../providers/storage/file-types';
import { notifications, type Recipient } from '../notification/services/notification';
import { recountDocuments } from './document-counts';
import { SYND_USER, USER } from '../../utils/uids';
import type { Row } from '../../utils/rows';
const RECIPIENT_FIELDS = ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'];

/**
 * The documents content staff add in the admin panel, with the file attached through the media library:
 * - prefix: where the file goes in the private storage;
 * - template: tax and news documents belong to investors, who are notified (with a link to their page of the site);
 *   due-diligence documents to a fund.
 */
const STAFF_DOCUMENTS: Partial<
  Record<string, { prefix: string; template?: 'new_tax_document' | 'new_news_document'; page?: string }>
> = {
  'api::tax-document.tax-document': { prefix: 'tax', template: 'new_tax_document', page: SITE_PATHS.taxDocuments.path },
  'api::news-document.news-document': {
    prefix: 'news',
    template: 'new_news_document',
    page: SITE_PATHS.newsDocuments.path,
  },
  'api::synd-document.synd-document': { prefix: 'synd' },
};

interface MediaFile {
  id: number;
  name: string;
  url: string;
  mime: string | null;
  provider: string;
}

interface DocumentRow {
  id: number;
  documentId: string;
  title: string | null;
  originalName: string | null;
  docPath: string | null;
  bucketId: string | null;
  year?: number | null;
  sendToAllFundInvestors?: boolean | null;
  file: MediaFile | null;
  user?: Recipient | null;
  fund?: { id: number; name: string | null } | null;
}

/** The bytes of a media-library file, wherever the upload provider keeps it (public/uploads, or a bucket). */
async function mediaBytes(strapi: Core.Strapi, file: MediaFile): Promise<Buffer> {
  const { url } = (await strapi
    .plugin('upload')
    .service('file')
    .signFileUrls({ ...file })) as { url: string };
  if (!/^https?:\/\//.test(url)) return fs.readFile(path.join(strapi.dirs.static.public, ...url.split('/')));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The media library answered ${response.status} for ${file.name}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The investors of a fund: every user with an accepted investment in it, once each. */
async function fundInvestors(strapi: Core.Strapi, fundId: number): Promise<Recipient[]> {
  const rows: { user: Recipient | null }[] = await strapi.db.query(SYND_USER).findMany({
    where: { fund: { id: fundId }, invest_status: INVEST_STATUS.accepted },
    populate: { user: { select: RECIPIENT_FIELDS } },
  });
  const investors = new Map<number, Recipient>();
  for (const { user } of rows) if (user) investors.set(user.id, user);
  return [...investors.values()];
}

/**
 * Makes a document staff just saved in the panel private and delivers it. Its file moves from the media library
 * (public) to the private storage; a tax or news document for every investor of a fund becomes one row per investor
 * (the row staff made stays as the record of what was sent, with no user, so no investor lists it); each investor
 * concerned is notified and their document counts are set again. A new document staff made in the panel that names
 * nobody or has no file is removed again and refused.
 */
async function deliver(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  documentId: string,
  isNew: boolean,
  previousOwners: number[],
): Promise<void> {
  const spec = STAFF_DOCUMENTS[uid];
  if (!spec) return;
  const perInvestor = Boolean(spec.template);
  const row: DocumentRow | null = await strapi.db.query(uid).findOne({
    where: { documentId },
    populate: {
      file: true,
      fund: { select: ['id', 'name'] },
      ...(perInvestor && { user: { select: RECIPIENT_FIELDS } }),
    },
  });
  if (!row) return;
  const toAll = perInvestor && !row.user && Boolean(row.sendToAllFundInvestors);
  const investors = isNew && toAll && row.fund ? await fundInvestors(strapi, row.fund.id) : [];
  // Staff in the panel must name who gets the document and attach it; the CMS's own writes (seed, tests) are theirs.
  const fromPanel = Boolean(strapi.requestContext.get()?.path?.startsWith('/content-manager/'));
  const problem =
    !isNew || !fromPanel
      ? null
      : !row.file && !row.docPath
        ? 'Attach the document file'
        : perInvestor && !row.user && !(toAll && row.fund)
          ? 'Choose the investor, or a fund and Send To All Fund Investors'
          : toAll && !investors.length
            ? 'No investor has accepted an investment in this fund yet'
            : null;
  if (problem) {
    await strapi.db.query(uid).delete({ where: { id: row.id } });
    if (row.file) await strapi.plugin('upload').service('upload').remove(row.file);
    throw new errors.ValidationError(problem);
  }

  if (row.file) {
    const storage = fileStorage(strapi);
    const key = `${spec.prefix}/${row.documentId}/${crypto.randomBytes(6).toString('hex')}-${sanitizeFileName(row.file.name).slice(-120)}`;
    await storage.put(key, await mediaBytes(strapi, row.file), row.file.mime ?? undefined);
    Object.assign(row, { docPath: key, bucketId: storage.name, originalName: row.file.name });
    await strapi.db
      .query(uid)
      .update({ where: { id: row.id }, data: { docPath: key, bucketId: storage.name, originalName: row.file.name } });
    // Removing the media-library file also unlinks it from the row.
    await strapi.plugin('upload').service('upload').remove(row.file);
  }
  if (!perInvestor) return;

  for (const investor of investors) {
    await strapi.db.query(uid).create({
      data: {
        title: row.title,
        originalName: row.originalName,
        docPath: row.docPath,
        bucketId: row.bucketId,
        year: row.year ?? null,
        isDeleted: false,
        sendToAllFundInvestors: false,
        fund: row.fund?.id ?? null,
        user: investor.id,
      },
    });
  }
  const recipients = toAll ? investors : row.user ? [row.user] : [];
  await recountDocuments(strapi, [...previousOwners, ...recipients.map((recipient) => recipient.id)]);
  // A new document reaches its investors; one staff hand to another investor later reaches that investor.
  const told = isNew ? recipients : recipients.filter((recipient) => !previousOwners.includes(recipient.id));
  if (!told.length || !spec.template) return;
  const tags = {
    documentTitle: displayTitle(row),
    fundName: row.fund?.name ?? '',
    year: row.year ? String(row.year) : '',
  };
  try {
    await notifications(strapi).send(spec.template, told, tags, { link: spec.page });
  } catch (error) {
    // The document is delivered; a notice that fails is logged, never undoes it.
    strapi.log.error(`Notification ${spec.template} failed: ${String(error)}`);
  }
}

/** The users whose documents the row `documentId` is (before a change, to count theirs again after it). */
async function ownersOf(strapi: Core.Strapi, uid: UID.ContentType, documentId: string | undefined): Promise<number[]> {
  if (!documentId || !STAFF_DOCUMENTS[uid]?.template) return [];
  const rows: { user: Pick<Row<typeof USER>, 'id'> | null }[] = await strapi.db
    .query(uid)
    .findMany({ where: { documentId }, populate: { user: { select: ['id'] } } });
  return rows.flatMap((row) => (row.user ? [row.user.id] : []));
}

/**
 * Document Service middleware for the types of STAFF_DOCUMENTS (the admin panel writes through the Document
 * Service): delivers each created or updated document, and counts its owners' documents again after a delete.
 */
export function registerStaffDocuments(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (!STAFF_DOCUMENTS[context.uid] || !['create', 'update', 'delete'].includes(context.action)) return next();
    const params = context.params as { documentId?: string };
    const previousOwners = await ownersOf(strapi, context.uid, params.documentId);
    const result = await next();
    if (context.action === 'delete') {
      await recountDocuments(strapi, previousOwners);
    } else {
      const documentId = (result as { documentId?: string } | null)?.documentId;
      if (documentId) await deliver(strapi, context.uid, documentId, context.action === 'create', previousOwners);
    }
    return result;
  });
}
