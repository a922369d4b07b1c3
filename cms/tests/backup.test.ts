import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownDeployments } from './helpers/own-deployments';
import { compileCms, deploymentEnv, seedDeployment, startInstance, throwAwayDatabase, type Instance, type ThrowAwayDatabase } from './helpers/instances';
import { portalState } from './helpers/portal-state';

/**
 * `npm run backup` and `npm run restore` (scripts/src/lib/backup.ts), as an operator runs them: a seeded portal is
 * backed up while it serves, restored into a new database and new folders, and a CMS started there serves the same
 * dashboard and the same document bytes. Each pass runs it on its own database (SQLite, then PostgreSQL).
 */

const ROOT = path.resolve(__dirname, '..', '..');
const { onPostgres, skipReason, cleanup } = await ownDeployments();

/** A new place for a portal: a work folder (files) and a database of its own. */
async function newPlace(label: string): Promise<{ env: NodeJS.ProcessEnv; dir: string; database?: ThrowAwayDatabase }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  cleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  if (!onPostgres) return { dir, env: deploymentEnv(dir, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'data.db') }) };
  const database = await throwAwayDatabase(label.replace(/\W/g, '_'));
  cleanup(() => database.drop());
  return { dir, database, env: deploymentEnv(dir, { DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url }) };
}

function npm(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(skipReason)('backup and restore', () => {
  it('backs up a running portal and restores it into a new database and folders that serve the same', async () => {
    compileCms();
    const source = await newPlace('backup-source');
    seedDeployment(source.env);
    const running: Instance = await startInstance(source.env);
    cleanup(() => running.kill());
    const before = await portalState(running.url);

    // While it serves.
    const backupDir = path.join(source.dir, 'backup');
    const backedUp = npm('backup', ['--to', backupDir], source.env);
    expect(backedUp.status, backedUp.output).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ database: onPostgres ? 'postgres' : 'sqlite', files: { private: expect.any(Number) } });
    expect(manifest.migrations.length).toBe(fs.readdirSync(path.join(__dirname, '..', 'database', 'migrations')).filter((file) => file.endsWith('.ts')).length);
    // A second backup never writes into the first.
    expect(npm('backup', ['--to', backupDir], source.env).output).toContain('is not empty');
    await running.kill();

    const target = await newPlace('backup-target');
    const restored = npm('restore', ['--from', backupDir], target.env);
    expect(restored.status, restored.output).toBe(0);
    // Nothing is restored over a portal.
    const again = npm('restore', ['--from', backupDir], target.env);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/Restore needs (a new database|an empty database|empty folders)/);

    const serving = await startInstance(target.env);
    cleanup(() => serving.kill());
    expect(await portalState(serving.url)).toEqual(before);
  }, 900_000);

  it('says what is wrong with a folder that holds no backup', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-no-backup-'));
    cleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
    const result = npm('restore', ['--from', dir], { ...process.env, DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'x.db') });
    expect(result.status).toBe(1);
    expect(result.output).toContain('holds no backup (manifest.json is missing)');
    expect(fs.existsSync(path.join(dir, 'x.db'))).toBe(false);
  });
});
