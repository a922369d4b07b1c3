import { readRows } from './read-statement';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { entityOf, metaOf, NOT_COLUMNS, type Row } from './one-query-read';

/** A table of the read: the base row (no `relation`), or the row `relation` of the table `of` points to (manyToOne). */
export interface ReadTable {
  /** Its alias in the SQL and its name in each answered row. */
  as: string;
  /** The content type of the base row; a joined table's is its relation's target. */
  uid?: string;
  relation?: string;
  /** The table this one is joined to (the base row when absent). */
  of?: string;
  /** The attributes read, in this order (each row's keys keep it); every column when absent. */
  fields?: readonly string[];
  /**
   * Only the target's id is wanted (a filter, or the next link of a chain): the link table alone is joined, not the
   * target's own table, and the row answers `{ id }`.
   */
  idOnly?: boolean;
  /**
   * Rows without it are not answered: an inner join. Put such a table first, with the filter that picks the rows
   * (the caller's own): the database then starts from it, where a filter after a chain of left joins may be applied
   * only once the base table has been read whole (PostgreSQL keeps the written order of more than eight joins).
   */
  required?: boolean;
}

/** Names the where and order callbacks write with: an attribute's column, a relation's link column of the target id. */
export interface Columns {
  /** `<as>.<column>` of an attribute of the table `as`. */
  column(as: string, attribute: string): string;
  /** The link table's column holding the id `as` points to (`as`'s target id), for a filter on the relation alone. */
  linked(as: string): string;
}

/** A bound value of the statement: the read's argument of this index. */
export type Param = (index: number) => Knex.Value;

export interface JoinedReadSpec {
  tables: ReadTable[];
  /** The filter; it may join a table of its own to filter by (a row that must have no match, say). */
  where: (query: Knex.QueryBuilder, names: Columns, param: Param) => void;
  orderBy?: (names: Columns) => { column: string; order: 'asc' | 'desc' }[];
  limit?: number;
}

/** One row of the answer: each table's entity by its `as`, null where the relation points nowhere. */
export type JoinedRow = Record<string, Row | null>;

/** A marker value the statement is built with, replaced by the argument of its index on each call. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A read of rows with manyToOne relations joined, in ONE statement where the query engine's `populate` runs one per
 * relation (and builds its SQL anew on each call): each table's columns selected under short aliases, each table's
 * columns then turned into its entity as Strapi's own fromRow does (entityOf), so values look exactly as the query engine answers
 * them. The SQL is built on the first call and afterwards only bound. Values are bound, never written into the SQL.
 */
