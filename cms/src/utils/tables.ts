import type { Core } from '@strapi/strapi';

/**
 * Where a content type's rows live, for the few reads that Strapi's query engine cannot write as one query (sums
 * grouped by a relation, a page of rows filtered on their children): the table, a column, a relation's link table.
 */
interface Meta {
  tableName: string;
  attributes: Record<
    string,
    {
      columnName?: string;
      joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } };
    }
  >;
}

/** A relation's link table: `owner` names the row that has the relation, `target` the row it points to. */
export interface LinkTable {
  name: string;
  owner: string;
  target: string;
}

const metaOf = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid as never) as unknown as Meta;

export const tableOf = (strapi: Core.Strapi, uid: string): string => metaOf(strapi, uid).tableName;

/** An attribute's column (Strapi writes camelCase attributes in snake_case). */
export function columnOf(strapi: Core.Strapi, uid: string, attribute: string): string {
  const column = metaOf(strapi, uid).attributes[attribute]?.columnName;
  if (!column) throw new Error(`${uid} has no column for ${attribute}`);
  return column;
}

export function linkTableOf(strapi: Core.Strapi, uid: string, relation: string): LinkTable {
  const joinTable = metaOf(strapi, uid).attributes[relation]?.joinTable;
  if (!joinTable) throw new Error(`${uid}.${relation} has no link table`);
  return { name: joinTable.name, owner: joinTable.joinColumn.name, target: joinTable.inverseJoinColumn.name };
}
