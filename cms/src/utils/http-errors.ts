import createError from 'http-errors';

/**
 * A 409 with the message shown to the caller: the request is sound but the state does not allow it (the fund is
 * full, the agreement is signed). Strapi's own errors know no 409; its error middleware answers an HTTP error with
 * its status and message in the usual shape.
 */
export const conflict = (message: string) => createError(409, message, { expose: true });

/** A database's refusal of a row that breaks a unique index: SQLite's "UNIQUE constraint failed", PostgreSQL's "duplicate key value". */
export const isUniqueViolation = (error: unknown): boolean =>
  /unique|duplicate key/i.test(String((error as Error)?.message));

/**
 * A 503 with the message shown to the caller: an outside service the request needs (file storage, mail) does not
 * answer. Nothing was recorded, so trying again later is safe.
 */
export const unavailable = (message: string) => createError(503, message, { expose: true });

/**
 * A 502 with the message shown to the caller: an outside service the request needs answered wrongly or not at all
 * (the time-stamping authority). Nothing was recorded, so trying again is safe.
 */
export const badGateway = (message: string) => createError(502, message, { expose: true });
