import { errors } from '@strapi/utils';
import type { Knex } from 'knex';
import { hasControlCharacters } from './validation';

/** A list's query string as the sponsor desk's server-paged lists read it (docs/sponsor-desk.md). */
export interface ListQuery<Sort extends string> {
  q?: string;
  sort: { field: Sort; desc: boolean };
  page: number;
  pageSize: number;
  /** Another parameter, given once as text (undefined when absent or empty). */
  text(name: string): string | undefined;
}

/**
 * Reads `q` (a search of at most 200 characters), `sort` (`field:asc|desc`, one of `sorts`; the first ascending by
 * default), `page` and `pageSize` (25 by default, at most `maxPageSize`); a 400 names what is wrong.
 */
export function listQuery<Sort extends string>(
  query: Record<string, unknown>,
  sorts: readonly Sort[],
  maxPageSize: number,
): ListQuery<Sort> {
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new errors.ValidationError(`${name} must be given once, as text`);
    // PostgreSQL refuses a NUL byte in text (a 500 were it let through); no control character is a search or a name.
    if (hasControlCharacters(value)) throw new errors.ValidationError(`${name} must not hold control characters`);
    return value;
  };
  const [field, direction = 'asc'] = (text('sort') ?? `${sorts[0]}:asc`).split(':');
  if (!sorts.includes(field as Sort) || !/^(asc|desc)$/i.test(direction))
    throw new errors.ValidationError(`sort must be one of ${sorts.join(', ')}, with :asc or :desc`);
  const whole = (name: string, fallback: number, max: number) => {
    const given = text(name);
    if (given === undefined) return fallback;
    const value = Number(given);
    if (!Number.isSafeInteger(value) || value < 1 || value > max)
      throw new errors.ValidationError(`${name} must be a whole number from 1 to ${max}`);
    return value;
  };
  const q = text('q')?.trim();
  if (q && q.length > 200) throw new errors.ValidationError('q must be at most 200 characters');
  return {
    ...(q && { q }),
    sort: { field: field as Sort, desc: direction.toLowerCase() === 'desc' },
    page: whole('page', 1, 1_000_000),
    pageSize: whole('pageSize', 25, maxPageSize),
    text,
  };
}

/** A search term as a LIKE pattern (lower case, its wildcards escaped with \\): use with ESCAPE '\\'. */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Keeps the rows whose email holds `q`, or one of whose names does as 'first last' or as 'last first' (or 'last,
 * first'), as staff type them; `names` are [first, last] column pairs (an account's, a commitment's own).
 */
export function whereNameOrEmail(
  rows: Knex.QueryBuilder,
  q: string,
  email: string,
  names: [string, string][],
): Knex.QueryBuilder {
  const like = likePattern(q);
  const lastFirst = likePattern(q.replace(/\s*,\s*/g, ' '));
  return rows.where((search) => {
    search.whereRaw(`lower(${email}) LIKE ? ESCAPE '\\'`, [like]);
    for (const [first, last] of names) {
      search.orWhereRaw(`lower(coalesce(${first}, '') || ' ' || coalesce(${last}, '')) LIKE ? ESCAPE '\\'`, [like]);
      search.orWhereRaw(`lower(coalesce(${last}, '') || ' ' || coalesce(${first}, '')) LIKE ? ESCAPE '\\'`, [
        lastFirst,
      ]);
    }
  });
}

/** A date column as ISO text: SQLite answers stored text or epoch milliseconds, PostgreSQL a Date. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number | Date),
  );
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
