import type { Content, ContentsBySlug, ContentUpdateAnswer } from '@portal/rules';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRImmutable from 'swr/immutable';
import { api } from './api-client';
import { usePortal } from './portal/portal-context';

// The CMS's shape (rules/src/contracts/contents.ts), under the name the site's content blocks import it by.
export type { Content } from '@portal/rules';

/** The spec's wait for more slugs before one request asks for all of them. */
export const CONTENT_BATCH_MS = 50;

type Answer = (content: Content | null) => void;

/** Per portal, the slugs of the batch being gathered and the callers waiting for each. */
const batches = new Map<string, Map<string, Answer[]>>();

async function sendBatch(portal: string, waiting: Map<string, Answer[]>) {
  let contents: Record<string, Content> = {};
  try {
    const answer = await api.post<Partial<ContentsBySlug>>('/api/contents/byslug', {
      slug: [...waiting.keys()],
      portal,
    });
    contents = answer?.contents ?? {};
  } catch {
    // Per the spec a failed read gives nothing: each slug shows as not found rather than breaking its page.
  }
  for (const [slug, answers] of waiting) {
    for (const answer of answers) answer(contents[slug] ?? null);
  }
}

/**
 * The content item `slug` of `portal`, or null when it does not exist. Slugs asked for within 50 ms of the
 * first go to the CMS in one request per portal.
 */
export function contentBySlug(portal: string, slug: string): Promise<Content | null> {
  return new Promise((resolve) => {
    let waiting = batches.get(portal);
    if (!waiting) {
      const batch = new Map<string, Answer[]>();
      batches.set(portal, batch);
      setTimeout(() => {
        batches.delete(portal);
        void sendBatch(portal, batch);
      }, CONTENT_BATCH_MS);
      waiting = batch;
    }
    waiting.set(slug, [...(waiting.get(slug) ?? []), resolve]);
  });
}

/** The cache key of an item: shared by the reading hook and the saves that replace what it holds. */
const contentKey = (portal: string, slug: string) => ['content', portal, slug] as const;

/** The content item `slug` of the selected portal, read once per portal and slug and then kept (SWR cache). */
export function useContent(slug: string) {
  const { selectedSlug } = usePortal();
  const { data, isLoading } = useSWRImmutable(contentKey(selectedSlug, slug), ([, portal, wanted]) =>
    contentBySlug(portal, wanted),
  );
  return { content: data ?? null, isLoading };
}

/**
 * Puts an item another call carried into the cache, as if it had been read by slug: a page that shows it then makes
 * no read of its own (the investment summary carries its disclaimer).
 */
export function usePrimeContent() {
  const { mutate } = useSWRConfig();
  const { selectedSlug } = usePortal();
  return useCallback(
    (slug: string, content: Content | null) => mutate(contentKey(selectedSlug, slug), content, { revalidate: false }),
    [mutate, selectedSlug],
  );
}

/**
 * Saves an item (superadmin only; a new slug is created) and puts what the CMS stored (its body sanitised) in
 * the cache, so every viewer of the item shows it at once. Throws ApiError, or Error when the CMS did not
 * confirm the save.
 */
export function useSaveContent() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (portal: string, slug: string, { title, body }: Content): Promise<Content> => {
      // The CMS takes strings only; an item read without a title or body is saved with an empty one.
      const answer = await api.post<Partial<ContentUpdateAnswer> | null>('/api/contents/update', {
        slug,
        portal,
        title: title ?? '',
        body: body ?? '',
      });
      if (!answer?.success) throw new Error('The server did not confirm the save');
      const saved: Content = { title: answer.content?.title ?? title, body: answer.content?.body ?? body };
      await mutate(contentKey(portal, slug), saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
}
