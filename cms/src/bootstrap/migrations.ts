import type { Core } from '@strapi/strapi';
import { TURNS } from '../utils/in-turn';

/**
 * Runs the project's database migrations (database/migrations) right after Strapi has created or altered the tables
 * from the content types. Strapi's own run comes before that step (config/database.ts turns it off), where a
 * migration that indexes a table would find no table on a new database; here it finds every table, on a new database
 * and an old one alike. Instances that start together take turns, so each migration runs once.
 */
export function runMigrationsAfterSchemaSync(strapi: Core.Strapi): void {
  strapi.hook('strapi::content-types.afterSync').register(async () => {
    (strapi.db.config.settings as { runMigrations?: boolean }).runMigrations = true;
    await oneInstanceAtATime(strapi, () => strapi.db.migrations.up());
  });
}

/**
 * On PostgreSQL, holds a session advisory lock on a connection of its own while `work` runs (a migration runs in its
 * own transaction on other connections); SQLite is one instance's file.
 */
async function oneInstanceAtATime(strapi: Core.Strapi, work: () => Promise<void>): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return work();
  const knex = strapi.db.connection;
  const connection: unknown = await knex.client.acquireConnection();
  try {
    await knex.raw('SELECT pg_advisory_lock(?)', [TURNS.migrations]).connection(connection);
    try {
      await work();
    } finally {
      await knex.raw('SELECT pg_advisory_unlock(?)', [TURNS.migrations]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
