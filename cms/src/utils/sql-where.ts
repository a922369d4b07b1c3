import { readRows } from './read-statement';
import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { metaOf, NOT_COLUMNS, type Attribute, type Meta, type Row } from './one-query-read';

/**
 * A where object, as the collection table and the checked list query write it (Strapi's filter language: fields with
 * operators, relations by id or documentId or by their own fields, `$and`, `$or`, `$not`), turned into SQL text and
 * its bindings, with the meaning Strapi's query engine gives it (`@strapi/database`'s where.js, and
 * src/bootstrap/relation-filters.ts for relations named by id): the same operators, the same casts of each value to
 * its field's type, the same LIKE escaping, NULL handling and case folding on each database. Used by the read models
 * (src/api/collection/services/read-model.ts), which answer without the query engine.
 */

interface Field {
  toDB(value: unknown): unknown;
}

const strapiRequire = createRequire(__filename);
/** Strapi's own field casts (pinned with Strapi 5.54.0, as src/utils/one-query-read.ts's fromRow). */
const { createField } = strapiRequire('@strapi/database/dist/fields/index.js') as {
  createField(attribute: Attribute): Field;
};

const CAST = new Set(['$in', '$notIn', '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$between']);
const COMPARE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const column = (alias: string, name: string) => `${alias}.${quote(name)}`;
export const isPlainObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (message: string): never => {
  throw new errors.ValidationError(message);
};

/** SQL LIKE wildcards and the escape character, matched literally (Strapi's escapeLike). */
const escapeLike = (value: unknown) => String(value).replace(/[%_\\]/g, (char) => `\\${char}`);

/** Strapi's reading of a `$null` / `$notNull` value from a query string. */
const truthy = (value: unknown) =>
  typeof value === 'string' ? !['false', 'f', '0', ''].includes(value.toLowerCase()) : Boolean(value);

/** A LEFT JOIN the where needs (a condition on a related row's own fields, as Strapi joins it). */
export interface WhereJoin {
  sql: string;
}

