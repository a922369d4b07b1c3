import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from './helpers/auth';
import { createInvestor, createOffering, signAsInvestor, type Investor, type Offering } from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';

/**
 * The local signer's list of agreements waiting for management (docs/signing.md): an admin of the portal pages the
 * agreements its investors (and spouses) have all signed, oldest signature first, with the total.
 */
let app: TestApp;

beforeAll(async () => {
  app = await useStrapi();
});

describe('the list of agreements waiting for management', () => {
  let queue: Offering;
  let queueAdmin: { authCode: string };
  const signers: Investor[] = [];

  const page = (query: string) =>
    call(app, 'GET', `/api/syndication/countersign${query}`, undefined, { authCode: queueAdmin.authCode });

  beforeAll(async () => {
    queue = await createOffering(app, 'sign-queue');
    queueAdmin = await signedInUser(app, 'sign-queue-admin', 'admin', queue.portal);
    for (const name of ['first', 'second', 'third']) {
      const who = await createInvestor(app, queue, `sign-queue-${name}`, { spouse: false });
      await signAsInvestor(app, who, 'Queue Investor');
      signers.push(who);
    }
    // Signed by the investor but not yet by the spouse who must sign too: not waiting for management.
    await signAsInvestor(app, await createInvestor(app, queue, 'sign-queue-spouse'), 'Queue Investor');
    // Committed, not signed.
    await createInvestor(app, queue, 'sign-queue-unsigned', { spouse: false });
  });

  it('pages the portal’s waiting agreements, oldest signature first, with the total', async () => {
    const first = await page('?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { investor: { email: string } }) => item.investor.email)).toEqual([
      signers[0].email,
      signers[1].email,
    ]);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 2, total: 3 });
    const second = await page('?page=2&pageSize=2');
    expect(second.body.items.map((item: { investor: { email: string } }) => item.investor.email)).toEqual([
      signers[2].email,
    ]);
    const all = await page('');
    expect(all.body.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });
    expect(all.body.items[0]).toMatchObject({
      invest_amount: 50_000,
      investment: { name: 'sign-queue Deal' },
      signedAt: expect.any(String),
    });
  });

  it('refuses a page that is not one', async () => {
    expect(await page('?pageSize=0')).toMatchObject({
      status: 400,
      body: { error: { message: 'pageSize must be from 1 to 100' } },
    });
    expect(await page('?pageSize=101')).toMatchObject({
      status: 400,
      body: { error: { message: 'pageSize must be from 1 to 100' } },
    });
    expect(await page('?page=two')).toMatchObject({
      status: 400,
      body: { error: { message: 'page must be a whole number' } },
    });
  });
});
