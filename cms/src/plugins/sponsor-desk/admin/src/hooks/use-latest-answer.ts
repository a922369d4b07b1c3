import { useCallback, useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { reportFailure, type Notify } from '../utils/notices';

/**
 * A server-paged list's latest answer for `params` (none while `path` is null): each new query aborts the one before
 * it, and an answer that still arrives after a newer query went out is dropped, so a table never shows the page of a
 * filter, sort or page staff have left. `reload` asks the same query again (after a change).
 */
export function useLatestAnswer<T>(
  path: string | null,
  params: Record<string, unknown>,
  notify: Notify,
): { data: T | null; reload: () => void } {
  const { get } = useFetchClient();
  const [data, setData] = useState<T | null>(null);
  const [round, setRound] = useState(0);
  const asked = JSON.stringify(params);
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    get(path, { params: JSON.parse(asked) as Record<string, unknown>, signal: controller.signal })
      .then(({ data: answer }) => {
        if (!controller.signal.aborted) setData(answer as T);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) reportFailure(notify, error);
      });
    return () => controller.abort();
  }, [get, path, asked, round, notify]);
  return { data, reload: useCallback(() => setRound((count) => count + 1), []) };
}
