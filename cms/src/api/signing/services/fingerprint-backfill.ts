import type { Core } from '@strapi/strapi';
import { fileStorage } from '../../../providers/storage';
import { sha256 } from './signers';
import { SYND_AGREEMENT } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** Fingerprints for the completed agreements stored before they existed (docs/signing.md, the public check). */
export function fingerprintBackfill(strapi: Core.Strapi) {
  return {
    /**
     * Gives the completed agreements stored before fingerprints existed theirs (the public check answered them
     * "Unknown"): the SHA-256 of each stored file, `batch` rows at a time, reading only rows without a fingerprint and
     * writing only where there is still none, so it can run at every start, and on several instances at once. A file
     * that is not in this CMS's storage is left as it is. Answers how many it filled.
     */
    async backfillFingerprints({ batch = 100 }: { batch?: number } = {}): Promise<number> {
      const storage = fileStorage(strapi);
      let filled = 0;
      let after = 0;
      for (;;) {
        // Only those with a file: the query asks for a docPath.
        const rows: (Pick<Row<typeof SYND_AGREEMENT>, 'id' | 'bucketId'> & { docPath: string })[] = await strapi.db
          .query(SYND_AGREEMENT)
          .findMany({
            where: { fingerprint: { $null: true }, docPath: { $notNull: true }, id: { $gt: after } },
            select: ['id', 'docPath', 'bucketId'],
            orderBy: { id: 'asc' },
            limit: batch,
          });
        for (const row of rows) {
          if ((row.bucketId || storage.name) !== storage.name || !(await storage.exists(row.docPath))) continue;
          const fingerprint = sha256(await storage.get(row.docPath));
          const { count } = await strapi.db
            .query(SYND_AGREEMENT)
            .updateMany({ where: { id: row.id, fingerprint: { $null: true } }, data: { fingerprint } });
          filled += count;
        }
        if (rows.length < batch) return filled;
        after = rows[rows.length - 1].id;
      }
    },
  };
}