/** Builds the SQL of where objects over one table (alias `t0`), collecting bindings and joins as it goes. */
export class WhereBuilder {
  readonly bindings: unknown[] = [];
  /** The LEFT JOINs the conditions need (no bindings of their own). */
  readonly joins: string[] = [];
  private aliases = 0;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly postgres: boolean,
  ) {}

  meta(uid: string): Meta {
    return metaOf(this.strapi, uid);
  }

  /**
   * The SQL of `where` on the rows of `uid` under `alias` (`1=1` for an empty one). Its relation filters by id that
   * must all hold (the where's keys and its `$and` parts) are taken together, as src/bootstrap/relation-filters.ts
   * does: when one is a shorter chain than every other (an owner beside a portal), the others are looked up only among
   * the rows it links, so no subquery lists a whole portal's rows to keep one investor's.
   */
  where(uid: string, alias: string, where: unknown, label = 'filters'): string {
    const meta = this.meta(uid);
    const conjuncts: [string, unknown, string][] = [];
    const take = (object: unknown, at: string) => {
      if (!isPlainObject(object)) return refuse(`${at} must be an object`);
      for (const [key, value] of Object.entries(object)) {
        if (key === '$and') {
          if (!Array.isArray(value)) refuse(`${at}[$and] must be a list of filters`);
          for (const part of value as unknown[]) take(part, at);
        } else conjuncts.push([key, value, at]);
      }
    };
    take(where, label);
    const depths = conjuncts.map(([key, value]) => {
      const attribute = meta.attributes[key];
      return attribute?.type === 'relation' ? this.linkDepth(attribute, value) : null;
    });
    const linked = depths.filter((depth): depth is number => depth !== null);
    const shortest = Math.min(...linked);
    const narrowest =
      linked.length > 1 && linked.filter((depth) => depth === shortest).length === 1 ? depths.indexOf(shortest) : -1;
    const parts = conjuncts.map(([key, value, at], index) => {
      if (key === '$or') {
        if (!Array.isArray(value)) return refuse(`${at}[$or] must be a list of filters`);
        const branches = value.map((branch: unknown) => `(${this.where(uid, alias, branch, `${at}[$or]`)})`);
        return branches.length ? `(${branches.join(' OR ')})` : '1=1';
      }
      if (key === '$not') return `NOT (${this.where(uid, alias, value, `${at}[$not]`)})`;
      const attribute = meta.attributes[key];
      if (!attribute || (NOT_COLUMNS.has(attribute.type) && attribute.type !== 'relation'))
        return refuse(`${at} may not name ${key}`);
      if (attribute.type !== 'relation')
        return this.field(column(alias, attribute.columnName ?? key), attribute, value, `${at}[${key}]`);
      if (depths[index] === null) return this.joined(alias, key, attribute, value, at);
      const [narrowKey, narrowValue] = narrowest >= 0 && narrowest !== index ? conjuncts[narrowest] : [];
      const within = narrowKey ? () => this.linkedIds(meta.attributes[narrowKey], narrowValue)! : undefined;
      return `${column(alias, 'id')} IN (${this.linkedIds(attribute, value, within)})`;
    });
    return parts.length ? parts.join(' AND ') : '1=1';
  }

  /** A field's condition: a value (equals, or a list: any of them) or an object of operators. */
  private field(sql: string, attribute: Attribute, condition: unknown, label: string): string {
    if (!isPlainObject(condition))
      return this.operator(sql, attribute, Array.isArray(condition) ? '$in' : '$eq', condition, label);
    const parts = Object.entries(condition).map(([operator, value]) =>
      this.operator(sql, attribute, operator, value, `${label}[${operator}]`),
    );
    return parts.length ? parts.join(' AND ') : '1=1';
  }

  private cast(attribute: Attribute, value: unknown, label: string): unknown {
    if (value === null) return null;
    try {
      return createField(attribute).toDB(value);
    } catch (error) {
      // A value the field cannot hold: Strapi's date and time parsers say why (InvalidDateTimeError and its kin, which
      // Strapi answered as a 400 with that message); its number casts throw a plain Error, which came out as a 500.
      if (error instanceof Error && /^Invalid(Date|Datetime|Time)Format$/.test(error.name))
        return refuse(error.message);
      const kind = /integer|decimal|float/.test(attribute.type) ? 'a number' : `a valid ${attribute.type}`;
      return refuse(`${label} must be ${kind}`);
    }
  }

  private bind(value: unknown): string {
    this.bindings.push(value);
    return '?';
  }

  private lower(sql: string): string {
    return this.postgres ? `LOWER(CAST(${sql} AS VARCHAR))` : `LOWER(${sql})`;
  }

  private like(sql: string, pattern: string, not = false, fold = false): string {
    const escape = this.postgres ? '' : " ESCAPE '\\'";
    const left = fold ? this.lower(sql) : sql;
    const right = fold ? `LOWER(${this.bind(pattern)})` : this.bind(pattern);
    return `${left} ${not ? 'NOT LIKE' : 'LIKE'} ${right}${escape}`;
  }

  private operator(sql: string, attribute: Attribute, operator: string, raw: unknown, label: string): string {
    const list = operator === '$in' || operator === '$notIn' || operator === '$between';
    if (Array.isArray(raw) && !list) {
      // Strapi: a list under a single-value operator is any of them.
      if (raw.length === 0) return '1=1';
      return `(${raw.map((value) => this.operator(sql, attribute, operator, value, label)).join(' OR ')})`;
    }
    const value = CAST.has(operator)
      ? Array.isArray(raw)
        ? raw.map((item) => this.cast(attribute, item, label))
        : this.cast(attribute, raw, label)
      : raw;
    switch (operator) {
      case '$eq':
        return value === null ? `${sql} IS NULL` : `${sql} = ${this.bind(value)}`;
      case '$ne':
        return value === null ? `${sql} IS NOT NULL` : `${sql} <> ${this.bind(value)}`;
      case '$eqi':
        return value === null ? `${sql} IS NULL` : `${this.lower(sql)} = LOWER(${this.bind(String(value))})`;
      case '$nei':
        return value === null ? `${sql} IS NOT NULL` : `${this.lower(sql)} <> LOWER(${this.bind(String(value))})`;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return `${sql} ${COMPARE[operator]} ${this.bind(value)}`;
      case '$in':
      case '$notIn': {
        const values = Array.isArray(value) ? value : [value];
        if (values.length === 0) return operator === '$in' ? '1=0' : '1=1';
        return `${sql} ${operator === '$in' ? 'IN' : 'NOT IN'} (${values.map((item) => this.bind(item)).join(', ')})`;
      }
      case '$between': {
        if (!Array.isArray(value) || value.length !== 2) return refuse(`${label} must be a list of two values`);
        return `${sql} BETWEEN ${this.bind(value[0])} AND ${this.bind(value[1])}`;
      }
      case '$null':
        return `${sql} ${truthy(value) ? 'IS NULL' : 'IS NOT NULL'}`;
      case '$notNull':
        return `${sql} ${truthy(value) ? 'IS NOT NULL' : 'IS NULL'}`;
      case '$startsWith':
        return this.like(sql, `${escapeLike(value)}%`);
      case '$endsWith':
        return this.like(sql, `%${escapeLike(value)}`);
      case '$contains':
        return this.like(sql, `%${escapeLike(value)}%`);
      case '$notContains':
        return this.like(sql, `%${escapeLike(value)}%`, true);
      case '$containsi':
        return this.like(sql, `%${escapeLike(value)}%`, false, true);
      case '$notContainsi':
        return this.like(sql, `%${escapeLike(value)}%`, true, true);
      default:
        return refuse(`${label.replace(/\[[^[]*\]$/, '')} may not use ${operator}`);
    }
  }

  /** A condition on a related row's own fields: the row joined, as Strapi joins it (the query is then a joined one). */
  private joined(alias: string, key: string, attribute: Attribute, value: unknown, label: string): string {
    const { joinTable, target } = attribute;
    // Every relation of the product's types is kept in a plain link table (no `on` condition of its own).
    if (!joinTable || joinTable.on || !target) return refuse(`${label} may not name ${key}`);
    const link = `j${++this.aliases}`;
    const joined = `j${++this.aliases}`;
    this.joins.push(
      `LEFT JOIN ${quote(joinTable.name)} ${link} ON ${column(link, joinTable.joinColumn.name)} = ${column(alias, joinTable.joinColumn.referencedColumn)}` +
        ` LEFT JOIN ${quote(this.meta(target).tableName)} ${joined} ON ${column(joined, joinTable.inverseJoinColumn.referencedColumn)} = ${column(link, joinTable.inverseJoinColumn.name)}`,
    );
    // A bare value or an operator names the related row's id (Strapi's processRelationWhere).
    const names = isPlainObject(value) ? Object.keys(value) : [];
    const condition =
      !isPlainObject(value) || names.some((name) => name.startsWith('$') && !['$and', '$or', '$not'].includes(name))
        ? { id: value }
        : value;
    return this.where(target, joined, condition, `${label}[${key}]`);
  }

  /** How many relations down a filter names ids alone (`user: { id }` 1, `fund: { company: { portal } }` 3); null else. */
  private linkDepth(attribute: Attribute, value: unknown): number | null {
    const { joinTable, target } = attribute;
    if (!plainLink(attribute) || !joinTable || !target) return null;
    if (typeof value === 'number' || typeof value === 'string') return 1;
    if (!isPlainObject(value) || Object.keys(value).length !== 1) return null;
    const [[key, condition]] = Object.entries(value);
    if (key === 'id' || key === 'documentId') return idValues(condition) ? 1 : null;
    const next = this.meta(target).attributes[key];
    const below = next?.type === 'relation' ? this.linkDepth(next, condition) : null;
    return below === null ? null : below + 1;
  }

  /**
   * The owner ids (a subquery on the link table) of the rows whose relation points at rows the value names by id
   * alone (linkDepth not null), among the owners `within` lists when given.
   */
  private linkedIds(attribute: Attribute, value: unknown, within?: () => string): string | null {
    const { joinTable, target } = attribute;
    if (!plainLink(attribute) || !joinTable || !target) return null;
    const targets = this.matchingIds(target, value);
    if (targets === null) return null;
    const owner = quote(joinTable.joinColumn.name);
    const sql = `SELECT ${owner} FROM ${quote(joinTable.name)} WHERE ${quote(joinTable.inverseJoinColumn.name)} IN (${targets})`;
    return within ? `${sql} AND ${owner} IN (${within()})` : sql;
  }

  private matchingIds(uid: string, value: unknown): string | null {
    if (typeof value === 'number' || typeof value === 'string') return this.bind(value);
    if (!isPlainObject(value) || Object.keys(value).length !== 1) return null;
    const [[key, condition]] = Object.entries(value);
    if (key === 'id' || key === 'documentId') {
      const ids = idValues(condition);
      if (!ids) return null;
      // An id the database could not compare (PostgreSQL refuses text against an integer column).
      if (key === 'id' && ids.some((id) => !/^\d{1,15}$/.test(String(id))))
        refuse(`filters may name a relation's id only as a whole number`);
      const list = ids.map((id) => this.bind(id)).join(', ');
      return key === 'id'
        ? list
        : `SELECT ${quote('id')} FROM ${quote(this.meta(uid).tableName)} WHERE ${quote('document_id')} IN (${list})`;
    }
    const attribute = this.meta(uid).attributes[key];
    return attribute?.type === 'relation' ? this.linkedIds(attribute, condition) : null;
  }
}

