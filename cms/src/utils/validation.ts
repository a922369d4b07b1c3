import { validateYupSchema, yup } from '@strapi/utils';
import { LEVELS } from '@portal/rules';

/** An optional string field: any other type is refused rather than coerced. */
export const text = (name: string, max = 500) =>
  yup.string().typeError(`${name} must be a string`).max(max, `${name} must be at most ${max} characters`);

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

/** A whole number in a query string (`?limit=8`), from `min` to `max`; read it with Number() after validation. */
export const queryInteger = (name: string, min: number, max: number) =>
  yup
    .string()
    .typeError(`${name} must be a whole number`)
    .matches(/^\d{1,9}$/, `${name} must be a whole number`)
    .test('range', `${name} must be from ${min} to ${max}`, (value) => value === undefined || (Number(value) >= min && Number(value) <= max));

/** One of a few words in a query string. */
export const queryChoice = <T extends string>(name: string, choices: readonly T[]) =>
  yup.mixed<T>().oneOf([...choices], `${name} must be ${choices.length === 1 ? choices[0] : `one of ${choices.join(', ')}`}`);

/** Strict (no coercion), stopping at the first problem so the 400 names it in its message; names not in the schema pass. */
function check<T extends yup.AnyObjectSchema>(schema: T, input: unknown): Promise<yup.InferType<T>> {
  return validateYupSchema(schema, { abortEarly: true })(input ?? {});
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
