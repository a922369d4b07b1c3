import useSWRImmutable from 'swr/immutable';
import { api } from './api-client';
import { usePortal } from './portal/portal-context';

/** A content item as POST /api/contents/byslug answers it. */
export interface Content {
  title: string | null;
  body: string | null;
}

/** The spec's wait for more slugs before one request asks for all of them. */
export const CONTENT_BATCH_MS = 50;

type Answer = (content: Content | null) => void;

/** Per portal, the slugs of the batch being gathered and the callers waiting for each. */
const batches = new Map<string, Map<string, Answer[]>>();

async function sendBatch(portal: string, waiting: Map<string, Answer[]>) {
  let contents: Record<string, Content> = {};
  try {
    const answer = await api.post<{ contents?: Record<string, Content> }>('/api/contents/byslug', {
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

/** The content item `slug` of the selected portal, read once per portal and slug and then kept (SWR cache). */
export function useContent(slug: string) {
  const { selectedSlug } = usePortal();
  const { data, isLoading } = useSWRImmutable(['content', selectedSlug, slug], ([, portal, wanted]) =>
    contentBySlug(portal, wanted),
  );
  return { content: data ?? null, isLoading };
}
