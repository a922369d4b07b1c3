/** What the desk's sections show above themselves: a done or refused call, in words. */
export type Notice = { variant: 'success' | 'danger'; text: string } | null;
export type Notify = (notice: Notice) => void;

/** What staff who run no portal see instead of a portal's desk (docs/sponsor-desk.md, Staff and portals). */
export const NO_PORTAL =
  "You run no portal yet: a super admin names you in a portal's Staff (Content Manager, Portal).";

/** The message of a refused call, as Strapi's error body says it. */
export function messageOf(error: unknown): string {
  const answer = (error as { response?: { data?: { error?: { message?: string } } } }).response?.data?.error?.message;
  return answer ?? (error instanceof Error ? error.message : 'The call failed');
}

/**
 * Tells staff why a call failed, unless the panel cut it short itself: Strapi's fetch client aborts the calls of a
 * tab staff leave (switching tabs while the board loads), which is no failure of theirs.
 */
export function reportFailure(notify: Notify, error: unknown): void {
  if ((error as { name?: string } | null)?.name !== 'AbortError') notify({ variant: 'danger', text: messageOf(error) });
}
