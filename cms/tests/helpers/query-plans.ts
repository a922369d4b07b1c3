import type { TestApp } from './strapi';

/**
 * How query-plans.test.ts asks the database for the plan of a query and reads the tables it scans whole (SQLite's
 * `SCAN`, PostgreSQL's `Seq Scan`), which tables may be read whole, and the rows it adds so that PostgreSQL plans as
 * on a grown database.
 */
let app: TestApp;

/** The test CMS whose database plans the queries: for `beforeAll`. */
export function planOn(testApp: TestApp): void {
  app = testApp;
}

/**
 * The tables that stay small (a portal's pages, funds, staff settings), Strapi's own bookkeeping, and the media library
 * (pictures staff upload for pages; investors' documents are not kept there).
 */
export const SMALL_TABLES = [
  /^files/,
  /^upload_folders/,
  /^portals/,
  /^funds/,
  /^investments/,
  /^companies/,
  /^contents/,
  /^team_members/,
  /^blog_items/,
  /^assets_items/,
  /^notification_templates/,
  /^settings/,
  /^synd_documents/,
  /^strapi_/,
  /^admin_/,
  /^up_roles/,
  /^up_permissions/,
  /^i18n_/,
  /^read_cache_generation/,
  /^components_/,
];
export const grows = (table: string) => !SMALL_TABLES.some((pattern) => pattern.test(table));

/** The tables a plan reads whole: SQLite's `SCAN t` (a table or a whole index), PostgreSQL's `Seq Scan on t`. */
export async function scannedTables(sql: string, bindings: unknown[]): Promise<string[]> {
  const knex = app.strapi.db.connection;
  const connection = (await knex.client.acquireConnection()) as unknown;
  try {
    if (app.strapi.db.dialect.client === 'postgres') {
      const pg = connection as {
        query(text: string, values?: unknown[]): Promise<{ rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }>;
      };
      // Joins are priced as nested loops too, so each table is reached through its own index (a merge or hash
      // join would walk a small test table whole, whatever its indexes).
      await pg.query('SET enable_seqscan = off; SET enable_mergejoin = off; SET enable_hashjoin = off');
      try {
        const { rows } = await pg.query(`EXPLAIN (FORMAT JSON) ${sql}`, bindings);
        return seqScans(rows[0]['QUERY PLAN'][0].Plan);
      } finally {
        await pg.query('RESET enable_seqscan; RESET enable_mergejoin; RESET enable_hashjoin');
      }
    }
    const sqlite = connection as { prepare(text: string): { all(...values: unknown[]): SqlitePlanRow[] } };
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...bindings.map(sqliteValue));
    // SQLite names a table by its alias in the query (`t0`).
    const tables = new Map([...sql.matchAll(/`(\w+)` as `(\w+)`/g)].map(([, table, alias]) => [alias, table]));
    const tableOf = (alias: string) => tables.get(alias) ?? alias;
    // A subquery in FROM (`(select ...) as d`, a read model's page `(select ...) p0`) is read whole by design (the board's latest declines, numbered by a
    // window): its own tables are planned on their own rows of the plan. PostgreSQL calls it a Subquery Scan, which
    // is not counted there either.
    // Knex writes one `) as \`d\``; the read models write `) p0` (a page of rows, found first on its own table).
    const subqueries = new Set(
      [...sql.matchAll(/\) (?:as `(\w+)`|"?(p\d+)"? )/g)].map(([, knexAlias, pageAlias]) => knexAlias ?? pageAlias),
    );
    return [
      ...plan.flatMap(({ detail }) => {
        const match = /^SCAN (\w+)/.exec(detail);
        return match && !subqueries.has(match[1]) ? [tableOf(match[1])] : [];
      }),
      ...wideCorrelatedSearches(plan).map(tableOf),
    ];
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

interface SqlitePlanRow {
  id: number;
  parent: number;
  detail: string;
}

/**
 * A subquery run once per outer row must start from that row: its first search finds rows by a key (`..._id=?`, the
 * rowid). One that starts from a condition of its own (`role=? AND signed_at>?`) walks every matching row of the
 * table for each outer row, which is a full scan's cost times the outer rows, though SQLite calls it a SEARCH.
 */
