import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseStore, LIMITS_UNAVAILABLE, redisStore, type LimitStore } from '../src/api/rate-limit/stores';
import { freePort } from './helpers/instances';
import { useStrapi } from './helpers/strapi';

/**
 * The shared stores behind the rate limits, each used as two instances use it: two store objects (two processes'
 * worth of state) on one database or one Redis. What one counts the other sees, and events added at the same moment
 * never slip past a limit together.
 */
function describeStore(name: string, open: () => Promise<[LimitStore, LimitStore]>) {
  describe(`${name} rate-limit store`, () => {
    let one: LimitStore;
    let other: LimitStore;
    const windowMs = 60_000;
    const key = (label: string) => `test:${name}:${label}:${Date.now()}:${Math.random()}`;

    beforeAll(async () => {
      [one, other] = await open();
    });

    it('counts events made on either in one window, and takes back a removed one', async () => {
      const shared = key('shared');
      await one.add(shared, windowMs);
      const second = await other.add(shared, windowMs);
      expect(second.count).toBe(2);
      expect(await one.count(shared, windowMs)).toBe(2);
      await one.remove(shared, second.id);
      expect(await other.count(shared, windowMs)).toBe(1);
      expect(await other.count(key('unrelated'), windowMs)).toBe(0);
    });

    it('forgets events older than the window and says when a full key frees up', async () => {
      const short = key('short');
      const started = Date.now();
      await one.add(short, 400);
      await other.add(short, 400);
      const freeAt = await one.freeAt(short, 2, 400);
      expect(freeAt).toBeGreaterThanOrEqual(started + 400);
      expect(freeAt).toBeLessThan(Date.now() + 400 + 50);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await other.count(short, 400)).toBe(0);
    });

    it('lets no more than the limit through when both count at the same moment', async () => {
      const burst = key('burst');
      const max = 5;
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) => (index % 2 ? one : other).add(burst, windowMs)),
      );
      // The rule the middleware applies: an event whose count passes the limit is refused.
      expect(answers.filter((answer) => answer.count <= max).length).toBeLessThanOrEqual(max);
      expect(await one.count(burst, windowMs)).toBe(16);
    });
  });
}

describeStore('database', async () => {
  const app = await useStrapi();
  return [databaseStore(app.strapi), databaseStore(app.strapi)];
});

const redisMissing =
  spawnSync('sh', ['-c', 'command -v redis-server']).status === 0
    ? null
    : 'redis-server is not installed (apt-get install redis-server)';
if (redisMissing) console.warn(`Redis rate-limit store tests skipped: ${redisMissing}`);

describe.skipIf(redisMissing)('with Redis', () => {
  let server: ChildProcess;
  let port: number;
  const stores: ReturnType<typeof redisStore>[] = [];

  const startRedis = () =>
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
  const redisAnswers = async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.includes('PONG')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    port = await freePort();
    server = startRedis();
    await redisAnswers();
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    server?.kill('SIGKILL');
  });

  it('answers 503 at once while Redis is away, and counts again once it is back', async () => {
    const store = redisStore(`redis://127.0.0.1:${port}`, (await useStrapi()).strapi.log);
    stores.push(store);
    const key = `test:redis-away:${Date.now()}`;
    expect((await store.add(key, 60_000)).count).toBe(1);
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await expect(store.add(key, 60_000)).rejects.toMatchObject({ status: 503, message: LIMITS_UNAVAILABLE });
    server = startRedis();
    await redisAnswers();
    let counted: number | undefined;
    for (let attempt = 0; attempt < 50 && counted === undefined; attempt += 1) {
      counted = await store.add(key, 60_000).then(
        (answer) => answer.count,
        () => undefined,
      );
      if (counted === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A fresh Redis (no persistence) starts counting from nothing.
    expect(counted).toBe(1);
  });

  describeStore('redis', async () => {
    const app = await useStrapi();
    for (let index = 0; index < 2; index += 1) stores.push(redisStore(`redis://127.0.0.1:${port}`, app.strapi.log));
    return [stores[0], stores[1]];
  });
});