export function joinedRead(strapi: Core.Strapi, spec: JoinedReadSpec): (...args: unknown[]) => Promise<JoinedRow[]> {
  let built:
    | {
        sql: string;
        bindings: unknown[];
        tables: { as: string; idKey: string; idOnly: boolean; entity: (row: Row) => Row }[];
      }
    | undefined;

  function build() {
    const knex = strapi.db.connection;
    const [base, ...joins] = spec.tables;
    if (!base.uid || base.relation) throw new Error('joinedRead: the first table is the base row, with its uid');
    const tables = [{ as: base.as, meta: metaOf(strapi, base.uid), spec: base, link: '' }];
    const query = knex(`${tables[0].meta.tableName} as ${base.as}`);
    for (const join of joins) {
      const from = tables.find((table) => table.as === (join.of ?? base.as));
      const attribute = join.relation ? from?.meta.attributes[join.relation] : undefined;
      if (!from || !attribute?.joinTable || !attribute.target)
        throw new Error(`joinedRead: ${join.relation} is not a relation kept in a link table`);
      const link = attribute.joinTable;
      const linkAs = `${join.as}_l`;
      const meta = metaOf(strapi, attribute.target);
      query[join.required ? 'join' : 'leftJoin'](
        `${link.name} as ${linkAs}`,
        `${linkAs}.${link.joinColumn.name}`,
        // From a table joined for its id alone, that id is its link's column.
        from.spec.idOnly ? from.link : `${from.as}.${link.joinColumn.referencedColumn}`,
      );
      if (!join.idOnly)
        query[join.required ? 'join' : 'leftJoin'](
          `${meta.tableName} as ${join.as}`,
          `${join.as}.${link.inverseJoinColumn.referencedColumn}`,
          `${linkAs}.${link.inverseJoinColumn.name}`,
        );
      tables.push({ as: join.as, meta, spec: join, link: `${linkAs}.${link.inverseJoinColumn.name}` });
    }
    const columnOf = (as: string, attribute: string) => {
      const table = tables.find((each) => each.as === as);
      const found = table?.meta.attributes[attribute];
      if (!table || !found || NOT_COLUMNS.has(found.type))
        throw new Error(`joinedRead: ${as}.${attribute} is no column`);
      return found.columnName ?? attribute;
    };
    const names: Columns = {
      column: (as, attribute) => `${as}.${columnOf(as, attribute)}`,
      linked: (as) => {
        const link = tables.find((each) => each.as === as)?.link;
        if (!link) throw new Error(`joinedRead: ${as} is no joined relation`);
        return link;
      },
    };
    // Short aliases (`<as><n>`): PostgreSQL cuts identifiers at 63 characters, and some columns are long.
    const selected = tables.map(({ as, meta, spec: table, link }) => {
      const fields = table.idOnly
        ? []
        : (table.fields ??
          Object.entries(meta.attributes)
            .filter(([, attribute]) => !NOT_COLUMNS.has(attribute.type))
            .map(([name]) => name));
      return {
        as,
        meta,
        idOnly: Boolean(table.idOnly),
        id: table.idOnly ? link : `${as}.id`,
        columns: fields.map((field, index): [string, string] => [`${as}${index}`, columnOf(as, field)]),
      };
    });
    query.select(
      selected.flatMap(({ as, id, columns }) => [
        `${id} as ${as}_id`,
        ...columns.map(([alias, column]) => `${as}.${column} as ${alias}`),
      ]),
    );
    // A marker stands for each argument while the SQL is built: the bindings keep it where the argument goes.
    spec.where(query, names, (index) => new Placeholder(index) as unknown as Knex.Value);
    for (const { column, order } of spec.orderBy?.(names) ?? []) query.orderBy(column, order);
    const { sql, bindings } = query.toSQL();
    // The LIMIT written into the SQL, not bound: SQLite plans a statement with a bound LIMIT without the shortcuts a
    // known one allows (a one-row read by slug ran four times slower so).
    if (spec.limit !== undefined && !Number.isSafeInteger(spec.limit))
      throw new Error('joinedRead: limit is no integer');
    return {
      sql: spec.limit === undefined ? sql : `${sql} limit ${spec.limit}`,
      bindings: [...bindings],
      tables: selected.map(({ as, idOnly, columns, meta }) => ({
        as,
        idKey: `${as}_id`,
        idOnly,
        entity: entityOf(meta, columns),
      })),
    };
  }

  return async (...args) => {
    built ??= build();
    const bindings = built.bindings.map((value) => (value instanceof Placeholder ? args[value.index] : value));
    const rows = await readRows(strapi, built.sql, bindings);
    return rows.map((row) => {
      const entities: JoinedRow = {};
      for (const { as, idKey, idOnly, entity } of built!.tables) {
        const id = row[idKey];
        entities[as] = id === null || id === undefined ? null : idOnly ? { id: Number(id) } : entity(row);
      }
      return entities;
    });
  };
}

/**
 * A joinedRead whose filter names a list of values (`IN (...)`), called with the list first and the other arguments
 * after: `specOf(count)` writes the spec for a list of `count` values, which are the arguments 0 to count - 1 (the
 * others follow). One statement per length of list, each built once.
 */
export function joinedReadOfList(
  strapi: Core.Strapi,
  specOf: (count: number) => JoinedReadSpec,
): (list: readonly unknown[], ...args: unknown[]) => Promise<JoinedRow[]> {
  const byCount = new Map<number, (...args: unknown[]) => Promise<JoinedRow[]>>();
  return (list, ...args) => {
    let read = byCount.get(list.length);
    if (!read) byCount.set(list.length, (read = joinedRead(strapi, specOf(list.length))));
    return read(...list, ...args);
  };
}

/** The arguments 0 to count - 1 of a read: a list's values (joinedReadOfList). */
export const listParams = (count: number, param: Param): Knex.Value[] =>
  Array.from({ length: count }, (_, index) => param(index));
