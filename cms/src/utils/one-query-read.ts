import { readRows } from './read-statement';
import { createRequire } from 'node:module';
import type { Core, UID } from '@strapi/strapi';

export type Row = Record<string, unknown>;

/** An attribute as Strapi's database layer keeps it: its column, or for a relation its kind, target and link table. */
export interface Attribute {
  type: string;
  relation?: string;
  columnName?: string;
  target?: string;
  joinTable?: {
    name: string;
    joinColumn: { name: string; referencedColumn: string };
    inverseJoinColumn: { name: string; referencedColumn: string };
    on?: Record<string, unknown>;
  };
}

export interface Meta {
  tableName: string;
  attributes: Record<string, Attribute>;
}

/**
 * Strapi's own conversion of a row to an entity (the query engine's: column names to attribute names, each field's
 * fromDB), so a row read here looks exactly as the query engine would answer it. @strapi/database exports no entry
 * point for it; its CommonJS build holds it at this path (pinned with Strapi 5.54.0; the session tests fail if it moves).
 */
export const { fromRow } = createRequire(__filename)('@strapi/database/dist/query/helpers/transform.js') as {
  fromRow(meta: Meta, row: Row): Row | null;
};

const { createField } = createRequire(__filename)('@strapi/database/dist/fields/index.js') as {
  createField(attribute: Attribute): { fromDB(value: unknown): unknown };
};
const { isScalar } = createRequire(__filename)('@strapi/database/dist/utils/types.js') as {
  isScalar(type: string): boolean;
};

/**
 * fromRow, compiled for a read whose columns are known when its statement is built: `columns` pairs each key of the
 * statement's row with the column of `meta`'s table it holds. Answers what fromRow answers for the object of those
 * columns (the same attributes, in the same order, each through the same field's fromDB), without looking each column
 * up again on every row.
 */
export function entityOf(meta: Meta & { columnToAttribute?: Record<string, string> }, columns: [string, string][]) {
  const steps = columns.flatMap(([key, column]) => {
    const name = meta.columnToAttribute?.[column];
    const attribute = name === undefined ? undefined : meta.attributes[name];
    if (!attribute || name === undefined) return [];
    if (isScalar(attribute.type)) {
      const field = createField(attribute);
      return [{ key, name, cast: (value: unknown) => (value === null ? null : field.fromDB(value)) }];
    }
    return attribute.type === 'relation' ? [{ key, name, cast: (value: unknown) => value }] : [];
  });
  return (row: Row): Row => {
    const entity: Row = {};
    for (const { key, name, cast } of steps) entity[name] = cast(row[key]);
    return entity;
  };
}

/** Attribute types kept outside the row's own table. */
export const NOT_COLUMNS = new Set(['relation', 'component', 'dynamiczone', 'media']);

/** A content type's table and attributes, as Strapi's database layer keeps them. */
export const metaOf = (strapi: Core.Strapi, uid: string) =>
  strapi.db.metadata.get(uid as UID.Schema) as unknown as Meta;
/** The prefix of the base row's columns in the answer (a joined row's is its `as`). */
const SELF = 'self';

/** A manyToOne relation to join: `relation` of the row named `of` (the base row when absent), answered as `as`. */
export interface JoinedRelation {
  relation: string;
  as: string;
  of?: string;
  /** The attributes read (its id among them); every column when absent. */
  fields?: readonly string[];
}

/** The row found (`own`) and each joined relation's row by its name (null where there is none). */
export interface OneQueryAnswer {
  own: Row;
  joined: Record<string, Row | null>;
}

/**
 * A read of one row of `uid` by a unique attribute `by`, with manyToOne relations joined, in ONE query where the query
 * engine's `populate` runs one per relation: each column of each table selected under its own alias, then each
 * table's columns turned into its entity by Strapi's fromRow. The SQL is built once (first call), then only bound.
 * For a session on every request; the investor's reads of many rows are src/utils/joined-read.ts, everything else goes
 * through the query engine.
 */
export function oneQueryRead(
  strapi: Core.Strapi,
  uid: UID.Schema,
  by: string,
  joins: JoinedRelation[],
  /** The attributes of the row found that are read (its id among them); every column when absent. */
  fields?: readonly string[],
): (value: unknown) => Promise<OneQueryAnswer | null> {
  let built:
    | { sql: string; bindings: unknown[]; tables: { as: string; idKey: string; entity: (row: Row) => Row }[] }
    | undefined;

  function build() {
    const knex = strapi.db.connection;
    const tables: { as: string; alias: string; meta: Meta; fields?: readonly string[] }[] = [
      { as: '', alias: 't0', meta: metaOf(strapi, uid), fields },
    ];
    let query = knex(`${tables[0].meta.tableName} as t0`);
    joins.forEach((join, index) => {
      const from = tables.find((table) => table.as === (join.of ?? ''));
      const attribute = from?.meta.attributes[join.relation];
      if (!from || !attribute?.joinTable || !attribute.target)
        throw new Error(`oneQueryRead: ${join.relation} is not a relation kept in a link table`);
      const link = attribute.joinTable;
      const [linkAlias, alias] = [`l${index + 1}`, `t${index + 1}`];
      query = query
        .leftJoin(
          `${link.name} as ${linkAlias}`,
          `${linkAlias}.${link.joinColumn.name}`,
          `${from.alias}.${link.joinColumn.referencedColumn}`,
        )
        .leftJoin(
          `${metaOf(strapi, attribute.target).tableName} as ${alias}`,
          `${alias}.${link.inverseJoinColumn.referencedColumn}`,
          `${linkAlias}.${link.inverseJoinColumn.name}`,
        );
      tables.push({ as: join.as, alias, meta: metaOf(strapi, attribute.target), fields: join.fields });
    });
    const read = tables.map(({ as, alias, meta, fields: wanted }) => {
      const names = Object.entries(meta.attributes)
        .filter(([name, attribute]) => !NOT_COLUMNS.has(attribute.type) && (!wanted || wanted.includes(name)))
        .map(([name, attribute]) => attribute.columnName ?? name);
      const pairs = names.map((column): [string, string] => [`${as || SELF}__${column}`, column]);
      return { as, meta, alias, pairs, idKey: `${as || SELF}__id`, entity: entityOf(meta, pairs) };
    });
    const columns = read.flatMap(({ alias, pairs }) => pairs.map(([key, column]) => `${alias}.${column} as ${key}`));
    const lookup = tables[0].meta.attributes[by];
    // A placeholder value: the statement is bound again with the real one on each call.
    // LIMIT 1 written into the SQL, not bound: SQLite plans a bound LIMIT without the shortcuts a known one allows
    // (this lookup ran 20 times slower so).
    const { sql, bindings } = query
      .select(columns)
      .where(`t0.${lookup?.columnName ?? by}`, '')
      .toSQL();
    return { sql: `${sql} limit 1`, bindings: [...bindings], tables: read };
  }

  return async (value) => {
    built ??= build();
    const [row] = await readRows(strapi, built.sql, [value, ...built.bindings.slice(1)]);
    if (!row) return null;
    const [own, ...others] = built.tables;
    const joined: Record<string, Row | null> = {};
    for (const { as, idKey, entity } of others)
      joined[as] = row[idKey] === null || row[idKey] === undefined ? null : entity(row);
    return { own: own.entity(row), joined };
  };
}
