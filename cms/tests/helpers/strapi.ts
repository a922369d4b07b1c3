import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createRequire } from 'node:module';
import type { Core, Modules, UID } from '@strapi/strapi';
import { productFlow } from '../../src/utils/product-flow';
import { compileCms } from '../../../scripts/src/lib/strapi';
import { PORTAL, USER } from '../../src/utils/uids';

// Strapi's ES build does not load under Node's ESM resolver (directory imports); its CommonJS build does.
const { createStrapi } = createRequire(import.meta.url)('@strapi/strapi') as typeof import('@strapi/strapi');

export interface TestApp {
  strapi: Core.Strapi;
  /** Base URL of the running CMS, e.g. http://127.0.0.1:41234 */
  url: string;
}

/**
 * The Document Service as a test's fixtures write with it: one of the product's own flows (src/utils/product-flow.ts),
 * as the seeds are, so a fixture may make a commitment signed or a document with its stored file. What a test asks
 * of the admin panel or the site goes over HTTP, where the record rules hold.
 */
export function fixtureDocuments<T extends UID.ContentType>(
  app: TestApp,
  uid: T,
): Modules.Documents.ServiceInstance<T> {
  const service = app.strapi.documents(uid) as unknown as Record<string, unknown>;
  return new Proxy(service, {
    get: (target, key) => {
      const value = target[key as string];
      return typeof value === 'function'
        ? (...args: unknown[]) =>
            productFlow('test', () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
        : value;
    },
  }) as never;
}

let booting: Promise<TestApp> | undefined;

/** The real CMS on this run's throw-away database, listening on a free port; booted once for all test files. */
export function useStrapi(): Promise<TestApp> {
  booting ??= boot();
  return booting;
}

async function boot(): Promise<TestApp> {
  const database = inject('database');
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    STRAPI_TELEMETRY_DISABLED: 'true',
    HOST: '127.0.0.1',
    // One server plays many clients: tests pick their address with X-Forwarded-For (see helpers/auth.ts).
    TRUST_PROXY: 'true',
    // Mail goes to this run's outbox; captcha starts off (tests switch it on through strapi.config).
    EMAIL_OUTBOX_DIR: inject('outboxDir'),
    // Agreements and other private files: beside the outbox, in this run's temporary folder.
    PRIVATE_FILES_DIR: path.join(path.dirname(inject('outboxDir')), 'private'),
    SMTP_HOST: '',
    RECAPTCHA_SECRET_KEY: '',
    DATABASE_CLIENT: database.client,
    ...(database.client === 'postgres' ? { DATABASE_URL: database.url } : { DATABASE_FILENAME: database.filename }),
  });
  // As `npm start` compiles: what a removed source compiled to is deleted, and only what changed is compiled again.
  const strapi = await createStrapi({ ...compileCms(), autoReload: false, serveAdminPanel: false }).load();
  // Passwords of the accounts the tests make are hashed with bcrypt's lowest cost (the portal's own: 10, about 0.1 s
  // per hash and per sign-in): hundreds of accounts per run. What a password check answers does not depend on it.
  (strapi.getModel(USER).attributes.password as { encryption?: { rounds: number } }).encryption = { rounds: 4 };
  // Every request without a portal of its own is for the default portal, as on a seeded site: one exists from the start.
  await strapi.db.query(PORTAL).create({ data: { name: 'Test Default', slug: 'test-default', isDefault: true } });
  strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = strapi.server.httpServer.address() as AddressInfo;
  return { strapi, url: `http://127.0.0.1:${port}` };
}

/** JSON over HTTP against the test CMS. */
export async function http(
  app: TestApp,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers; `any` keeps assertions short
): Promise<{ status: number; body: any; headers: Record<string, string> }> {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  // Tests read arbitrary JSON answers; `any` keeps assertions short.
  return {
    status: response.status,
    body: isJson && text ? JSON.parse(text) : text,
    headers: Object.fromEntries(response.headers),
  };
}
