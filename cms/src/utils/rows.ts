import type { Schema, UID } from '@strapi/strapi';
import type { CALL_ITEM, STATEMENT } from './uids';

/**
 * What the query engine hands back for a column: dates and times as ISO strings (its datetime field turns the driver's
 * `Date` into one), the rest as Strapi's schema types say: big integers as strings and decimals as numbers, on SQLite
 * and PostgreSQL alike (the engine's fields convert what the driver answers, PostgreSQL's numeric text included).
 */
type ColumnValue<TAttribute> = TAttribute extends { type: 'date' | 'datetime' | 'timestamp' | 'time' }
  ? string
  : TAttribute extends Schema.Attribute.Attribute
    ? Schema.Attribute.Value<TAttribute>
    : never;

/**
 * Columns the generated types read as nullable that are never null when read: the timestamps the query engine sets on
 * every create (its timestamps lifecycle subscriber), and columns the schema leaves optional (so that the admin panel's
 * editor would not ask for them) that the one service creating these records always writes, bootstrap/record-rules
 * sealing the records against any other writer.
 */
type AlwaysWritten<U extends UID.ContentType> =
  | 'createdAt'
  | 'updatedAt'
  | (U extends typeof CALL_ITEM ? 'paymentKey' : U extends typeof STATEMENT ? 'issuedAt' : never);

type Columns<U extends UID.ContentType> = Schema.NonPopulatableAttributeNames<U>;
type RequiredColumns<U extends UID.ContentType> = Columns<U> & (Schema.RequiredAttributeNames<U> | AlwaysWritten<U>);
type OptionalColumns<U extends UID.ContentType> = Exclude<Columns<U>, RequiredColumns<U>>;

/** The keys every row has, whatever its content type: all a query of a uid known only at run time can be typed by. */
export type RowKeys = { id: number; documentId: string };

/**
 * A row of `strapi.db.query(uid)` as the query engine returns it, derived from the generated schema
 * (types/generated/contentTypes.d.ts): the id, the document id and every attribute held in a column, null where the
 * attribute is not required. Relations, media and components come only when populated, so they are not in it: a
 * query that populates one adds it (`Row<typeof FUND> & { company: Pick<Row<typeof COMPANY>, 'id'> | null }`), and a
 * query with `select` reads a `Pick` of it.
 */
export type Row<U extends UID.ContentType> = RowKeys & {
  [K in RequiredColumns<U>]: ColumnValue<Schema.AttributeByName<U, K>>;
} & {
  [K in OptionalColumns<U>]: ColumnValue<Schema.AttributeByName<U, K>> | null;
};
