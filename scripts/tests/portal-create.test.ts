import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { CONTENT, PORTAL, TEAM_MEMBER } from '../src/lib/uids';
import { applyPortal } from '../src/portal/apply';
import type { PortalSpec } from '../src/portal/spec';
import { openStrapi, runAsNpmScript, runCli, useThrowAwayDatabase, type OpenStrapi } from './helpers';

const { dir } = useThrowAwayDatabase();
const EXAMPLES = path.resolve(__dirname, '..', 'examples');
const EXAMPLE = path.join(EXAMPLES, 'portal.example.json');
const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
// Logos go to a temporary web/public/portals, seeded with the site's default logo.
const assets = path.join(dir, 'portals');
const cliEnv = { PORTAL_ASSETS_DIR: assets };

beforeAll(() => {
  fs.mkdirSync(path.join(assets, 'default'), { recursive: true });
  fs.copyFileSync(path.join(EXAMPLES, 'logo.png'), path.join(assets, 'default', 'logo.png'));
});

/** Writes a portal file into its own folder of the temp dir and answers its path. */
function portalFile(name: string, content: unknown): string {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'portal.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

describe('the portal:create command', () => {
  it('creates the portal, its contents and team members, and copies logo and favicon', async () => {
    const { status, stdout, stderr } = await runCli(['src/portal-create.ts', '--file', EXAMPLE], cliEnv);
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('Portal "cedarline": created');
    expect(stdout).toContain('Content "footer-terms": created');
    expect(stdout).toContain('Team member "Rowan Hale": created');
    expect(fs.readFileSync(path.join(assets, 'cedarline', 'logo.png'))).toEqual(
      fs.readFileSync(path.join(EXAMPLES, 'logo.png')),
    );
    expect(fs.readFileSync(path.join(assets, 'cedarline', 'favicon.ico'))).toEqual(
      fs.readFileSync(path.join(EXAMPLES, 'favicon.ico')),
    );
  });

  it('updates the portal of the same slug when run again, taking a relative --file from where npm was run', async () => {
    const changed = {
      ...example,
      logo: undefined,
      favicon: undefined,
      primaryColor: '#AA3300',
      contents: [
        { slug: 'footer-terms', body: '<p>New footer</p>' },
        { slug: 'homepage-cta', title: 'Join us', body: '<p>Sign up</p>' },
      ],
    };
    const file = portalFile('again', changed);
    const { status, stdout, stderr } = await runAsNpmScript(
      ['src/portal-create.ts', '--file', 'portal.json'],
      path.dirname(file),
      cliEnv,
    );
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('Portal "cedarline": updated (primaryColor)');
    expect(stdout).toContain('Content "footer-terms": updated (body)');
    expect(stdout).toContain('Content "homepage-cta": created');
    expect(stdout).toContain('Team member "Rowan Hale": unchanged');
  });

  it('gives a new portal without a logo the default one, and says so', async () => {
    const { status, stdout, stderr } = await runCli(
      ['src/portal-create.ts', '--file', portalFile('plain', { slug: 'plain', name: 'Plain Portal' })],
      cliEnv,
    );
    expect(status, stderr).toBe(0);
    expect(stdout).toContain('no logo given: the default logo copied');
    expect(fs.existsSync(path.join(assets, 'plain', 'logo.png'))).toBe(true);
  });

  it.each([
    [
      'a bad colour',
      portalFile('bad-colour', {
        ...example,
        slug: 'bad-colour',
        logo: undefined,
        favicon: undefined,
        primaryColor: 'green',
      }),
      '"primaryColor" must be a colour like #1976D2',
    ],
    ['no slug', portalFile('no-slug', { name: 'No Slug Portal' }), '"slug" is required'],
    ['not JSON', portalFile('not-json', '{ "slug": "not-json", '), 'is not valid JSON'],
  ])('refuses a file with %s, naming the problem, before touching the database', async (_case, file, message) => {
    const { status, stderr } = await runCli(['src/portal-create.ts', '--file', file], cliEnv);
    expect(status).toBe(1);
    expect(stderr).toContain(`${file}: ${message}`);
  });

  it('explains its usage when --file is missing', async () => {
    const { status, stderr } = await runCli(['src/portal-create.ts'], cliEnv);
    expect(status).toBe(1);
    expect(stderr).toContain('Usage: npm run portal:create -- --file <portal.json>');
  });
});

describe('what ends up in the database', () => {
  let app: OpenStrapi;
  beforeAll(async () => {
    app = await openStrapi();
  });
  afterAll(() => app?.close());

  const portalsNamed = (slug: string) => app.strapi.documents(PORTAL).findMany({ filters: { slug: { $eq: slug } } });
  const contentsOf = (slug: string) =>
    app.strapi.documents(CONTENT).findMany({ filters: { portal: { slug: { $eq: slug } } }, sort: 'slug' });
  const membersOf = (slug: string) =>
    app.strapi.documents(TEAM_MEMBER).findMany({ filters: { portal: { slug: { $eq: slug } } }, sort: 'sortOrder' });

  it('holds one portal per slug with the contents of both runs, and nothing from the refused files', async () => {
    const portals = await portalsNamed('cedarline');
    expect(portals).toHaveLength(1);
    expect(portals[0]).toMatchObject({
      name: 'Cedarline Ventures',
      primaryColor: '#AA3300',
      domains: example.domains,
      isDefault: false,
    });
    const contents = await contentsOf('cedarline');
    expect(contents.map((content) => content.slug)).toEqual([
      'footer-terms',
      'homepage-cta',
      'homepage-hero',
      'homepage-intro',
      'privacy-policy',
      'terms-of-use',
    ]);
    expect(contents.find((content) => content.slug === 'footer-terms')).toMatchObject({
      title: 'Footer terms',
      body: '<p>New footer</p>',
    });
    expect((await membersOf('cedarline')).map((member) => member.name)).toEqual(['Rowan Hale', 'June Park']);

    expect(await portalsNamed('bad-colour')).toEqual([]);
    expect(await portalsNamed('not-json')).toEqual([]);
    expect(await app.strapi.documents(PORTAL).count({ filters: { name: { $eq: 'No Slug Portal' } } })).toBe(0);
  });

  it('makes a portal the default by unsetting the others in the same write', async () => {
    await applyPortal(app.strapi, { slug: 'first-default', name: 'First Default', isDefault: true });
    const changes = await applyPortal(app.strapi, { slug: 'second-default', name: 'Second Default', isDefault: true });
    expect(changes.undefaulted).toEqual(['first-default']);
    const defaults = await app.strapi.documents(PORTAL).findMany({ filters: { isDefault: { $eq: true } } });
    expect(defaults.map((portal) => portal.slug)).toEqual(['second-default']);
  });

  it('writes nothing at all when the CMS rejects an item in the middle', async () => {
    // The file check would stop a nameless team member; handing one straight to the writer makes the CMS itself
    // refuse it after the portal and its contents were written, which must roll them back.
    const nameless = { name: null } as unknown as { name: string };
    const broken: PortalSpec = {
      slug: 'half-written',
      name: 'Half Written',
      isDefault: true,
      contents: [{ slug: 'footer-terms', body: '<p>x</p>' }],
      teamMembers: [{ name: 'Fine Person' }, nameless],
    };
    await expect(applyPortal(app.strapi, broken)).rejects.toThrow(/name must be a `string` type/);
    expect(await portalsNamed('half-written')).toEqual([]);
    expect(await contentsOf('half-written')).toEqual([]);
    expect(await app.strapi.documents(TEAM_MEMBER).count({ filters: { name: { $eq: 'Fine Person' } } })).toBe(0);
    expect((await portalsNamed('second-default'))[0]?.isDefault).toBe(true);

    // The same for an update of an existing portal: it keeps every old value.
    await expect(
      applyPortal(app.strapi, {
        ...broken,
        slug: 'cedarline',
        name: 'Renamed',
        contents: [{ slug: 'footer-terms', body: '<p>Lost</p>' }],
      }),
    ).rejects.toThrow();
    expect((await portalsNamed('cedarline'))[0]).toMatchObject({ name: 'Cedarline Ventures', isDefault: false });
    expect((await contentsOf('cedarline')).find((content) => content.slug === 'footer-terms')?.body).toBe(
      '<p>New footer</p>',
    );
    expect(await app.strapi.documents(CONTENT).count({ filters: { portal: { slug: { $eq: 'cedarline' } } } })).toBe(6);
  });
});
