import type { Core } from '@strapi/strapi';
import path from 'path';

// Compiled to dist/config, so the CMS folder is two levels up; relative file names are taken from there.
const cmsRoot = path.resolve(__dirname, '..', '..');

// Migrations are TypeScript in database/migrations, run from their compiled copies in dist/database/migrations.
// Strapi would run them before it creates the tables from the content types, where a migration that indexes a table
// finds none on a new database; src/bootstrap/migrations.ts runs them right after that step instead.
const settings = { runMigrations: false, useTypescriptMigrations: true };

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'portal'),
          user: env('DATABASE_USERNAME', 'postgres'),
          password: env('DATABASE_PASSWORD', ''),
          ssl: env.bool('DATABASE_SSL', false)
            ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
            : false,
          schema: env('DATABASE_SCHEMA', 'public'),
          // PostgreSQL's JIT compiles a query whose estimated cost is high (a table without statistics yet, a few
          // joins): tens of milliseconds spent on a query that runs in two, on every signed-in read. Off for the CMS's
          // connections; DATABASE_OPTIONS='' leaves the server's setting (e.g. behind a pooler that refuses options).
          options: env('DATABASE_OPTIONS', '-c jit=off') || undefined,
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
      },
      settings,
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be sqlite or postgres, not "${client}"`);
  }

  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(cmsRoot, env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
    settings,
  };
};
