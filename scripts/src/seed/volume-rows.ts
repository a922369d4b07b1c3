import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { newDocumentId } from '../../../cms/src/utils/document-id';

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}

export interface Meta {
  tableName: string;
  attributes: Record<string, { type?: string; target?: string; joinTable?: JoinTable }>;
}

export type Row = Record<string, unknown>;

/** One row to insert: a copy of `source` (its relations too) or a new row; `change` overrides columns, `links` relation ends. */
export interface Item {
  source?: Row;
  change?: Row;
  links?: Record<string, number>;
}

/**
 * Rows copied straight into the tables with their relation rows (the volume seed's copies of the demo's investors);
 * `inserted` counts the rows inserted, by table.
 */
export function rowCopies(strapi: Core.Strapi, inserted: Record<string, number>) {
  const knex = strapi.db.connection;
  const isPostgres = strapi.db.dialect.client === 'postgres';
  const meta = (uid: string) => strapi.db.metadata.get(uid) as unknown as Meta;

  /** The rows of `uid` whose relation `relation` names one of `ids`, by that id. */
  async function ownedBy(uid: string, relation: string, ids: number[]): Promise<Map<number, Row[]>> {
    const join = meta(uid).attributes[relation].joinTable!;
    const links = (await knex(join.name).whereIn(join.inverseJoinColumn.name, ids)) as Row[];
    const rows = (await knex(meta(uid).tableName).whereIn(
      'id',
      links.map((link) => Number(link[join.joinColumn.name])),
    )) as Row[];
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const grouped = new Map<number, Row[]>();
    for (const link of links) {
      const row = byId.get(Number(link[join.joinColumn.name]));
      const owner = Number(link[join.inverseJoinColumn.name]);
      if (row) grouped.set(owner, [...(grouped.get(owner) ?? []), row]);
    }
    return grouped;
  }

  /**
   * Inserts the items' rows and their relation rows: a copy's relations as its source has them, the ends named in
   * `links` replaced (or added, for a new row). Answers the new ids, in the items' order.
   */
  async function insert(trx: Knex.Transaction, uid: string, items: Item[]): Promise<number[]> {
    if (!items.length) return [];
    const { tableName, attributes } = meta(uid);
    const documentIds = items.map(() => newDocumentId());
    await insertRows(
      trx,
      tableName,
      items.map((item, index) => {
        const { id: _id, ...columns } = { ...item.source, ...item.change };
        return { ...columns, document_id: documentIds[index] };
      }),
    );
    const idOf = new Map<string, number>();
    for (let start = 0; start < documentIds.length; start += 1000) {
      for (const row of (await trx(tableName)
        .whereIn('document_id', documentIds.slice(start, start + 1000))
        .select('id', 'document_id')) as { id: number; document_id: string }[]) {
        idOf.set(row.document_id, row.id);
      }
    }
    const ids = documentIds.map((documentId) => idOf.get(documentId)!);
    // A relation to a row of the same type (an adjustment's `corrects`) points at the copy of its target made here,
    // never at the source investor's row; one whose target was not copied with it is dropped.
    // Copies of one source row for several new owners are told apart by their owner (the links they are given).
    const copyKey = (item: Item, sourceId: number) => `${JSON.stringify(item.links ?? {})}:${sourceId}`;
    const copyOf = new Map(
      items.flatMap((item, index) =>
        item.source ? [[copyKey(item, Number(item.source.id)), ids[index]] as const] : [],
      ),
    );
    for (const [name, attribute] of Object.entries(attributes)) {
      const join = attribute.joinTable;
      if (attribute.type !== 'relation' || !join) continue;
      const sourceLinks = new Map<number, Row[]>();
      const sourceIds = [...new Set(items.flatMap((item) => (item.source ? [Number(item.source.id)] : [])))];
      for (let start = 0; start < sourceIds.length; start += 1000) {
        for (const link of (await trx(join.name).whereIn(
          join.joinColumn.name,
          sourceIds.slice(start, start + 1000),
        )) as Row[]) {
          const owner = Number(link[join.joinColumn.name]);
          sourceLinks.set(owner, [...(sourceLinks.get(owner) ?? []), link]);
        }
      }
      const links = items.flatMap((item, index) => {
        const target = item.links?.[name];
        const copied = item.source ? (sourceLinks.get(Number(item.source.id)) ?? []) : [];
        if (!copied.length && target === undefined) return [];
        const base = copied.length ? copied : [{ [join.inverseJoinColumn.name]: target }];
        const made = base.map(({ id: _id, ...link }) => ({
          ...link,
          [join.joinColumn.name]: ids[index],
          ...(target === undefined ? {} : { [join.inverseJoinColumn.name]: target }),
        }));
        if (attribute.target !== uid) return made;
        return made.flatMap((link) => {
          const copy = copyOf.get(copyKey(item, Number(link[join.inverseJoinColumn.name])));
          return copy === undefined ? [] : [{ ...link, [join.inverseJoinColumn.name]: copy }];
        });
      });
      await insertRows(trx, join.name, links);
    }
    return ids;
  }

  /**
   * Inserts rows in statements that stay under PostgreSQL's bound-variable limit, and SQLite's (knex writes a
   * multi-row insert there as a compound SELECT, at most 500 rows).
   */
  async function insertRows(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
    if (!rows.length) return;
    const columns = Object.keys(rows[0]).length;
    const size = isPostgres ? Math.floor(60_000 / columns) : Math.min(500, Math.floor(30_000 / columns));
    for (let start = 0; start < rows.length; start += size)
      await trx(table).insert(rows.slice(start, start + size).map(storable));
    inserted[table] = (inserted[table] ?? 0) + rows.length;
  }

  /** A value as it is inserted again: PostgreSQL takes JSON as text (an array would become a SQL array). */
  function storable(row: Row): Row {
    if (!isPostgres) return row;
    return Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)
          ? JSON.stringify(value)
          : value,
      ]),
    );
  }

  return { meta, ownedBy, insert };
}
