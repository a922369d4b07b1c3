import { COLLECTIONS } from '../collections';

/**
 * The generic collection calls of spec 02, section 7, for every collection of the table (collections.ts), under the
 * spec's name and Strapi's plural form (`synd_users`, `synd-users`). Reads go through the scope middleware, which
 * decides who reads which rows; writes are closed. Names not in the table are answered by the global
 * unknown-collection middleware.
 */
const routesOf = (name: string) => {
  const read = (handler: string, path: string) => ({
    method: 'GET',
    path,
    handler: `api::collection.collection.${handler}`,
    config: { auth: false, middlewares: [{ name: 'api::collection.scope', config: { collection: name } }] },
  });
  const closed = (method: string, path: string, handler = 'write') => ({
    method,
    path,
    handler: `api::collection.collection.${handler}`,
    config: { auth: false, middlewares: ['global::session'] },
  });
  return [
    read('list', `/${name}`),
    read('findOne', `/${name}/:id`),
    closed('POST', `/${name}`),
    closed('PUT', `/${name}/:id`),
    closed('DELETE', `/${name}/:id`),
    closed('PUT', `/${name}`, 'missingId'),
    closed('DELETE', `/${name}`, 'missingId'),
  ];
};

const names = Object.keys(COLLECTIONS).flatMap((name) => [...new Set([name, name.replace(/_/g, '-')])]);

export default { routes: names.flatMap(routesOf) };
