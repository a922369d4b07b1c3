import type { TestPortal } from './records';
import { fixtureDocuments, useStrapi, type TestApp } from './strapi';
import { CONTENT } from '../../src/utils/uids';

/** The calls of the public reads' cache tests (src/utils/read-cache.ts), which read the answers' bytes and headers. */
let app: TestApp;

/** Boots the test CMS for a file of the cache's tests: for `beforeAll`. */
export async function useCacheApp(): Promise<TestApp> {
  app = await useStrapi();
  return app;
}

export interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

/** A call answering the raw text and headers (the cache's promise is about bytes). */
export async function raw(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Raw> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

export const bySlug = (portal: string, slugs: string[], base = app.url, headers: Record<string, string> = {}) =>
  raw(base, 'POST', '/api/contents/byslug', { slug: slugs, portal }, headers);
export const titleOf = (answer: Raw, slug: string) =>
  (JSON.parse(answer.text) as { contents: Record<string, { title: string }> }).contents[slug]?.title;

/** Changes a row behind Strapi's back (plain SQL: no lifecycle, no counter), to tell a cached answer from a fresh one. */
export async function sneakyTitle(table: string, id: number, title: string) {
  await app.strapi.db.connection(table).where({ id }).update({ title });
}

/** A content item of `portal`. */
export async function createContent(portal: TestPortal, slug: string, title: string) {
  const created = await fixtureDocuments(app, CONTENT).create({
    data: { slug, title, body: '<p>Body</p>', portal: portal.documentId } as never,
  });
  return { id: created.id as number, documentId: created.documentId };
}
