/**
 * One CMS for the benchmark, on the throw-away database env names: compiles and boots Strapi, seeds the demo data,
 * adds Strapi's stock REST routes for the rows the site reads (this process only, never the product's routes) and a
 * read-only API token for them (this database only), listens on PORT and prints `READY <token>` once it answers.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { seed } from '../../scripts/src/seed/index';
import { removeStaleCompiledCms } from '../../scripts/src/lib/strapi';

const { compileStrapi, createStrapi, factories } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');
const CMS_DIR = path.resolve(__dirname, '..', '..', 'cms');

/** The stock routes, under /api/stock/, each Strapi's own controller action. */
const STOCK_ROUTES = [
  ['/stock/portals', 'api::portal.portal.find'],
  ['/stock/contents', 'api::content.content.find'],
  ['/stock/blog-items', 'api::blog-item.blog-item.find'],
  ['/stock/assets-items', 'api::assets-item.assets-item.find'],
  ['/stock/users/:id', 'plugin::users-permissions.user.findOne'],
].map(([routePath, handler]) => ({ method: 'GET', path: routePath, handler, config: { auth: { scope: [handler] } } }));

async function main() {
  removeStaleCompiledCms();
  const context = await compileStrapi({ appDir: CMS_DIR });
  const strapi = await createStrapi({ ...context, autoReload: false, serveAdminPanel: false }).load();
  await seed(strapi, { password: process.env.SEED_PASSWORD ?? 'DemoPass2026!', now: new Date() });
  // Syndication users have no controller of their own (every call is ours): Strapi's default one, as it would make.
  const syndUsers = factories.createCoreController('api::synd-user.synd-user')({ strapi }) as unknown as { find(ctx: unknown): Promise<unknown> };
  const routes = [
    ...STOCK_ROUTES,
    { method: 'GET', path: '/stock/synd-users', handler: (ctx: unknown) => syndUsers.find(ctx), config: { auth: { scope: ['api::synd-user.synd-user.find'] } } },
  ];
  // The content API's router carries the /api prefix already.
  strapi.server.routes({ type: 'content-api', prefix: '', routes } as never);
  const token = (await strapi.service('admin::api-token').create({ name: 'bench', description: 'npm run bench', type: 'read-only', lifespan: null })) as { accessKey: string };
  strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(Number(process.env.PORT), '127.0.0.1', resolve));
  process.stdout.write(`READY ${token.accessKey}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
