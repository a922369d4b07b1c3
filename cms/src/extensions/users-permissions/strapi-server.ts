interface Route {
  method: string;
  path: string;
}

/** The plugin as its strapi-server extension receives it; only the routes are touched here. */
interface UsersPermissionsPlugin {
  routes: Record<string, { routes: Route[] }>;
}

/**
 * Our PUT /api/users/:id (api/profile) must be the only route of that path. The plugin serves one too, on the same
 * /api prefix; Strapi registers the app's routes before the plugins', so ours would answer first anyway, but
 * removing the plugin's makes that independent of the order (role-permissions.ts keeps the plugin's other routes
 * closed).
 */
export default (plugin: UsersPermissionsPlugin): UsersPermissionsPlugin => {
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = contentApi.routes.filter((route) => !(route.method === 'PUT' && route.path === '/users/:id'));
  return plugin;
};
