import { errors, yup } from '@strapi/utils';
import { LEVELS } from '@portal/rules';

/**
 * Characters no text a person types holds: C0 and C1 controls (tab, line feed and carriage return excepted), DEL, and
 * UTF-16 halves without their other half (they cannot be stored or shown as text).
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a control character or a lone surrogate. */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** Long enough for any pass phrase, short enough to keep bcrypt (72 bytes) and the request small. */
export const PASSWORD_MAX = 200;

/** `map[key]` when `key` is one of the map's own names: a name from a request ('constructor', '__proto__') reaches nothing inherited. */
export const ownValue = <T>(map: Readonly<Record<string, T>>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;

/** An optional string field: any other type is refused rather than coerced, and so are control characters. */
export const text = (name: string, max = 500) =>
  yup
    .string()
    .typeError(`${name} must be a string`)
    .max(max, `${name} must be at most ${max} characters`)
    .test(
      'plain',
      `${name} must not contain control characters`,
      (value) => value === undefined || !hasControlCharacters(value),
    );

/** A string field that must be present and not empty. */
export const requiredText = (name: string, max = 500) => text(name, max).required(`${name} is required`);

/** An optional access level (superadmin, admin, user, guest). */
export const level = (name: string) =>
  yup.mixed().oneOf([...LEVELS, undefined], `${name} must be one of ${LEVELS.join(', ')}`);

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailSchema = yup.string().email();

/**
 * Whether a (trimmed, lower-cased) address is one we accept: something@domain.tld that Strapi's `email` attribute
 * also accepts, so a stored address never fails the schema's own check.
 */
export function isEmail(value: string): boolean {
  return value.length <= 254 && SIMPLE_EMAIL.test(value) && emailSchema.isValidSync(value);
}

/** The largest row id: Strapi's ids are 32-bit integers on PostgreSQL, which answers a larger one with an error. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether a value is shaped like a documentId (Strapi makes them of 24 lower-case letters and digits): the one pattern
 * every lookup by documentId checks first, the desk's portal check too, so what one reads as an id the other does.
 */
export const isDocumentId = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z0-9]{10,40}$/.test(value);

/** Whether a value names a row: a numeric id (number or digits) from 1 to MAX_ROW_ID, or a documentId. */
export function isRowId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID;
  if (typeof value !== 'string') return false;
  if (/^\d+$/.test(value)) return value.length <= 10 && Number(value) > 0 && Number(value) <= MAX_ROW_ID;
  return isDocumentId(value);
}

/** A whole number in a query string (`?limit=8`), from `min` to `max`; read it with Number() after validation. */
export const queryInteger = (name: string, min: number, max: number) =>
  yup
    .string()
    .typeError(`${name} must be a whole number`)
    .matches(/^\d{1,9}$/, `${name} must be a whole number`)
    .test(
      'range',
      `${name} must be from ${min} to ${max}`,
      (value) => value === undefined || (Number(value) >= min && Number(value) <= max),
    );

/** One of a few words in a query string. */
export const queryChoice = <T extends string>(name: string, choices: readonly T[]) =>
  yup
    .mixed<T>()
    .oneOf([...choices], `${name} must be ${choices.length === 1 ? choices[0] : `one of ${choices.join(', ')}`}`);

/**
 * Strict (no coercion), stopping at the first problem so the 400 names it in its message; names not in the schema
 * pass. The error names the field and the rule but never carries the value sent: it may be a password, or nested so
 * deep that writing it out would fail.
 */
async function check<T extends yup.AnyObjectSchema>(schema: T, input: unknown): Promise<yup.InferType<T>> {
  try {
    return await schema.validate(input ?? {}, { strict: true, abortEarly: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    throw new errors.ValidationError(error.message, {
      errors: [{ path: error.path ? error.path.split('.') : [], message: error.message, name: 'ValidationError' }],
    });
  }
}

/** Checks a query string against a schema. Values arrive as strings, a repeated name as a list (which string fields refuse). */
export function validateQuery<T extends yup.AnyObjectSchema>(schema: T, query: unknown): Promise<yup.InferType<T>> {
  return check(schema, query);
}

/** Checks a request body against a schema. A missing body counts as an empty object, so required fields are still reported. */
export async function validateBody<T extends yup.AnyObjectSchema>(schema: T, body: unknown): Promise<yup.InferType<T>> {
  const object = yup.object().typeError('The request body must be a JSON object');
  await check(object, body);
  return check(schema, body);
}

/** A calendar day written YYYY-MM-DD that exists (2025-02-30 does not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
