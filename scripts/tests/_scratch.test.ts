import { it, expect } from 'vitest';
import { withStrapi } from '../src/lib/strapi';
import { fundStatus } from '@portal/rules';
it('boots', async () => {
  process.env.DATABASE_FILENAME = '/tmp/explore/b.db';
  const n = await withStrapi(async (strapi) => strapi.db.query('admin::role').count({}));
  expect(n).toBe(3);
  expect(fundStatus({})).toBe('New');
});
