import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSession } from '@/lib/auth/session-context';
import { type EditMode, EditModeContext, EDIT_MODE_KEYS, matchedEditKeys } from '@/lib/edit-mode';

/** Keys typed into a form belong to the form, not to the secret sequence. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Edit mode for content editors, switched by the header or by typing e, d, i, t (superadmin only). It is
 * off whenever the user may not edit, so signing out ends it.
 */
export function EditModeProvider({ children }: { children: ReactNode }) {
  const { canEditContentItems, isSignedIn, hasLevel } = useSession();
  const [switchedOn, setEditMode] = useState(false);
  const isSuperadmin = isSignedIn && hasLevel('superadmin');

  // Switched off with the rights, so the next editor to sign in does not find it already on.
  useEffect(() => {
    if (!canEditContentItems) setEditMode(false);
  }, [canEditContentItems]);

  useEffect(() => {
    if (!isSuperadmin) return;
    let matched = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      matched = matchedEditKeys(matched, event.key);
      if (matched === EDIT_MODE_KEYS.length) {
        matched = 0;
        setEditMode(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isSuperadmin]);

  const value = useMemo(
    (): EditMode => ({ isEditMode: switchedOn && canEditContentItems, setEditMode }),
    [switchedOn, canEditContentItems],
  );
  return <EditModeContext.Provider value={value}>{children}</EditModeContext.Provider>;
}
