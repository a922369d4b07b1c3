import path from 'node:path';

/** What Strapi hands its admin bundler's settings in as (Vite's config; its aliases an object of names to paths). */
interface AdminViteConfig {
  resolve?: { alias?: Record<string, string> };
}

/**
 * The admin panel's bundler settings beside Strapi's own (Strapi loads this file for `strapi build` and `develop`):
 * the desk's pages read the shared rules (the contracts' constants, a refusal's words) from source, as the site does
 * (web/vite.config.ts): rules/dist is CommonJS for the server, which Vite does not convert in a linked workspace.
 */
export default (config: AdminViteConfig): AdminViteConfig => ({
  ...config,
  resolve: {
    ...config.resolve,
    alias: {
      ...config.resolve?.alias,
      '@portal/rules': path.resolve(__dirname, '..', '..', '..', 'rules', 'src', 'index.ts'),
    },
  },
});
