import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call } from './helpers/auth';
import { createPortal, setCreatedAt, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import { ASSETS_ITEM } from '../src/utils/uids';
/** Every field of a portfolio asset in answers (docs/api-public.md). */
const ASSET_FIELDS = [
  'id',
  'name',
  'url',
  'imageUrl',
  'smallImageUrl',
  'assetType',
  'fundName',
  'isExitedAsset',
  'soldInfoNote',
  'hasStar',
  'ownershipInfoString',
  'description',
  'createdAt',
].sort();

let app: TestApp;

async function createAsset(portal: TestPortal, data: Record<string, unknown>, createdAt: string) {
  const asset = await fixtureDocuments(app, ASSETS_ITEM).create({
    data: { ...data, portal: portal.documentId } as never,
  });
  await setCreatedAt(app, ASSETS_ITEM, asset.documentId, createdAt);
}

const portfolio = (query: string) => call(app, 'GET', `/api/contents/portfolio?${query}`);
const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

beforeAll(async () => {
  app = await useStrapi();
  const portalA = await createPortal(app, 'pf-a');
  const portalB = await createPortal(app, 'pf-b');
  const fund = await fixtureDocuments(app, 'api::fund.fund').create({ data: { name: 'PF Fund', url_slug: 'pf-fund' } });
  await createAsset(
    portalA,
    {
      name: 'Alpha',
      url: 'https://alpha.example',
      imageUrl: '/a.png',
      smallImageUrl: '/a-small.png',
      assetType: 'Stallion',
      fund: fund.documentId,
      fundAsString: 'Not this one',
      isExitedAsset: true,
      soldInfoNote: 'Sold 2025',
      hasStar: true,
      ownershipInfoString: '10%',
      description: '<p>Fast <strong>horse</strong></p>',
    },
    '2026-01-01T10:00:00Z',
  );
  await createAsset(portalA, { name: 'Beta', fundAsString: 'Pre-2020 Stallion Fund' }, '2026-01-03T10:00:00Z');
  await createAsset(portalA, { name: 'Gamma' }, '2026-01-02T10:00:00Z');
  await createAsset(portalB, { name: 'Other Portal Asset', fund: fund.documentId }, '2026-01-04T10:00:00Z');
});

describe('GET /api/contents/portfolio', () => {
  it("lists the portal's assets, newest first, with the contract's fields and the total", async () => {
    const { status, body } = await portfolio('portal=pf-a');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(body.total).toBe(3);
    for (const item of body.items) expect(Object.keys(item).sort(), item.name).toEqual(ASSET_FIELDS);
    expect(body.items[2]).toMatchObject({
      name: 'Alpha',
      url: 'https://alpha.example',
      imageUrl: '/a.png',
      smallImageUrl: '/a-small.png',
      assetType: 'Stallion',
      isExitedAsset: true,
      soldInfoNote: 'Sold 2025',
      hasStar: true,
      ownershipInfoString: '10%',
      description: '<p>Fast <strong>horse</strong></p>',
    });
  });

  it("names the fund by the related fund's name, else by fundAsString, else null", async () => {
    const { body } = await portfolio('portal=pf-a');
    const fundOf = (name: string) => body.items.find((item: { name: string }) => item.name === name).fundName;
    expect(fundOf('Alpha')).toBe('PF Fund');
    expect(fundOf('Beta')).toBe('Pre-2020 Stallion Fund');
    expect(fundOf('Gamma')).toBeNull();
  });

  it('never shows another portal’s assets', async () => {
    expect(names((await portfolio('portal=pf-a')).body)).not.toContain('Other Portal Asset');
    const b = await portfolio('portal=pf-b');
    expect(b.body).toMatchObject({ total: 1, items: [{ name: 'Other Portal Asset', fundName: 'PF Fund' }] });
  });

  it('takes a limit of at most 999, the default', async () => {
    const limited = await portfolio('portal=pf-a&limit=2');
    expect(names(limited.body)).toEqual(['Beta', 'Gamma']);
    expect(limited.body.total).toBe(3);
    expect((await portfolio('portal=pf-a&limit=999')).body.items).toHaveLength(3);
    expect(await portfolio('portal=pf-a&limit=1000')).toMatchObject(refusal(400, 'limit must be from 1 to 999'));
  });

  it('answers 404 for an unknown portal and 400 for a bad query', async () => {
    expect(await portfolio('portal=no-such-portal')).toMatchObject(refusal(404, 'Portal not found'));
    const cases: [string, string][] = [
      ['portal=pf-a&limit=0', 'limit must be from 1 to 999'],
      ['portal=pf-a&limit=ten', 'limit must be a whole number'],
      ['portal[x]=pf-a', 'portal must be a string'],
    ];
    await expectBadRequests(cases, portfolio);
  });
});
