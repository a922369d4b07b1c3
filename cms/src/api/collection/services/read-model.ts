import { readRows } from '../../../utils/read-statement';
import type { Core } from '@strapi/strapi';
import type { Page } from '@portal/rules';
import { errors } from '@strapi/utils';
import { entityOf, metaOf, type Attribute, type Meta, type Row } from '../../../utils/one-query-read';
import { column, quote, WhereBuilder } from '../../../utils/sql-where';
import type { CollectionRule } from '../collections';
import type { ListQuery } from '../query';

/**
 * The generic collection reads as read models: each answer from one direct SQL query (its rows with their populated
 * relations joined, the total counted by a subquery of it), instead of the Document Service's
 * traverse and validate of the query and the query engine's one query per populated relation. The rows, their
 * fields, their order and the key order of each answer are the ones the Document Service gave (the query engine puts
 * the sort columns first when a condition joins a related row); values are turned from columns into fields by
 * Strapi's own fromRow's steps (entityOf).
 */

const TO_ONE = new Set(['manyToOne', 'oneToOne']);
/** The alias of a page of rows (found first, on the filtered table alone), to which the relations are joined. */
const PAGE = 'p0';

/** The columns a read selects, in the order the answer's keys take: each (table, column) with its alias. */
interface Selected {
  /** -1: the row itself; else the index of the populated relation. */
  table: number;
  column: string;
}

/** The populated relations of a rule and a query: each with the fields it answers (besides id and documentId). */
function relationsOf(rule: CollectionRule, populate: string[]): [string, string[]][] {
  const names = [...new Set([...Object.keys(rule.include ?? {}), ...populate])];
  return names.map((name) => [
    name,
    [...new Set([...(rule.include?.[name] ?? []), ...(populate.includes(name) ? (rule.populate?.[name] ?? []) : [])])],
  ]);
}

/**
 * LIMIT and OFFSET written into the SQL (whole numbers checked by the list query), not bound: SQLite plans a statement
 * with a bound LIMIT without the shortcuts a known one allows (a session's one-row lookup ran 20 times slower so).
 */
function page(limit: number, start: number): string {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(start)) throw new Error('limit and start must be integers');
  return `LIMIT ${limit} OFFSET ${start}`;
}

const columnOf = (meta: Meta, field: string) => meta.attributes[field]?.columnName ?? field;

