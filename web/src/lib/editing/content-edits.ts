import type { Content } from '@/lib/content';

/**
 * The pause after the last change before it is saved: long enough that a word typed in one go is one save,
 * short enough that little is at stake when the tab is closed.
 */
export const AUTO_SAVE_DELAY_MS = 800;

/** Where the unsaved edit of an item waits until a save succeeds, so a reload can offer it back. */
export const draftStorageKey = (portal: string, slug: string) => `contentDraft:${portal}:${slug}`;

/** 'saving' from the first change on, through the pause and the request: the change is on its way. */
export type SaveStatus = 'saving' | 'saved' | 'failed';

/** What an editor of one item shows. */
export interface ContentEditing {
  /** The item as edited, until the CMS has confirmed it; null when the CMS holds what is shown. */
  draft: Content | null;
  /** An edit an earlier visit left unsaved, offered back until restored, discarded or edited over. */
  offered: Content | null;
  /** Null until there is something to say: nothing was changed since the editor opened. */
  status: SaveStatus | null;
  /** The reason of the last failed save. */
  error: string | null;
}

/** Saves an item on the CMS; rejects when it is not saved. */
export type SaveItem = (content: Content) => Promise<unknown>;

const EMPTY: Content = { title: '', body: '' };

const sameContent = (a: Content, b: Content) =>
  (a.title ?? '') === (b.title ?? '') && (a.body ?? '') === (b.body ?? '');

function readStoredDraft(key: string): Content | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return stored && typeof stored === 'object' && 'title' in stored && 'body' in stored ? (stored as Content) : null;
  } catch {
    // A corrupt copy offers nothing; the next edit overwrites it.
    return null;
  }
}

function storeDraft(key: string, draft: Content): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage loses only the copy for a reload; the edit itself is still saved from memory.
  }
}

/**
 * The edits of one item: each change waits AUTO_SAVE_DELAY_MS for the next; then the latest version is saved.
 * Saves run one at a time, and a change made while one runs goes after it, so the CMS ends with the last edit.
 */
class ItemEdits {
  private current: ContentEditing;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The draft being saved right now. */
  private sending: Content | null = null;
  /** How to save, as the latest edit gave it (it carries the app's cache to update). */
  private save: SaveItem | null = null;

  constructor(
    private readonly storageKey: string,
    /** Called once nobody shows the item and nothing is left to do, so the next editor starts afresh. */
    private readonly onUnused: () => void,
  ) {
    this.current = { draft: null, offered: readStoredDraft(storageKey), status: null, error: null };
  }

  /** What the editors show; a new object after every change, as useSyncExternalStore needs. */
  get state(): ContentEditing {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.releaseIfUnused();
    };
  }

  /** Applies `update` to the item as shown (`saved` when there is no draft) and saves it after the pause. */
  edit(update: (current: Content) => Content, saved: Content | null, save: SaveItem): void {
    this.save = save;
    const draft = update(this.state.draft ?? saved ?? EMPTY);
    this.clearTimer();
    if (!this.sending && saved && sameContent(draft, saved)) {
      // Back to what the CMS holds (a cancelled title, a typo undone): there is nothing to save.
      localStorage.removeItem(this.storageKey);
      this.set({ draft: null, offered: null, status: null, error: null });
      return;
    }
    storeDraft(this.storageKey, draft);
    this.set({ draft, offered: null, status: 'saving', error: null });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sendDraft();
    }, AUTO_SAVE_DELAY_MS);
  }

  /** Takes the offered draft of an earlier visit as the current edit. */
  restore(save: SaveItem): void {
    const { offered } = this.state;
    if (offered) this.edit(() => offered, null, save);
  }

  /** Forgets the offered draft of an earlier visit. */
  discard(): void {
    localStorage.removeItem(this.storageKey);
    this.set({ offered: null });
  }

  /** Saves the draft now, e.g. again after a failure. */
  retry(save: SaveItem): void {
    this.save = save;
    this.sendDraft();
  }

  /** Saves a change still waiting for its pause at once: the editor is closing. */
  flush(): void {
    if (!this.timer) return;
    this.clearTimer();
    this.sendDraft();
  }

  private sendDraft(): void {
    const { draft } = this.state;
    // While a save runs the draft waits; the running save sends it when it ends.
    if (draft && this.save && !this.sending) void this.send(draft, this.save);
  }

  private async send(draft: Content, save: SaveItem): Promise<void> {
    this.sending = draft;
    this.set({ status: 'saving', error: null });
    try {
      await save(draft);
      if (this.state.draft === draft) {
        localStorage.removeItem(this.storageKey);
        this.set({ draft: null, status: 'saved' });
      }
    } catch (error) {
      // The draft stays, in memory and in storage, until a save of it succeeds.
      if (this.state.draft === draft) {
        this.set({ status: 'failed', error: error instanceof Error ? error.message : 'Unexpected error' });
      }
    }
    this.sending = null;
    // A change whose pause ended while this save ran goes now; one still pausing goes when its pause ends.
    if (this.state.draft !== draft && !this.timer) this.sendDraft();
    this.releaseIfUnused();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(change: Partial<ContentEditing>): void {
    this.current = { ...this.current, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private releaseIfUnused(): void {
    if (this.listeners.size === 0 && !this.timer && !this.sending) this.onUnused();
  }
}

/**
 * Per portal and slug, so that every viewer of an item shows the same edit and its saves share one queue, also
 * across the viewer closing and opening again while a save runs.
 */
const edits = new Map<string, ItemEdits>();

/** The edits of an item, started when asked for. */
export function itemEdits(portal: string, slug: string): ItemEdits {
  const key = draftStorageKey(portal, slug);
  let item = edits.get(key);
  if (!item) {
    const created = new ItemEdits(key, () => {
      if (edits.get(key) === created) edits.delete(key);
    });
    edits.set(key, created);
    item = created;
  }
  return item;
}

/** The edits of an item if any are under way, without starting them. */
export const runningItemEdits = (portal: string, slug: string) => edits.get(draftStorageKey(portal, slug));
