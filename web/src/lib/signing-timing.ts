/** The spec's signing times (spec 02, section 9): the signature success page's wait, and the signing poll. */

/** How long the signature success page waits before asking for the signing status (the provider records it). */
export const SUCCESS_WAIT_MS = 2000;

/** The signing poll: every 5 seconds, at most 10 tries. */
export const SIGN_POLL_INTERVAL_MS = 5000;
export const SIGN_POLL_MAX_TRIES = 10;
