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

/**
 * Checks a request body against a schema, strictly (no coercion), stopping at the first problem so the 400 names
 * it in its message. A missing body counts as an empty object, so required fields are still reported.
 */
export async function validateBody<T extends yup.AnyObjectSchema>(schema: T, body: unknown): Promise<yup.InferType<T>> {
  const object = yup.object().typeError('The request body must be a JSON object');
  await validateYupSchema(object, { abortEarly: true })(body ?? {});
  return validateYupSchema(schema, { abortEarly: true })(body ?? {});
}
