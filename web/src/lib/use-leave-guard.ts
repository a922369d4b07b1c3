import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** The spec's leave dialog (OK or Cancel). */
export const LEAVE_WITH_UNSAVED_CHANGES = 'Do you really want to leave? you have unsaved changes!';

/**
 * While `unsaved`, asks before the user leaves the page: a route change inside the site waits for the answer to
 * the spec's question (the router is a data router, so useBlocker holds the navigation), and closing or
 * reloading the tab gets the browser's own prompt (browsers show their own text for it, not ours).
 */
export function useLeaveGuard(unsaved: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WITH_UNSAVED_CHANGES)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = LEAVE_WITH_UNSAVED_CHANGES;
      return LEAVE_WITH_UNSAVED_CHANGES;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