/** A relation kept in a link table of ids, with no condition of its own. */
const plainLink = ({ joinTable }: Attribute) =>
  Boolean(joinTable) &&
  !joinTable!.on &&
  joinTable!.joinColumn.referencedColumn === 'id' &&
  joinTable!.inverseJoinColumn.referencedColumn === 'id';

/** The values of an id condition: `5`, `{ $eq: 5 }` or `{ $in: [5, 6] }`; null for any other operator. */
function idValues(condition: unknown): (string | number)[] | null {
  const isId = (value: unknown): value is string | number => typeof value === 'number' || typeof value === 'string';
  if (isId(condition)) return [condition];
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1) return null;
  if (isId(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.length > 0 && condition.$in.every(isId)) return condition.$in;
  return null;
}

/**
 * The id of the first row of `uid` that `where` holds (Strapi's filter language, as WhereBuilder reads it), or null:
 * one direct query, for the checks a read makes before it answers (is this fund in the caller's portal?).
 */
export async function firstIdWhere(strapi: Core.Strapi, uid: string, where: Row): Promise<number | null> {
  const builder = new WhereBuilder(strapi, strapi.db.dialect.client === 'postgres');
  const condition = builder.where(uid, 't0', where);
  const [row] = await readRows(
    strapi,
    `SELECT t0.${quote('id')} AS ${quote('id')} FROM ${quote(builder.meta(uid).tableName)} t0 ${builder.joins.join(' ')} WHERE ${condition} LIMIT 1`,
    builder.bindings,
  );
  return row ? Number(row.id) : null;
}