export function collectionReadModel(strapi: Core.Strapi) {
  const postgres = strapi.db.dialect.client === 'postgres';

  const run = (sql: string, bindings: unknown[]): Promise<Row[]> => readRows(strapi, sql, bindings);

  /**
   * The SELECT of a rule's rows: the row's own fields (the sort's first when `sortFirst`), then each populated
   * relation joined through its link table; the where is built by the caller on `where`.
   */
  function select(rule: CollectionRule, populate: string[], sortFirst: string[]) {
    const meta = metaOf(strapi, rule.uid);
    const own = [...new Set([...sortFirst, 'id', 'documentId', ...rule.fields])];
    const selected: Selected[] = own.map((field) => ({ table: -1, column: columnOf(meta, field) }));
    const joins: string[] = [];
    const relations = relationsOf(rule, populate).map(([name, fields], index) => {
      const attribute = meta.attributes[name] as Attribute | undefined;
      const { joinTable, target } = attribute ?? {};
      if (!attribute || !joinTable || !target || !TO_ONE.has(attribute.relation ?? ''))
        throw new Error(`${rule.uid}.${name} is not a relation to one row kept in a link table`);
      const targetMeta = metaOf(strapi, target);
      const [link, joined] = [`l${index}`, `r${index}`];
      joins.push(
        `LEFT JOIN ${quote(joinTable.name)} ${link} ON ${column(link, joinTable.joinColumn.name)} = ${PAGE}.${quote('id')}` +
          ` LEFT JOIN ${quote(targetMeta.tableName)} ${joined} ON ${column(joined, 'id')} = ${column(link, joinTable.inverseJoinColumn.name)}`,
      );
      for (const field of [...new Set(['id', 'documentId', ...fields])])
        selected.push({ table: index, column: columnOf(targetMeta, field) });
      return { name, meta: targetMeta };
    });
    const keyed = (table: number): [string, string][] =>
      selected.flatMap((each, index): [string, string][] => (each.table === table ? [[`c${index}`, each.column]] : []));
    const ownEntity = entityOf(meta, keyed(-1));
    const related = relations.map(({ name }, index) => {
      const pairs = keyed(index);
      return {
        name,
        idKey: pairs.find(([, column]) => column === 'id')![0],
        entity: entityOf(relations[index].meta, pairs),
      };
    });
    const columns = selected
      .map(
        (each, index) => `${each.table < 0 ? PAGE : `r${each.table}`}.${quote(each.column)} AS ${quote(`c${index}`)}`,
      )
      .join(', ');
    return { meta, ownEntity, related, columns, joins };
  }

  /** Rows of the SELECT as the Document Service answered them: own fields, then each relation (null when none). */
  function entities(rows: Row[], plan: ReturnType<typeof select>): Row[] {
    return rows.map((row) => {
      const entity = plan.ownEntity(row);
      for (const { name, idKey, entity: relatedEntity } of plan.related)
        entity[name] = row[idKey] === null || row[idKey] === undefined ? null : relatedEntity(row);
      return entity;
    });
  }

  /**
   * The page's rows found first (the filtered table alone, its own plan: the link tables' indexes), then their populated
   * relations joined to those rows only. Written as one flat query, PostgreSQL planned the joins first on a small
   * table and read it whole.
   */
  const pageThenJoin = (
    page: string,
    plan: ReturnType<typeof select>,
    order?: (alias: string) => string,
    extra?: string,
  ) =>
    `SELECT ${plan.columns}${extra ? `, ${extra}` : ''} FROM (${page}) ${PAGE} ${plan.joins.join(' ')}` +
    (order ? ` ORDER BY ${order(PAGE)}` : '');

  const orderBy = (meta: Meta, sort: ListQuery['sort']) => (alias: string) =>
    sort
      .map((entry) => {
        const [[field, direction]] = Object.entries(entry);
        return `${alias}.${quote(columnOf(meta, field))} ${direction === 'desc' ? 'DESC' : 'ASC'}`;
      })
      .join(', ');

  return {
    /** A page of the rows in `scope` that match the query, and how many match in all. */
    async list(rule: CollectionRule, scope: Row, query: ListQuery): Promise<Page<Row>> {
      const where = new WhereBuilder(strapi, postgres);
      const condition = where.where(rule.uid, 't0', { $and: [scope, ...(query.filters ? [query.filters] : [])] });
      // A condition on a related row's fields joins it: the query engine then selects the sort columns first.
      const sortFirst = where.joins.length ? query.sort.map((entry) => Object.keys(entry)[0]) : [];
      const plan = select(rule, query.populate, sortFirst);
      const from = `FROM ${quote(plan.meta.tableName)} t0 ${where.joins.join(' ')}`;
      const order = orderBy(plan.meta, query.sort);
      const count = `SELECT COUNT(*) ${from} WHERE ${condition}`;
      // The total in the same statement (a subquery the database runs once), not a second round trip.
      const rows = await run(
        pageThenJoin(
          `SELECT t0.* ${from} WHERE ${condition} ORDER BY ${order('t0')} ${page(query.limit, query.start)}`,
          plan,
          order,
          `(${count}) AS ${quote('total')}`,
        ),
        [...where.bindings, ...where.bindings],
      );
      // No row: none at all from the start; a page past the end is counted on its own.
      const total = rows.length
        ? Number(rows[0].total)
        : query.start === 0
          ? 0
          : Number((await run(`SELECT COUNT(*) AS ${quote('n')} ${from} WHERE ${condition}`, where.bindings))[0]?.n);
      return { items: entities(rows, plan), total };
    },

    /** The row `id` names if it is in `scope`; 404 'Not found' otherwise (another's row looks like a missing one). */
    async findOne(rule: CollectionRule, scope: Row, id: Row, populate: string[]): Promise<Row> {
      const where = new WhereBuilder(strapi, postgres);
      const condition = where.where(rule.uid, 't0', { $and: [scope, id] });
      const plan = select(rule, populate, []);
      const rows = await run(
        pageThenJoin(
          `SELECT t0.* FROM ${quote(plan.meta.tableName)} t0 ${where.joins.join(' ')} WHERE ${condition} ${page(1, 0)}`,
          plan,
        ),
        where.bindings,
      );
      const [entity] = entities(rows, plan);
      if (!entity) throw new errors.NotFoundError('Not found');
      return entity;
    },
  };
}
