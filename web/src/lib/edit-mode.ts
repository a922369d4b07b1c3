import { createRequiredContext } from './required-context';

/** In-place content editing: on only while the user may edit content. */
export interface EditMode {
  isEditMode: boolean;
  setEditMode(on: boolean): void;
}

export const [EditModeContext, useEditMode] = createRequiredContext<EditMode>('useEditMode', 'EditModeProvider');

/** The secret keys that, pressed one after another, switch edit mode on. */
export const EDIT_MODE_KEYS = ['e', 'd', 'i', 't'] as const;

/**
 * How many keys of the sequence are matched after `key`, given `matched` before it. A wrong key starts
 * over, counting itself when it is the sequence's first key (so 'e', 'e', 'd', 'i', 't' still works).
 */
export function matchedEditKeys(matched: number, key: string): number {
  const pressed = key.toLowerCase();
  if (pressed === EDIT_MODE_KEYS[matched]) return matched + 1;
  return pressed === EDIT_MODE_KEYS[0] ? 1 : 0;
}
