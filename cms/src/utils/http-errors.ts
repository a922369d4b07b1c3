import createError from 'http-errors';

/**
 * A 409 with the message shown to the caller: the request is sound but the state does not allow it (the fund is
 * full, the agreement is signed). Strapi's own errors know no 409; its error middleware answers an HTTP error with
 * its status and message in the usual shape.
 */
export const conflict = (message: string) => createError(409, message, { expose: true });