function wideCorrelatedSearches(plan: SqlitePlanRow[]): string[] {
  return plan
    .filter((row) => row.detail.startsWith('CORRELATED'))
    .flatMap((subquery) => {
      const first = plan.find((row) => row.parent === subquery.id && /^(SEARCH|SCAN) /.test(row.detail));
      const match = first && /^SEARCH (\w+) USING .*\((.*)\)$/.exec(first.detail);
      if (!first || (match && /^(\w+_id|rowid)=\?/.test(match[2]))) return [];
      return [match?.[1] ?? /^(?:SEARCH|SCAN) (\w+)/.exec(first.detail)![1]];
    });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** A Seq Scan, or an index walked end to end (an Index Scan with no condition on the index). */
function seqScans(node: PlanNode): string[] {
  const type = node['Node Type'];
  const whole = type === 'Seq Scan' || (/^Index (Only )?Scan$/.test(type) && !node['Index Cond']);
  const own = whole && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Rows added to each growing table (and its links) before PostgreSQL plans: enough that no plan walks one whole. */
const FILLER_ROWS = 5000;
/** The rows of a small table (funds, portals) that the filler rows link to, each a FILLER_ROWS / FAR_ROWS share. */
const FAR_ROWS = 50;

/**
 * PostgreSQL plans by its statistics: on a table of a few rows every path costs nothing and it may walk an index end
 * to end, where on a grown table it would look the row up. So after the requests ran, each growing table gets
 * FILLER_ROWS bare rows (an id and a documentId; links between filler rows, or to one filler row of a small table),
 * and ANALYZE gives the planner a grown database's picture. SQLite plans by its indexes alone.
 */
export async function growTables(): Promise<() => Promise<void>> {
  const knex = app.strapi.db.connection;
  const filler = new Map<string, number[]>();
  const links: { table: string; column: string; ids: number[] }[] = [];
  const metas = [...(app.strapi.db.metadata as unknown as Map<string, Meta>).values()];
  // A small table's side of the filler's links: FAR_ROWS rows of its own, far from the rows the requests read (a fund
  // with thousands of filler commitments would make the test's fund look as big to the planner), and several, as a
  // grown database has many funds: were every filler link one fund's, a fund would hold half of its table to the
  // planner, and a portal's funds (the admin panel's portal condition) most of it.
  const far = new Map<string, number[]>();
  const farRow = async (table: string) => {
    const rows = Array.from({ length: FAR_ROWS }, (_, index) => ({ document_id: `filler-far${index}` }));
    if (!far.has(table))
      far.set(
        table,
        ((await knex(table).insert(rows, ['id'])) as { id: number }[]).map((row) => row.id),
      );
    return far.get(table)!;
  };
  for (const meta of metas) {
    // Content types' tables (a join table's own metadata has no documentId).
    if (!grows(meta.tableName) || !meta.attributes.documentId || filler.has(meta.tableName)) continue;
    const ids: number[] = [];
    for (let start = 0; start < FILLER_ROWS; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, FILLER_ROWS - start) }, (_, index) => ({
        document_id: `filler${start + index}`,
      }));
      const inserted = (await knex(meta.tableName).insert(rows, ['id'])) as { id: number }[];
      ids.push(...inserted.map((row) => row.id));
    }
    filler.set(meta.tableName, ids);
  }
  for (const meta of metas) {
    for (const attribute of Object.values(meta.attributes)) {
      const join = attribute.joinTable;
      const target = attribute.target && metas.find((each) => each.uid === attribute.target);
      if (!join?.joinColumn || !join.inverseJoinColumn || !target || !grows(join.name)) continue;
      const own = filler.get(meta.tableName) ?? (await farRow(meta.tableName));
      const other = filler.get(target.tableName) ?? (await farRow(target.tableName));
      if (await knex(join.name).where(join.joinColumn.name, own[0]).first()) continue;
      const rows = Array.from({ length: FILLER_ROWS }, (_, index) => ({
        [join.joinColumn!.name]: own[index % own.length],
        [join.inverseJoinColumn!.name]: other[index % other.length],
      }));
      for (let start = 0; start < rows.length; start += 1000)
        await knex(join.name)
          .insert(rows.slice(start, start + 1000))
          .onConflict()
          .ignore();
      links.push({ table: join.name, column: join.joinColumn.name, ids: own });
    }
  }
  await knex.raw('ANALYZE');
  return async () => {
    for (const { table, column, ids } of links) await knex(table).whereIn(column, ids).delete();
    for (const [table, ids] of [...filler, ...far]) await knex(table).whereIn('id', ids).delete();
  };
}

interface Meta {
  uid: string;
  tableName: string;
  attributes: Record<
    string,
    {
      target?: string;
      joinTable?: { name: string; joinColumn?: { name: string }; inverseJoinColumn?: { name: string } };
    }
  >;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; knex hands it dates and booleans as well. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
