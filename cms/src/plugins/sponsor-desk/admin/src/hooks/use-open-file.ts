import { useCallback } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { reportFailure, type Notify } from '../utils/notices';

/**
 * Opens a file an admin route answers (an investor's document, an agreement) in a new tab, in the browser's own
 * viewer: fetched with the staff member's token, which a plain link would not carry.
 */
export function useOpenFile(notify: Notify): (path: string) => Promise<void> {
  const { get } = useFetchClient();
  return useCallback(
    async (path: string) => {
      const reader = window.open('', '_blank');
      try {
        const { data: blob } = await get(path, { responseType: 'blob' });
        const url = URL.createObjectURL(blob as Blob);
        if (reader) reader.location.href = url;
        else window.location.assign(url);
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        reader?.close();
        reportFailure(notify, error);
      }
    },
    [get, notify],
  );
}
