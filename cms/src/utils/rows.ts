import type { Schema, UID } from '@strapi/strapi';

/**
 * What the query engine hands back for a column: dates and times as ISO strings (its datetime field turns the driver's
 * `Date` into one), big integers as strings, the rest as Strapi's schema types say.
 */
type ColumnValue<TAttribute> = TAttribute extends { type: 'date' | 'datetime' | 'timestamp' | 'time' }
  ? string
  : TAttribute extends Schema.Attribute.Attribute
    ? Schema.Attribute.Value<TAttribute>
    : never;

type Columns<U extends UID.ContentType> = Schema.NonPopulatableAttributeNames<U>;
type RequiredColumns<U extends UID.ContentType> = Columns<U> & Schema.RequiredAttributeNames<U>;
type OptionalColumns<U extends UID.ContentType> = Exclude<Columns<U>, Schema.RequiredAttributeNames<U>>;

/**
 * A row of `strapi.db.query(uid)` as the query engine returns it, derived from the generated schema
 * (types/generated/contentTypes.d.ts): the id, the document id and every attribute held in a column, null where the
 * attribute is not required. Relations, media and components come only when populated, so they are not in it: a
 * query that populates one adds it (`Row<typeof FUND> & { company: Pick<Row<typeof COMPANY>, 'id'> | null }`), and a
 * query with `select` reads a `Pick` of it.
 */
export type Row<U extends UID.ContentType> = { id: number; documentId: string } & {
  [K in RequiredColumns<U>]: ColumnValue<Schema.AttributeByName<U, K>>;
} & {
  [K in OptionalColumns<U>]: ColumnValue<Schema.AttributeByName<U, K>> | null;
};
