import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A running S3-compatible server for the tests: its endpoint, keys, and how to stop it. */
export interface S3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

const PROGRAMS = ['monmaptool', 'ceph-mon', 'ceph', 'ceph-osd', 'radosgw', 'radosgw-admin'];

/** Why the server cannot start here (a program missing), or null when it can. */
export function s3ServerMissing(): string | null {
  const missing = PROGRAMS.filter((program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0);
  return missing.length
    ? `Ceph's S3 gateway is not installed (missing ${missing.join(', ')}; apt-get install radosgw ceph-mon ceph-osd, as .ci/run does)`
    : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(program: string, args: string[]): void {
  const result = spawnSync(program, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
}

/** The last lines of a daemon's log, to say why the server did not start. */
function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Waits for `check`; a daemon that exits ends the wait at once. Generous: on a loaded two-core machine the cluster
 * takes far longer than its usual ten seconds.
 */
async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  daemons: ChildProcess[],
  logs: string[],
  timeoutMs = 240_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    if (daemons.some((child) => child.exitCode !== null || child.signalCode !== null)) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(
    `The S3 test server did not start: ${what}\n${logs.map((file) => `--- ${path.basename(file)}\n${logTail(file)}`).join('\n')}`,
  );
}

/**
 * Ceph's S3 gateway (radosgw, Debian's package) on a throw-away one-node Ceph cluster kept in memory: a monitor, one
 * OSD with the memstore back end, no authentication inside the cluster, all on 127.0.0.1 ports picked now. Chosen
 * because, unlike the S3 stand-ins on npm, it checks a presigned POST's policy (signature, expiry, key,
 * Content-Type, content-length-range) as S3 does. Starts in about ten seconds.
 */
export async function startS3Server(): Promise<S3Server> {
  // The OSD sometimes asks the monitor before it has the cluster's map and gives up ('wrong fsid'): a fresh cluster
  // on the next try starts.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startCluster();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startCluster(): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const [monPort, port] = [await freePort(), await freePort()];
  const fsid = crypto.randomUUID();
  const config = path.join(dir, 'ceph.conf');
  for (const folder of ['run', 'mon', 'osd', 'rgw']) fs.mkdirSync(path.join(dir, folder));
  fs.writeFileSync(
    config,
    [
      '[global]',
      `fsid = ${fsid}`,
      `mon host = v1:127.0.0.1:${monPort}`,
      'public addr = 127.0.0.1',
      'ms bind ipv6 = false',
      'auth cluster required = none',
      'auth service required = none',
      'auth client required = none',
      'osd pool default size = 1',
      'osd pool default min size = 1',
      'osd pool default pg num = 8',
      'osd pgp default pg num = 8',
      'mon allow pool size one = true',
      'osd crush chooseleaf type = 0',
      // The OSD places itself in the CRUSH map by asking the monitor at start, and at times asks before it has the
      // cluster's map and gives up ('wrong fsid'): the command line places it instead, before it starts.
      'osd crush update on start = false',
      'osd class update on start = false',
      'osd objectstore = memstore',
      'memstore device bytes = 536870912',
      `run dir = ${dir}/run`,
      `log file = ${dir}/$name.log`,
      `admin socket = ${dir}/run/$name.asok`,
      `pid file = ${dir}/run/$name.pid`,
      `[mon.a]`,
      `mon data = ${dir}/mon`,
      `[osd.0]`,
      `osd data = ${dir}/osd`,
      `[client.rgw]`,
      `rgw frontends = beast endpoint=127.0.0.1:${port}`,
      `rgw data = ${dir}/rgw`,
    ].join('\n') + '\n',
  );
  const daemons: ChildProcess[] = [];
  const daemon = (program: string, args: string[]) =>
    daemons.push(spawn(program, ['-f', '-c', config, ...args], { stdio: 'ignore' }));
  const stop = async () => {
    await Promise.all(
      daemons.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('monmaptool', [
      '--create',
      '--clobber',
      '--fsid',
      fsid,
      '--addv',
      'a',
      `[v1:127.0.0.1:${monPort}]`,
      path.join(dir, 'monmap'),
    ]);
    run('ceph-mon', ['-c', config, '-i', 'a', '--mkfs', '--monmap', path.join(dir, 'monmap')]);
    daemon('ceph-mon', ['-i', 'a']);
    run('ceph', ['-c', config, '--connect-timeout', '60', 'osd', 'create']);
    run('ceph', ['-c', config, '--connect-timeout', '60', 'osd', 'crush', 'add', 'osd.0', '1.0', 'root=default']);
    run('ceph-osd', ['-c', config, '-i', '0', '--mkfs']);
    daemon('ceph-osd', ['-i', '0']);
    daemon('radosgw', ['-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${port}`;
    const logs = ['mon.a', 'osd.0', 'client.rgw'].map((name) => path.join(dir, `${name}.log`));
    await until(
      'the gateway does not answer',
      () =>
        fetch(endpoint).then(
          (response) => response.ok,
          () => false,
        ),
      daemons,
      logs,
    );
    const accessKeyId = `PORTALTEST${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const secretAccessKey = crypto.randomBytes(20).toString('hex');
    run('radosgw-admin', [
      '-c',
      config,
      'user',
      'create',
      '--uid=portal-tests',
      '--display-name=Portal tests',
      `--access-key=${accessKeyId}`,
      `--secret-key=${secretAccessKey}`,
    ]);
    return { endpoint, accessKeyId, secretAccessKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
