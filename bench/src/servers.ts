import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../scripts/src/lib/free-port';

// The processes and databases a bench run starts: the CMS (cms-server.ts), the bare server, a database per run.

/** Starts a TypeScript entry point of this workspace and waits for its READY line (answered with what follows READY). */
export function startChild(script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ready: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY ?(.*)\n/.exec(output);
      if (ready) resolve({ child, ready: ready[1] });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
  });
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function withDatabase<T>(
  client: 'sqlite' | 'postgres',
  work: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T | undefined> {
  if (client === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    try {
      return await work({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'bench.db') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    process.stdout.write(`PostgreSQL skipped: ${(error as Error).message}\n`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work({ DATABASE_CLIENT: 'postgres', DATABASE_URL: url.toString() });
  } finally {
    const cleanup = new Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

export async function startCms(env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess; token: string }> {
  const port = await freePort();
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-outbox-'));
  // The seed uploads its pictures to this run's own media library folder, not the developer's.
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-public-'));
  fs.mkdirSync(path.join(publicDir, 'uploads'));
  const { child, ready } = await startChild('cms-server.ts', {
    ...env,
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    STRAPI_TELEMETRY_DISABLED: 'true',
    EMAIL_OUTBOX_DIR: outbox,
    PUBLIC_DIR: publicDir,
  });
  return { base: `http://127.0.0.1:${port}`, child, token: ready };
}
