import type { Knex } from 'knex';

/**
 * A portal's Staff (docs/sponsor-desk.md, Staff and portals) names who runs it in the sponsor's desk; staff who are in
 * no portal's Staff run none. A database made before Staff existed had every staff member run every portal: this
 * keeps it so (each staff member of that day joins every portal's Staff), and super admins narrow it from there. On a
 * new database it finds no one (the seed names the demo staff itself).
 */
const LINKS = 'portals_staff_lnk';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(LINKS))) return;
  if (await knex(LINKS).first('id')) return;
  const [portals, staff] = await Promise.all([
    knex('portals').select('id').orderBy('id') as Promise<{ id: number }[]>,
    knex('admin_users').select('id').orderBy('id') as Promise<{ id: number }[]>,
  ]);
  const columns = await knex(LINKS).columnInfo();
  const rows = portals.flatMap((portal) =>
    staff.map((user, index) => ({
      portal_id: portal.id,
      user_id: user.id,
      ...('user_ord' in columns && { user_ord: index + 1 }),
    })),
  );
  // A few rows (portals times staff); in slices all the same, as SQLite takes at most 999 values a statement.
  for (let start = 0; start < rows.length; start += 200) await knex(LINKS).insert(rows.slice(start, start + 200));
}

/** Staff stay as they are: the links are the super admins' to change. */
export async function down(): Promise<void> {}
