import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { parseEnv } from './src/config/parse-env.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ mode }) => ({
  // The same validation as at start-up, so a bad base path fails the build instead of the browser.
  base: parseEnv(loadEnv(mode, here('.'), 'VITE_')).basePath,
  plugins: [react()],
  resolve: {
    alias: {
      '@/': here('./src/'),
      // The package's main is a CommonJS build for the CMS; the site bundles the TypeScript source.
      '@portal/rules': here('../rules/src/index.ts'),
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['src/testing/setup.ts'],
    unstubGlobals: true,
    restoreMocks: true,
  },
}));
