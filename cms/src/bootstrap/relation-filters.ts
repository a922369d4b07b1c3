import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

type Where = Record<string, unknown>;
type Id = string | number;
type Ids = Knex.QueryBuilder | Id[];

interface JoinTable {
  name: string;
  joinColumn: { name: string; referencedColumn: string };
  inverseJoinColumn: { name: string; referencedColumn: string };
  on?: Record<string, unknown>;
}

interface Attribute {
  type: string;
  target?: string;
  joinTable?: JoinTable;
  columnName?: string;
}

const isPlainObject = (value: unknown): value is Where =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const isScalar = (value: unknown): value is Id => typeof value === 'number' || typeof value === 'string';

/**
 * Strapi reads a filter on a relation (`{ user: { id } }`, `{ fund: { company: { portal: { id } } } }`) with LEFT
 * JOINs from the filtered table, and SQLite keeps a LEFT JOIN's order: it reads the whole table (every commitment,
 * notification, document of every investor) and keeps the rows whose joined user matches. The same filter written
 * as `id IN (SELECT <its id> FROM <link table> WHERE <target id> IN ...)` is answered from the link tables' indexes
 * on both databases. This rewrites, before every read of the project's types and users, each relation filter that
 * only names ids (or a document id) down a chain of relations, in the AND part of a where; anything else (an `$or`,
 * a condition on another field of the related row) is left to Strapi as written. The rows found are the same.
 */
export function registerRelationFilters(strapi: Core.Strapi): void {
  const handled = (uid: string) => uid.startsWith('api::') || uid === 'plugin::users-permissions.user';
  const rewriteParams = (event: { model: { uid: string }; params: { where?: unknown } }) => {
    if (!handled(event.model.uid) || !isPlainObject(event.params.where)) return;
    event.params.where = rewrite(strapi, event.model.uid, event.params.where);
  };
  strapi.db.lifecycles.subscribe({
    beforeFindOne: rewriteParams,
    beforeFindMany: rewriteParams,
    beforeCount: rewriteParams,
    beforeUpdateMany: rewriteParams,
    beforeDeleteMany: rewriteParams,
  });
}

function attributesOf(strapi: Core.Strapi, uid: string): Record<string, Attribute> {
  return strapi.db.metadata.get(uid).attributes as Record<string, Attribute>;
}

/** The where with its id-only relation filters written as `id IN (subquery)`. */
function rewrite(strapi: Core.Strapi, uid: string, where: Where): Where {
  const attributes = attributesOf(strapi, uid);
  const kept: Where = {};
  const idFilters: Where[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === '$and' && Array.isArray(value)) {
      kept.$and = value.map((part) => (isPlainObject(part) ? rewrite(strapi, uid, part) : part));
      continue;
    }
    const subquery = attributes[key]?.type === 'relation' ? linkedIds(strapi, attributes[key], value) : null;
    if (subquery) idFilters.push({ id: { $in: subquery } });
    else kept[key] = value;
  }
  if (idFilters.length === 0) return kept;
  return { ...kept, $and: [...((kept.$and as unknown[] | undefined) ?? []), ...idFilters] };
}

/**
 * The ids of the rows whose relation `attribute` points at rows matching `value`, as a subquery on the link table;
 * null when the filter is not only ids down a chain of relations.
 */
function linkedIds(strapi: Core.Strapi, attribute: Attribute, value: unknown): Knex.QueryBuilder | null {
  const { joinTable, target } = attribute;
  if (!joinTable || joinTable.on || !target || joinTable.joinColumn.referencedColumn !== 'id' || joinTable.inverseJoinColumn.referencedColumn !== 'id') return null;
  const targets = matchingIds(strapi, target, value);
  if (!targets) return null;
  const links = strapi.db.getConnection(joinTable.name).select(joinTable.joinColumn.name);
  // Knex types a list and a subquery in separate overloads.
  return Array.isArray(targets) ? links.whereIn(joinTable.inverseJoinColumn.name, targets) : links.whereIn(joinTable.inverseJoinColumn.name, targets);
}

/** The ids of `uid`'s rows that a relation filter's value names: ids as given, or a subquery; null for anything else. */
function matchingIds(strapi: Core.Strapi, uid: string, value: unknown): Ids | null {
  if (isScalar(value)) return [value];
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const [key] = keys;
  const condition = value[key];
  if (key === 'id') return idValues(condition);
  if (key === 'documentId') {
    const documentIds = idValues(condition);
    return documentIds && strapi.db.getConnection(strapi.db.metadata.get(uid).tableName).select('id').whereIn('document_id', documentIds as string[]);
  }
  const attribute = attributesOf(strapi, uid)[key];
  return attribute?.type === 'relation' ? linkedIds(strapi, attribute, condition) : null;
}

/** The values of an id condition: `5`, `{ $eq: 5 }` or `{ $in: [5, 6] }`; null for any other operator. */
function idValues(condition: unknown): Id[] | null {
  if (isScalar(condition)) return [condition];
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1) return null;
  if (isScalar(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.every(isScalar)) return condition.$in;
  return null;
}
