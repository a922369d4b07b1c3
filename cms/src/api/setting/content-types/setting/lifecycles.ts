/**
 * Makes a Setting's JSON `value` read back exactly as written, on SQLite and PostgreSQL alike.
 *
 * Why: Strapi's JSON field turns objects into JSON text but hands every other value to the driver untouched, and
 * parses any string it reads back (twice, for an old Strapi bug). So on SQLite `false` is kept as the integer 0 and
 * the string "123" comes back as the number 123; on PostgreSQL bare strings are refused or re-parsed the same way.
 * Objects alone survive every path, so the value is stored wrapped as { "$value": value } and unwrapped on every
 * read, which covers the admin panel, the seed and the API (all go through the database layer that fires these).
 */
const KEY = '$value';

interface Event {
  params: { data?: Record<string, unknown> | Record<string, unknown>[] };
  result?: unknown;
}

function isWrapped(value: unknown): value is { [KEY]: unknown } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value as object).length === 1 &&
    KEY in (value as object)
  );
}

function wrap(data: Record<string, unknown> | Record<string, unknown>[] | undefined): void {
  for (const row of Array.isArray(data) ? data : data ? [data] : []) {
    if ('value' in row && row.value !== null && row.value !== undefined) row.value = { [KEY]: row.value };
  }
}

function unwrap(result: unknown): void {
  for (const row of Array.isArray(result) ? result : result ? [result] : []) {
    if (row && typeof row === 'object' && isWrapped((row as { value?: unknown }).value)) {
      (row as { value: unknown }).value = (row as { value: { [KEY]: unknown } }).value[KEY];
    }
  }
}

const beforeWrite = (event: Event) => wrap(event.params.data);
const afterRead = (event: Event) => unwrap(event.result);

export default {
  beforeCreate: beforeWrite,
  beforeCreateMany: beforeWrite,
  beforeUpdate: beforeWrite,
  beforeUpdateMany: beforeWrite,
  afterCreate: afterRead,
  afterUpdate: afterRead,
  afterDelete: afterRead,
  afterFindOne: afterRead,
  afterFindMany: afterRead,
};
