import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './s3-server';

export interface SecondInstance {
  url: string;
  process: ChildProcess;
  output: () => string;
}

/** A second CMS process on the same database and compiled app (what another instance behind a load balancer is). */
export async function startSecondInstance(): Promise<SecondInstance> {
  const port = await freePort();
  const appDir = path.resolve(__dirname, '..', '..');
  const script = `
    const { createStrapi } = require('@strapi/strapi');
    createStrapi({ appDir: ${JSON.stringify(appDir)}, distDir: ${JSON.stringify(path.join(appDir, 'dist'))}, autoReload: false, serveAdminPanel: false })
      .start().catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: appDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 150_000) {
    if (child.exitCode !== null) throw new Error(`second instance exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/auth/portals`)).status === 200) return { url, process: child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`second instance did not answer: ${output}`);
}

/** Stops a second instance (nothing when none was started) and waits for its exit. */
export async function stopSecondInstance(instance: SecondInstance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}
