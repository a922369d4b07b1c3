/**
 * Sends the browser on to another site. A module of its own because jsdom cannot follow, nor let a test spy
 * on, window.location.assign: tests replace this function instead.
 */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
