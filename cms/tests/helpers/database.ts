import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';

export interface TestDatabase {
  client: 'sqlite' | 'postgres';
  filename?: string;
  url?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabase;
    /** Where the CMS writes this run's mail (.eml files), since tests send no mail through SMTP. */
    outboxDir: string;
  }
}

/**
 * Creates the throw-away database of this run and drops it afterwards: a temporary SQLite file, or, with
 * TEST_DATABASE=postgres, a fresh database on the server DATABASE_URL points to. The run's temporary folder also
 * holds the mail outbox.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cms-test-'));
  project.provide('outboxDir', path.join(dir, 'outbox'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });

  if (process.env.TEST_DATABASE === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl)
      throw new Error('TEST_DATABASE=postgres needs DATABASE_URL (a server the tests may create databases on)');
    const name = `portal_test_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    project.provide('database', { client: 'postgres', url: url.toString() });
    return async () => {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      removeDir();
    };
  }

  project.provide('database', { client: 'sqlite', filename: path.join(dir, 'test.db') });
  return removeDir;
}
