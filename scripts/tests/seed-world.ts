import { seed, type SeedReport } from '../src/seed/index';
import { UPLOAD_FILE } from '../src/lib/uids';
import { afterAll } from 'vitest';
import { openStrapi, useThrowAwayDatabase, type OpenStrapi } from './helpers';

/**
 * A database the demo seed ran on once (src/seed), for the seed's tests: the password of its accounts, the day it
 * ran, and reads of what it wrote.
 */
export const PASSWORD = 'TestSeed2026!';
export const now = new Date();
let app: OpenStrapi;

/** The file's throw-away database (helpers.ts useThrowAwayDatabase), Strapi on it closed after its tests: its folders. */
export function useSeededDatabase() {
  const folders = useThrowAwayDatabase();
  afterAll(() => app?.close());
  return folders;
}

/** Opens Strapi on the file's throw-away database (helpers.ts useThrowAwayDatabase) and seeds it: for `beforeAll`. */
export async function openSeeded(): Promise<{ app: OpenStrapi; first: SeedReport }> {
  app = await openStrapi();
  return { app, first: await seed(app.strapi, { password: PASSWORD, now }) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Strapi's query results are untyped here (the scripts compile without the CMS's generated types).
export type Row = Record<string, any>;

export const documents = (uid: Parameters<OpenStrapi['strapi']['documents']>[0]) => app.strapi.documents(uid);
export const inPortal = (slug: string) => ({ portal: { slug: { $eq: slug } } });
export const countOf = (report: SeedReport, uid: string) => report.counts.find((count) => count.uid === uid);
/** The media library's files, as the upload plugin stores them. */
export const libraryFiles = (): Promise<Row[]> => app.strapi.db.query(UPLOAD_FILE).findMany({ orderBy: { id: 'asc' } });
