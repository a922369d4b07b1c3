import type { TestApp } from './strapi';

interface Layer {
  methods: string[];
  path: string;
}

/** Every route the running CMS serves under /api, as `{ method, path }` (HEAD, which koa adds to GET, left out). */
export function apiRoutes(app: TestApp): { method: string; path: string }[] {
  const layers = (app.strapi.server as unknown as { listRoutes(): Layer[] }).listRoutes();
  const routes = layers
    .filter((layer) => layer.path.startsWith('/api/'))
    .flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: layer.path })),
    );
  return [...new Map(routes.map((route) => [`${route.method} ${route.path}`, route])).values()];
}
