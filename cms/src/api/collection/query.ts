import { errors } from '@strapi/utils';
import { isRowId } from '../../utils/validation';
import type { CollectionRule } from './collections';

/** What a caller may ask of a list: the spec's filter, populate, limit and mine, with Strapi's sort and paging. */
export interface ListQuery {
  filters?: Record<string, unknown>;
  populate: string[];
  sort: Record<string, 'asc' | 'desc'>[];
  limit: number;
  start: number;
  mine: boolean;
}

/** The spec's lists ask for 999 rows at most. */
export const MAX_LIMIT = 999;
const DEFAULT_LIMIT = 100;
const MAX_START = 1_000_000;
/** Filters nest $and/$or/$not a few levels at most in any honest query. */
const MAX_FILTER_DEPTH = 6;
const PARAMS = new Set(['filters', 'populate', 'sort', 'limit', 'offset', 'start', 'mine', 'portal']);
const VALUE_OPERATORS = new Set([
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$endsWith',
  '$null',
  '$notNull',
]);
const LIST_OPERATORS = new Set(['$in', '$notIn', '$between']);
/** Every row has these besides its own fields. */
const ROW_FIELDS = ['id', 'documentId', 'createdAt'];

const refuse = (message: string): never => {
  throw new errors.ValidationError(message);
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A field's condition: a value, or an object of operators with values (lists for $in, $notIn, $between). */
function checkCondition(field: string, condition: unknown): void {
  if (isScalar(condition)) return;
  if (!isPlainObject(condition)) refuse(`filters[${field}] must be a value or an object of operators`);
  for (const [operator, value] of Object.entries(condition as Record<string, unknown>)) {
    if (VALUE_OPERATORS.has(operator)) {
      if (!isScalar(value)) refuse(`filters[${field}][${operator}] must be a single value`);
    } else if (LIST_OPERATORS.has(operator)) {
      if (!Array.isArray(value) || !value.every(isScalar))
        refuse(`filters[${field}][${operator}] must be a list of values`);
    } else {
      refuse(`filters[${field}] may not use ${operator}`);
    }
  }
}

/** Checks a filter object against the collection's fields, so no query reaches a field or relation it may not see. */
function checkFilters(rule: CollectionRule, filters: unknown, depth = 0): void {
  if (depth > MAX_FILTER_DEPTH) refuse(`filters may nest at most ${MAX_FILTER_DEPTH} levels`);
  if (!isPlainObject(filters)) refuse('filters must be an object, e.g. filters[name][$eq]=value');
  const fields = new Set([...ROW_FIELDS, ...rule.fields]);
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) refuse(`filters[${key}] must be a list of filters`);
      for (const item of value as unknown[]) checkFilters(rule, item, depth + 1);
    } else if (key === '$not') {
      checkFilters(rule, value, depth + 1);
    } else if (fields.has(key)) {
      checkCondition(key, value);
    } else if (rule.filterBy?.includes(key)) {
      if (!isPlainObject(value) || !Object.keys(value).every((name) => name === 'id' || name === 'documentId')) {
        refuse(`filters[${key}] may name only its id or documentId`);
      }
      for (const [name, condition] of Object.entries(value as Record<string, unknown>))
        checkCondition(`${key}][${name}`, condition);
    } else {
      refuse(`filters may not name ${key}`);
    }
  }
}

/** `sort=-createdAt`, `sort=name,-createdAt`, `sort=createdAt:desc` or a list of these, on the collection's fields. */
function parseSort(rule: CollectionRule, raw: unknown): ListQuery['sort'] {
  if (raw === undefined) return [{ createdAt: 'desc' }, { id: 'desc' }];
  const items = (Array.isArray(raw) ? raw : [raw]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [refuse('sort must be text')],
  );
  const fields = new Set([...ROW_FIELDS, ...rule.fields]);
  const sort = items.map((item: string) => {
    const match = /^(-?)([A-Za-z0-9_]+)(?::(asc|desc))?$/i.exec(item.trim());
    if (!match || !fields.has(match[2])) return refuse(`sort may name only ${[...fields].join(', ')}`);
    const direction = match[1] ? 'desc' : ((match[3]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc');
    return { [match[2]]: direction };
  });
  // id last, so rows with equal values keep one order from page to page.
  return [...sort, { id: 'desc' as const }];
}

function parseInteger(name: string, raw: unknown, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return refuse(`${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) refuse(`${name} must be from ${min} to ${max}`);
  return value;
}

/** Reads and checks a list's query string; anything it cannot honour is a 400 that says what is wrong. */
export function parseListQuery(name: string, rule: CollectionRule, query: Record<string, unknown>): ListQuery {
  const unknown = Object.keys(query).find((key) => !PARAMS.has(key));
  if (unknown) refuse(`${unknown} is not a parameter of ${name} (use ${[...PARAMS].join(', ')})`);
  if (query.filters !== undefined) checkFilters(rule, query.filters);

  const wanted = query.populate === undefined ? [] : Array.isArray(query.populate) ? query.populate : [query.populate];
  const populate = wanted.flatMap((item) =>
    typeof item === 'string'
      ? item
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [refuse('populate must name relations')],
  );
  const allowed = Object.keys(rule.populate ?? {});
  const bad = populate.find((relation: string) => !allowed.includes(relation));
  if (bad)
    refuse(allowed.length ? `populate may name only ${allowed.join(', ')}` : `${name} has no relations to populate`);

  if (query.mine !== undefined && query.mine !== 'true' && query.mine !== 'false') refuse('mine must be true or false');
  if (query.mine === 'true' && !rule.owner) refuse(`${name} has no owner, so mine does not apply`);
  if (query.portal !== undefined && typeof query.portal !== 'string') refuse('portal must be a string');

  return {
    filters: query.filters as Record<string, unknown> | undefined,
    populate: [...new Set([...(rule.populateAlways ?? []), ...populate])],
    sort: parseSort(rule, query.sort),
    limit: parseInteger('limit', query.limit, 1, MAX_LIMIT, DEFAULT_LIMIT),
    start: parseInteger(query.offset !== undefined ? 'offset' : 'start', query.offset ?? query.start, 0, MAX_START, 0),
    mine: query.mine === 'true',
  };
}

/** The row an id in the URL names: a numeric id or a documentId. */
export function idFilter(id: string): { id: number } | { documentId: string } {
  if (!isRowId(id)) return refuse('id must be a numeric id or a documentId');
  return /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id };
}

/** `{ fund: { company: { portal: { id } } } }` for the path 'fund.company.portal' and the condition `{ id }`. */
export function along(path: string, condition: Record<string, unknown>): Record<string, unknown> {
  return path.split('.').reduceRight<Record<string, unknown>>((inner, relation) => ({ [relation]: inner }), condition);
}
