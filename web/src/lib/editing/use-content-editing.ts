import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { type Content, useSaveContent } from '@/lib/content';
import { usePortal } from '@/lib/portal/portal-context';
import { type ContentEditing, itemEdits, runningItemEdits, type SaveItem } from './content-edits';

export interface ContentEditor extends ContentEditing {
  /** Changes the item as shown; it is saved AUTO_SAVE_DELAY_MS after the last change. */
  edit(update: (current: Content) => Content): void;
  /** Saves the draft again after a failed save. */
  retry(): void;
  /** Takes back the draft an earlier visit left unsaved. */
  restore(): void;
  /** Drops the draft an earlier visit left unsaved. */
  discard(): void;
}

/**
 * Editing of the item `slug` of the selected portal, whose saved version is `saved` (null when it does not
 * exist yet). Closing the editor (leaving edit mode, leaving the page) saves a pending change at once.
 */
export function useContentEditing(slug: string, saved: Content | null): ContentEditor {
  const { selectedSlug: portal } = usePortal();
  const saveContent = useSaveContent();
  const save = useCallback<SaveItem>((content) => saveContent(portal, slug, content), [saveContent, portal, slug]);

  const state = useSyncExternalStore(
    useCallback((listener: () => void) => itemEdits(portal, slug).subscribe(listener), [portal, slug]),
    () => itemEdits(portal, slug).state,
  );

  // Only edits already under way: a closing editor must not start new ones.
  useEffect(() => () => runningItemEdits(portal, slug)?.flush(), [portal, slug]);

  return useMemo(
    () => ({
      ...state,
      edit: (update) => itemEdits(portal, slug).edit(update, saved, save),
      retry: () => itemEdits(portal, slug).retry(save),
      restore: () => itemEdits(portal, slug).restore(save),
      discard: () => itemEdits(portal, slug).discard(),
    }),
    [state, portal, slug, saved, save],
  );
}
