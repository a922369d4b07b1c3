import { beforeAll, describe, expect, it } from 'vitest';
import { ASSETS_ITEM, BLOG_ITEM, CONTENT, PORTAL, TEAM_MEMBER } from '../src/lib/uids';
import fs from 'node:fs';
import path from 'node:path';
import { seed, type SeedReport } from '../src/seed/index';
import {
  countOf,
  documents,
  inPortal,
  libraryFiles,
  openSeeded,
  PASSWORD,
  type Row,
  useSeededDatabase,
} from './seed-world';
import { SEED_IMAGES_DIR } from '../src/seed/media';
import { runCli, type OpenStrapi } from './helpers';

/**
 * The demo seed's pictures and a second run (src/seed): each picture uploaded once to the media library and pointed
 * at by its records; run again, it creates nothing, keeps what staff changed, reuses the pictures, and does what
 * `npm run seed` does.
 */
const { uploadsDir } = useSeededDatabase();
let app: OpenStrapi;
let first: SeedReport;

beforeAll(async () => ({ app, first } = await openSeeded()));

describe('pictures', () => {
  it('uploads each seed picture once to the media library, where the local provider stores it', async () => {
    const files = await libraryFiles();
    const shipped = fs.readdirSync(SEED_IMAGES_DIR).filter((file) => file.endsWith('.jpg'));
    expect(files.map((file) => file.name).sort()).toEqual(shipped.sort());
    for (const file of files) {
      expect(file).toMatchObject({
        mime: 'image/jpeg',
        provider: 'local',
        url: expect.stringMatching(/^\/uploads\/[\w-]+\.jpg$/),
      });
      // A JPEG (the plugin may re-encode it smaller) in the upload folder the CMS serves /uploads from.
      const stored = fs.readFileSync(path.join(uploadsDir, path.basename(file.url)));
      expect(stored.subarray(0, 2).toString('hex'), file.name).toBe('ffd8');
      expect(file.width).toBeGreaterThan(0);
    }
  });

  it('points portfolio, team and education records at the uploaded files', async () => {
    const urls = new Set((await libraryFiles()).map((file) => file.url));
    for (const uid of [ASSETS_ITEM, TEAM_MEMBER, BLOG_ITEM]) {
      const rows: Row[] = await documents(uid).findMany({ limit: 1000 });
      const pictured = rows.filter((row) => row.imageUrl);
      expect(pictured.length, uid).toBeGreaterThan(rows.length / 2);
      for (const row of pictured) expect(urls, `${uid} ${row.name ?? row.title}`).toContain(row.imageUrl);
      // Some records have no picture on purpose: the site shows its placeholder for them.
      expect(
        rows.some((row) => !row.imageUrl),
        uid,
      ).toBe(true);
    }
    const harborPoint: Row | null = await documents(ASSETS_ITEM).findFirst({
      filters: { name: { $eq: 'Harbor Point Apartments' } },
    });
    const apartments = (await libraryFiles()).find((file) => file.name === 'oak-apartments.jpg');
    expect(harborPoint?.imageUrl).toBe(apartments?.url);
  });
});

describe('running it again', () => {
  it('creates nothing, skips everything, and keeps what staff changed in between', async () => {
    const portal = await documents(PORTAL).findFirst({ filters: { slug: { $eq: 'oakharbor' } } });
    await documents(PORTAL).update({
      documentId: portal!.documentId,
      data: { name: 'Oak Harbor (edited)', primaryColor: '#000000' },
    });
    const footer = await documents(CONTENT).findFirst({
      filters: { slug: { $eq: 'footer-terms' }, ...inPortal('wasabistallions') },
    });
    await documents(CONTENT).update({ documentId: footer!.documentId, data: { body: '<p>Edited by staff</p>' } });

    const filesBefore = await libraryFiles();
    const storedBefore = fs.readdirSync(uploadsDir).sort();

    const second = await seed(app.strapi, { password: PASSWORD, now: new Date() });
    expect(second.counts.map(({ uid, created, skipped }) => ({ uid, created, skipped }))).toEqual(
      first.counts.map(({ uid, created }) => ({ uid, created: 0, skipped: created })),
    );
    expect(second.accounts.every((account) => !account.created && account.passwordWorks)).toBe(true);
    expect(await documents(PORTAL).findOne({ documentId: portal!.documentId })).toMatchObject({
      name: 'Oak Harbor (edited)',
      primaryColor: '#000000',
    });
    expect((await documents(CONTENT).findOne({ documentId: footer!.documentId }))?.body).toBe('<p>Edited by staff</p>');
    expect(await documents(PORTAL).count({})).toBe(2);
    expect(await libraryFiles()).toEqual(filesBefore);
    expect(fs.readdirSync(uploadsDir).sort()).toEqual(storedBefore);
  });

  it('gives a record it creates again the picture already in the media library, without a second copy', async () => {
    const asset = await documents(ASSETS_ITEM).findFirst({ filters: { name: { $eq: 'Bayside Medical Offices' } } });
    await documents(ASSETS_ITEM).delete({ documentId: asset!.documentId });
    const filesBefore = await libraryFiles();

    const third = await seed(app.strapi, { password: PASSWORD, now: new Date() });
    expect(countOf(third, ASSETS_ITEM)).toMatchObject({ created: 1 });
    expect(await libraryFiles()).toEqual(filesBefore);
    const again: Row | null = await documents(ASSETS_ITEM).findFirst({
      filters: { name: { $eq: 'Bayside Medical Offices' } },
    });
    expect(again?.imageUrl).toBe(filesBefore.find((file) => file.name === 'oak-offices.jpg')?.url);
  });

  it('does the same as the real `npm run seed` command, which prints the counts and the demo accounts', async () => {
    await app.close();
    const { status, stdout, stderr } = await runCli(['src/seed.ts'], { SEED_PASSWORD: PASSWORD });
    expect(status, stderr).toBe(0);
    const total = first.counts.reduce((sum, count) => sum + count.created, 0);
    expect(stdout).toMatch(new RegExp(`Total\\s+0\\s+${total}\\n`));
    expect(stdout).toMatch(/Portal\s+0\s+2\n/);
    expect(stdout).toMatch(/investor\.spouse@wasabistallions\.com\s+user\s+wasabistallions, password TestSeed2026!/);
    expect(stdout).toMatch(/editor@portal\.local\s+strapi-editor\s+password TestSeed2026!/);
  });
});
