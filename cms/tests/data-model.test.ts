import { beforeAll, describe, expect, it } from 'vitest';
import { useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';

let app: TestApp;

beforeAll(async () => {
  app = await useStrapi();
});

describe('defaults', () => {
  it('gives funds, assets and users the specified defaults', async () => {
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Defaults Fund', url_slug: 'defaults-fund' },
    });
    expect(Number(fund.currentFundValuePercentage)).toBe(100);
    expect(Number(fund.currentPercentageTotalReturned)).toBe(0);

    const asset = await fixtureDocuments(app, 'api::assets-item.assets-item').create({ data: { name: 'Asset' } });
    expect(asset.isExitedAsset).toBe(false);
    expect(asset.hasStar).toBe(false);

    const item = await fixtureDocuments(app, 'api::blog-item.blog-item').create({ data: { title: 'Item' } });
    expect(item).toMatchObject({
      isPublished: false,
      displayOnHomepage: false,
      displayOnPortfolio: false,
      isFeatured: false,
    });

    const setting = await fixtureDocuments(app, 'api::setting.setting').create({
      data: { name: 'defaults-setting', value: 1 },
    });
    expect(setting).toMatchObject({ levelToRead: 'superadmin', levelToWrite: 'superadmin' });

    const user = await fixtureDocuments(app, 'plugin::users-permissions.user').create({
      data: { username: 'defaults@example.com', email: 'defaults@example.com', password: 'secret123' },
    });
    expect(user).toMatchObject({ level: 'user', isActive: false });
  });
});

describe('relations', () => {
  it('reaches funds and investments from a portal through the company', async () => {
    const portal = await fixtureDocuments(app, 'api::portal.portal').create({
      data: { name: 'Rel Portal', slug: 'rel-portal' },
    });
    const company = await fixtureDocuments(app, 'api::company.company').create({
      data: { name: 'Rel Co', portal: portal.documentId },
    });
    const fund = await fixtureDocuments(app, 'api::fund.fund').create({
      data: { name: 'Rel Fund', url_slug: 'rel-fund', company: company.documentId },
    });
    await fixtureDocuments(app, 'api::investment.investment').create({
      data: { name: 'Rel Investment', url_slug: 'rel-investment', company: company.documentId, fund: fund.documentId },
    });
    const found = await fixtureDocuments(app, 'api::investment.investment').findMany({
      filters: { fund: { company: { portal: { slug: 'rel-portal' } } } },
      populate: { fund: true },
    });
    expect(found.map((investment) => investment.name)).toEqual(['Rel Investment']);
    expect(found[0].fund?.name).toBe('Rel Fund');
  });
});

describe('uniqueness', () => {
  it('keeps content slugs unique inside a portal but not across portals', async () => {
    const portals = fixtureDocuments(app, 'api::portal.portal');
    const one = await portals.create({ data: { name: 'Uniq One', slug: 'uniq-one' } });
    const two = await portals.create({ data: { name: 'Uniq Two', slug: 'uniq-two' } });
    const contents = fixtureDocuments(app, 'api::content.content');
    await contents.create({ data: { slug: 'footer-terms', title: 'One', portal: one.documentId } });
    await expect(
      contents.create({ data: { slug: 'footer-terms', title: 'Again', portal: one.documentId } }),
    ).rejects.toThrow('A content item with slug "footer-terms" already exists in portal "uniq-one"');
    await contents.create({ data: { slug: 'footer-terms', title: 'Two', portal: two.documentId } });
    const stored = await contents.findMany({ filters: { slug: 'footer-terms' }, populate: { portal: true } });
    expect(stored.map((content) => `${content.portal?.slug}:${content.title}`).sort()).toEqual([
      'uniq-one:One',
      'uniq-two:Two',
    ]);
  });

  it('keeps one item when the same new slug is saved at the same moment', async () => {
    const portal = await fixtureDocuments(app, 'api::portal.portal').create({
      data: { name: 'Uniq Race', slug: 'uniq-race' },
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        fixtureDocuments(app, 'api::content.content').create({
          data: { slug: 'raced', title: `Attempt ${i}`, portal: portal.documentId },
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected')
        expect(String(attempt.reason)).toContain('already exists in portal "uniq-race"');
    }
    expect(
      await fixtureDocuments(app, 'api::content.content').count({
        filters: { slug: 'raced', portal: { slug: 'uniq-race' } },
      }),
    ).toBe(1);
  });

  it('rejects moving a content item onto a slug its portal already uses', async () => {
    const portal = await fixtureDocuments(app, 'api::portal.portal').create({
      data: { name: 'Uniq Move', slug: 'uniq-move' },
    });
    const contents = fixtureDocuments(app, 'api::content.content');
    await contents.create({ data: { slug: 'a', portal: portal.documentId } });
    const b = await contents.create({ data: { slug: 'b', portal: portal.documentId } });
    // Strapi's generated update input leaves out required attributes, though updating them is valid.
    const moveOnto = { slug: 'a' } as never;
    await expect(contents.update({ documentId: b.documentId, data: moveOnto })).rejects.toThrow('already exists');
    expect((await contents.findOne({ documentId: b.documentId }))?.slug).toBe('b');
  });

  it('keeps portal slugs and fund and investment url slugs unique', async () => {
    await fixtureDocuments(app, 'api::portal.portal').create({ data: { name: 'Dup', slug: 'dup-portal' } });
    await expect(
      fixtureDocuments(app, 'api::portal.portal').create({ data: { name: 'Dup 2', slug: 'dup-portal' } }),
    ).rejects.toThrow();
    await fixtureDocuments(app, 'api::fund.fund').create({ data: { name: 'F', url_slug: 'dup-fund' } });
    await expect(
      fixtureDocuments(app, 'api::fund.fund').create({ data: { name: 'F2', url_slug: 'dup-fund' } }),
    ).rejects.toThrow();
    await fixtureDocuments(app, 'api::investment.investment').create({ data: { name: 'I', url_slug: 'dup-inv' } });
    await expect(
      fixtureDocuments(app, 'api::investment.investment').create({ data: { name: 'I2', url_slug: 'dup-inv' } }),
    ).rejects.toThrow();
    expect(await fixtureDocuments(app, 'api::fund.fund').count({ filters: { url_slug: 'dup-fund' } })).toBe(1);
  });

  it('rejects a portal colour that is not a hex colour', async () => {
    await expect(
      fixtureDocuments(app, 'api::portal.portal').create({
        data: { name: 'Bad', slug: 'bad-colour', primaryColor: 'blue' },
      }),
    ).rejects.toThrow();
  });
});
