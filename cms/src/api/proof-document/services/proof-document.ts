import crypto from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { FileItem, ProofDocumentSaved, UploadTicket } from '@portal/rules';
import { fileStorage, storageSettings } from '../../../providers/storage';
import { sanitizeFileName, sizeLabel, uploadType } from '../../../providers/storage/file-types';
import { isStorageKey } from '../../../providers/storage/local';
import { conflict } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { serviceAccessor } from '../../../utils/service';
import { COLLECTIONS } from '../../collection/collections';
import { collections } from '../../collection/services/collection';
import { recountDocuments } from '../../tax-document/document-counts';
import { PROOF_DOCUMENT } from '../../../utils/uids';
/** How long the browser has to post the file after asking where to. */
const POLICY_SECONDS = 15 * 60;
const ONLY_PDF_AND_IMAGES = 'Only PDF and image files can be uploaded';

export interface Uploader {
  id: number;
  documentId: string;
}

/** Every proof document of a user lives under this prefix of the private storage. */
const prefixOf = (user: Uploader) => `proof/${user.documentId}/`;

const proofDocumentService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Step 1 of an upload: the key the file will have (under the caller's own prefix, a random part so names never
   * collide, then the sanitised name) and the signed form that lets the browser post exactly that file there.
   */
  async uploadPolicy(user: Uploader, chosenName: string, origin: string): Promise<UploadTicket> {
    const name = sanitizeFileName(chosenName.trim()).slice(-120);
    const contentType = uploadType(name);
    if (!contentType) throw new errors.ValidationError(ONLY_PDF_AND_IMAGES);
    const key = `${prefixOf(user)}${crypto.randomBytes(8).toString('hex')}-${name}`;
    const storage = fileStorage(strapi);
    const maxBytes = storageSettings().proofMaxBytes;
    const data = await storage.uploadPolicy({ key, contentType, maxBytes, expiresInSeconds: POLICY_SECONDS }, origin);
    return { data, path: key, bucket: storage.name, maxBytes };
  },

  /**
   * Step 3: records an uploaded file as the caller's proof document, once it is certain the file is theirs (under
   * their prefix), is there, and keeps the limits (the storage enforced them; checked again here). Nothing is
   * recorded otherwise. Answers the new row as the list shows it.
   */
  async save(
    user: Uploader,
    { path, name, bucket }: { path: string; name: string; bucket: string },
  ): Promise<ProofDocumentSaved> {
    const storage = fileStorage(strapi);
    if (bucket !== storage.name) throw new errors.ValidationError(`Unknown bucket ${bucket}`);
    if (!path.startsWith(prefixOf(user)) || !isStorageKey(path))
      throw new errors.ValidationError('The path is not one of your uploads');
    const contentType = uploadType(path);
    if (!contentType) throw new errors.ValidationError(ONLY_PDF_AND_IMAGES);
    const stored = await storage.stat(path);
    if (!stored) throw new errors.ValidationError('The file has not been uploaded');
    const maxBytes = storageSettings().proofMaxBytes;
    if (stored.size > maxBytes) throw new errors.ValidationError(`The file is larger than ${sizeLabel(maxBytes)}`);
    if (stored.size === 0) throw new errors.ValidationError('The file is empty');
    if (stored.contentType !== contentType) throw new errors.ValidationError(ONLY_PDF_AND_IMAGES);
    // Two saves of one upload at once (a double click, a retry) take turns, so the second finds the first's row.
    const row: { id: number } = await inTurn(strapi, [TURNS.proofDocumentSave, user.id], async () => {
      if (await strapi.db.query(PROOF_DOCUMENT).findOne({ where: { docPath: path } }))
        throw conflict('This file has already been saved');
      return strapi.db.query(PROOF_DOCUMENT).create({
        data: {
          originalName: name.trim() || path.slice(path.lastIndexOf('/') + 1),
          docPath: path,
          bucketId: storage.name,
          isDeleted: false,
          user: user.id,
        },
      });
    });
    await recountDocuments(strapi, [user.id]);
    const rule = COLLECTIONS.proof_documents;
    const item = await collections(strapi).findOne(rule, { $and: [] }, { id: row.id }, []);
    // The row as the collection call answers it: the proof_documents rule's fields are FileItem's.
    return { success: true, item: item as unknown as FileItem };
  },
});

export type ProofDocumentService = ReturnType<typeof proofDocumentService>;

/** The proof-document service, typed. */
export const proofDocuments = serviceAccessor<ProofDocumentService>(PROOF_DOCUMENT);

export default factories.createCoreService(PROOF_DOCUMENT, proofDocumentService);
