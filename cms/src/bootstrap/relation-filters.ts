import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { isOwnType } from '../utils/uids';

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
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

const isScalar = (value: unknown): value is Id => typeof value === 'number' || typeof value === 'string';

/**
 * Strapi reads a filter on a relation (`{ user: { id } }`, `{ fund: { company: { portal: { id } } } }`) with LEFT
 * JOINs from the filtered table, and SQLite keeps a LEFT JOIN's order: it reads the whole table (every commitment,
 * notification, document of every investor) and keeps the rows whose joined user matches. The same filter written
 * as `id IN (SELECT <its id> FROM <link table> WHERE <target id> IN ...)` is answered from the link tables' indexes
 * on both databases. This rewrites, before every read of the project's types and users, each relation filter that
 * only names ids (or a document id) down a chain of relations, in the AND part of a where or in each branch of an
 * `$or`; anything else (a condition on another field of the related row) is left to Strapi as written. The rows found
 * are the same.
 */
export function registerRelationFilters(strapi: Core.Strapi): void {
  const handled = (uid: string) => isOwnType(uid) || uid === 'plugin::users-permissions.user';
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
  /** What an `$and` held besides its relation filters, each part as it was. */
  const parts: unknown[] = [];
  const links: LinkedIds[] = [];
  // The where and the parts of its `$and` (all of them must hold): their relation filters are taken together.
  const take = (object: Where, into: Where) => {
    for (const [key, value] of Object.entries(object)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const part of value) takePart(part);
        continue;
      }
      // The admin panel's portal condition for staff (src/utils/portal-paths.ts) comes as an `$or` of the type's paths
      // to the portal, most of them one path: a lone branch must hold as an `$and` part does, and each of several is a
      // where of its own, rewritten as one (a row is in scope through any of them, as Strapi's joins would find it).
      if (key === '$or' && Array.isArray(value)) {
        if (value.length === 1) {
          takePart(value[0]);
          continue;
        }
        const branches = value.map((branch) => (isPlainObject(branch) ? rewrite(strapi, uid, branch) : branch));
        // Branches that are each only a relation filter are one `id IN (... UNION ...)`: PostgreSQL answers an OR of
        // two subqueries by testing every row of the table against both.
        const subqueries = branches.map(onlyLinkedIds);
        if (subqueries.length > 1 && subqueries.every((query) => query !== null))
          parts.push({ id: { $in: subqueries[0].clone().union(subqueries.slice(1)) } });
        else into[key] = branches;
        continue;
      }
      const linked = attributes[key]?.type === 'relation' ? linkedIds(strapi, attributes[key], value) : null;
      if (linked) links.push(linked);
      else into[key] = value;
    }
  };
  const takePart = (part: unknown) => {
    if (!isPlainObject(part)) {
      parts.push(part);
      return;
    }
    const rest: Where = {};
    take(part, rest);
    if (Object.keys(rest).length) parts.push(rest);
  };
  take(where, kept);
  if (links.length === 0) return parts.length ? { ...kept, $and: parts } : kept;
  // Several relation filters, one of them a shorter chain than every other (an owner, `user: { id }` or
  // `syndUser: { user: { id } }`, beside the portal's `fund: { company: { portal: { id } } }`): the others are looked
  // up only among the rows it links, through their link table's index on the row's own id. Else each would be read
  // whole first, e.g. every commitment to a portal's funds (tens of thousands) to keep one investor's two.
  const shortest = Math.min(...links.map((link) => link.depth));
  const narrowest = links.filter((link) => link.depth === shortest);
  if (links.length > 1 && narrowest.length === 1) {
    for (const link of links) if (link !== narrowest[0]) link.query.whereIn(link.column, narrowest[0].query.clone());
  }
  return { ...kept, $and: [...parts, ...links.map((link) => ({ id: { $in: link.query } }))] };
}

/** The subquery of a where that `rewrite` made of one relation filter and nothing else; null for any other where. */
function onlyLinkedIds(where: unknown): Knex.QueryBuilder | null {
  if (
    !isPlainObject(where) ||
    Object.keys(where).join() !== '$and' ||
    !Array.isArray(where.$and) ||
    where.$and.length !== 1
  )
    return null;
  const [part] = where.$and as unknown[];
  if (
    !isPlainObject(part) ||
    Object.keys(part).join() !== 'id' ||
    !isPlainObject(part.id) ||
    Object.keys(part.id).join() !== '$in'
  )
    return null;
  const ids = part.id.$in as { toSQL?: unknown } | null;
  return ids && typeof ids.toSQL === 'function' ? (ids as Knex.QueryBuilder) : null;
}

/** A relation filter as a subquery of the filtered rows' ids on the link table (`column` holds them there). */
interface LinkedIds {
  query: Knex.QueryBuilder;
  column: string;
  /** How many relations the filter goes down before it names ids (`user: { id }` 1, `fund: { company: { portal } }` 3). */
  depth: number;
}

/**
 * The ids of the rows whose relation `attribute` points at rows matching `value`, as a subquery on the link table;
 * null when the filter is not only ids down a chain of relations.
 */
function linkedIds(strapi: Core.Strapi, attribute: Attribute, value: unknown): LinkedIds | null {
  const { joinTable, target } = attribute;
  if (
    !joinTable ||
    joinTable.on ||
    !target ||
    joinTable.joinColumn.referencedColumn !== 'id' ||
    joinTable.inverseJoinColumn.referencedColumn !== 'id'
  )
    return null;
  const matched = matchingIds(strapi, target, value);
  if (!matched) return null;
  const { ids: targets, depth } = matched;
  const links = strapi.db.getConnection(joinTable.name).select(joinTable.joinColumn.name);
  // Knex types a list and a subquery in separate overloads.
  const query = Array.isArray(targets)
    ? links.whereIn(joinTable.inverseJoinColumn.name, targets)
    : links.whereIn(joinTable.inverseJoinColumn.name, targets);
  return { query, column: joinTable.joinColumn.name, depth: depth + 1 };
}

/**
 * The ids of `uid`'s rows that a relation filter's value names: ids as given, or a subquery, with how many relations
 * further down the ids are named (0 when given here); null for anything else.
 */
function matchingIds(strapi: Core.Strapi, uid: string, value: unknown): { ids: Ids; depth: number } | null {
  if (isScalar(value)) return { ids: [value], depth: 0 };
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const [key] = keys;
  const condition = value[key];
  if (key === 'id') {
    const ids = idValues(condition);
    return ids && { ids, depth: 0 };
  }
  if (key === 'documentId') {
    const documentIds = idValues(condition);
    return (
      documentIds && {
        ids: strapi.db
          .getConnection(strapi.db.metadata.get(uid).tableName)
          .select('id')
          .whereIn('document_id', documentIds as string[]),
        depth: 0,
      }
    );
  }
  const attribute = attributesOf(strapi, uid)[key];
  const linked = attribute?.type === 'relation' ? linkedIds(strapi, attribute, condition) : null;
  return linked && { ids: linked.query, depth: linked.depth };
}

/** The values of an id condition: `5`, `{ $eq: 5 }` or `{ $in: [5, 6] }`; null for any other operator. */
function idValues(condition: unknown): Id[] | null {
  if (isScalar(condition)) return [condition];
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1) return null;
  if (isScalar(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.every(isScalar)) return condition.$in;
  return null;
}
