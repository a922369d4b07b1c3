/**
 * One CMS for the benchmark, on the throw-away database env names: compiles and boots Strapi, seeds the demo data
 * (grown BENCH_VOLUME times when set; with BENCH_SEED_ONLY=1 it stops there, so that a fresh process serves the
 * grown database, as it would after a restart, not the one whose heap just wrote a million rows, after the upkeep
 * round the portal runs hourly),
 * adds Strapi's stock REST routes for the rows the site reads (this process only, never the product's routes) and a
 * read-only API token for them (this database only), listens on PORT and prints `READY <token>` once it answers.
 * With BENCH_ADMIN_PANEL=1 it serves the admin panel's built bundle too (cms/dist/build), for the desk's page.
 */
import { createRequire } from 'node:module';
import { seed } from '../../scripts/src/seed/index';
import { seedVolume } from '../../scripts/src/seed/volume';
import { compileCms } from '../../scripts/src/lib/strapi';

const { createStrapi, factories } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');

/** The stock routes, under /api/stock/, each Strapi's own controller action. */
const STOCK_ROUTES = [
  ['/stock/portals', 'api::portal.portal.find'],
  ['/stock/contents', 'api::content.content.find'],
  ['/stock/blog-items', 'api::blog-item.blog-item.find'],
  ['/stock/assets-items', 'api::assets-item.assets-item.find'],
  ['/stock/users/:id', 'plugin::users-permissions.user.findOne'],
].map(([routePath, handler]) => ({ method: 'GET', path: routePath, handler, config: { auth: { scope: [handler] } } }));

/** Stock list routes for the types of the investor area, each Strapi's core `find`. */
const STOCK_FINDS = [
  ['/stock/synd-users', 'api::synd-user.synd-user'],
  ['/stock/investments', 'api::investment.investment'],
  ['/stock/notifications', 'api::notification.notification'],
  ['/stock/tax-documents', 'api::tax-document.tax-document'],
  ['/stock/news-documents', 'api::news-document.news-document'],
  ['/stock/proof-documents', 'api::proof-document.proof-document'],
  ['/stock/synd-documents', 'api::synd-document.synd-document'],
  ['/stock/ledger-entries', 'api::ledger-entry.ledger-entry'],
];

interface StockController {
  validateQuery(ctx: unknown): Promise<void>;
  sanitizeQuery(ctx: unknown): Promise<unknown>;
  sanitizeOutput(results: unknown, ctx: unknown): Promise<unknown>;
  transformResponse(data: unknown, meta: unknown): unknown;
}

interface StockService {
  find(query: unknown): Promise<{ results: unknown; pagination: unknown }>;
}

async function main() {
  const serveAdminPanel = process.env.BENCH_ADMIN_PANEL === '1';
  const strapi = await createStrapi({ ...compileCms(), autoReload: false, serveAdminPanel }).load();
  await seed(strapi, { password: process.env.SEED_PASSWORD ?? 'DemoPass2026!', now: new Date() });
  // The grown database: BENCH_VOLUME × 1,000 investors, as `npm run seed -- --volume` makes it.
  const volume = Number(process.env.BENCH_VOLUME ?? 0);
  if (volume > 0) await seedVolume(strapi, volume, { log: (line) => process.stderr.write(`${line}\n`) });
  if (process.env.BENCH_SEED_ONLY === '1') {
    // The upkeep a serving portal runs every hour: the volume seed ends one session of each investor, and without this
    // the measured start would spend its first seconds deleting them (its round at start) while `me`, the first
    // signed-in call measured, is timed.
    if (volume > 0) await (strapi.service('api::upkeep.upkeep') as unknown as { run(): Promise<unknown> }).run();
    await strapi.destroy();
    process.stdout.write('READY\n', () => process.exit(0));
    return;
  }
  // The investor area's types: Strapi's default controller and service of each, as it would make them (ours are the
  // spec's calls, and a type's own service may have no `find`). The steps of the core controller's `find`, on the
  // core service.
  const coreFinds = STOCK_FINDS.map(([routePath, uid]) => {
    const controller = factories.createCoreController(uid as never)({ strapi }) as unknown as StockController;
    const service = (
      factories.createCoreService(uid as never) as unknown as (deps: { strapi: unknown }) => StockService
    )({ strapi });
    const handler = async (ctx: unknown) => {
      await controller.validateQuery(ctx);
      const { results, pagination } = await service.find(await controller.sanitizeQuery(ctx));
      return controller.transformResponse(await controller.sanitizeOutput(results, ctx), { pagination });
    };
    return { method: 'GET', path: routePath, handler, config: { auth: { scope: [`${uid}.find`] } } };
  });
  const routes = [...STOCK_ROUTES, ...coreFinds];
  // The content API's router carries the /api prefix already.
  strapi.server.routes({ type: 'content-api', prefix: '', routes } as never);
  const token = (await strapi
    .service('admin::api-token')
    .create({ name: `bench-${process.pid}`, description: 'npm run bench', type: 'read-only', lifespan: null })) as {
    accessKey: string;
  };
  strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(Number(process.env.PORT), '127.0.0.1', resolve));
  process.stdout.write(`READY ${token.accessKey}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
