import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PortalFileError, readPortalFile } from '../src/portal/spec';

const EXAMPLES = path.resolve(__dirname, '..', 'examples');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-spec-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `content` (an object is written as JSON) to a file in the temp folder and reads it back as a portal file. */
function read(content: unknown): ReturnType<typeof readPortalFile> {
  const file = path.join(dir, 'portal.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return readPortalFile(file, 'portal.json');
}

/** The problems a portal file is refused with. */
function problemsOf(content: unknown): string[] {
  try {
    read(content);
  } catch (error) {
    if (error instanceof PortalFileError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

const minimal = { slug: 'acme', name: 'Acme' };

describe('readPortalFile', () => {
  it('accepts the example file and resolves its logo and favicon next to it', () => {
    const spec = readPortalFile(path.join(EXAMPLES, 'portal.example.json'), 'portal.example.json');
    expect(spec).toMatchObject({
      slug: 'cedarline',
      name: 'Cedarline Ventures',
      logo: path.join(EXAMPLES, 'logo.png'),
      favicon: path.join(EXAMPLES, 'favicon.ico'),
    });
    expect(spec.contents?.length).toBeGreaterThan(0);
  });

  it('accepts a file with only slug and name', () => {
    expect(read(minimal)).toEqual(minimal);
  });

  it('names the field and the file in every problem', () => {
    expect(problemsOf({ ...minimal, primaryColor: 'blue' })).toEqual([
      'portal.json: "primaryColor" must be a colour like #1976D2',
    ]);
    expect(problemsOf({ ...minimal, portalColor: '#12345' })).toEqual([
      'portal.json: "portalColor" must be a colour like #1976D2',
    ]);
    expect(problemsOf({ name: 'Acme' })).toEqual(['portal.json: "slug" is required']);
    expect(problemsOf({ ...minimal, slug: 'Acme Capital' })[0]).toMatch(
      /^portal\.json: "slug" must be a slug of a-z, 0-9 and -/,
    );
    expect(problemsOf({ ...minimal, name: '' })).toEqual(['portal.json: "name" must be a non-empty string']);
    expect(problemsOf({ ...minimal, isDefault: 'yes' })).toEqual(['portal.json: "isDefault" must be true or false']);
    expect(problemsOf({ ...minimal, domains: 'acme.com' })[0]).toMatch(
      /^portal\.json: "domains" must be a list of host names/,
    );
    expect(problemsOf({ ...minimal, domains: ['https://acme.com'] })[0]).toMatch(
      /"domains" must be a list of host names/,
    );
    expect(problemsOf({ ...minimal, facebookUrl: 'facebook.com/acme' })[0]).toMatch(
      /"facebookUrl" must be a web address/,
    );
    expect(problemsOf({ ...minimal, primaryColour: '#fff' })[0]).toMatch(
      /^portal\.json: "primaryColour" is not a known field/,
    );
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ slug: 'a b', primaryColor: 'red', secondaryColor: '#abc' })).toHaveLength(3);
  });

  it('checks contents and team members item by item, and refuses repeated keys', () => {
    expect(problemsOf({ ...minimal, contents: [{ slug: 'a' }, { title: 'No slug' }, { slug: 'a', body: 5 }] })).toEqual(
      [
        'portal.json: "contents[1].slug" is required',
        'portal.json: "contents[2].body" must be a string',
        'portal.json: "contents[2].slug" repeats "a" of contents[0]',
      ],
    );
    expect(problemsOf({ ...minimal, contents: {} })).toEqual(['portal.json: "contents" must be a list']);
    expect(problemsOf({ ...minimal, teamMembers: [{ name: 'Ann' }, { name: 'Ann' }, 'Bob'] })).toEqual([
      'portal.json: "teamMembers[1].name" repeats "Ann" of teamMembers[0]',
      'portal.json: "teamMembers[2]" must be a JSON object',
    ]);
  });

  it('refuses a logo or favicon that is missing or not the right kind of image', () => {
    expect(problemsOf({ ...minimal, logo: 'missing.png' })).toEqual([
      `portal.json: "logo" names ${path.join(dir, 'missing.png')}, which does not exist or cannot be read`,
    ]);
    expect(problemsOf({ ...minimal, logo: path.join(EXAMPLES, 'favicon.ico') })).toEqual([
      'portal.json: "logo" must be a .png file, not favicon.ico',
    ]);
    fs.writeFileSync(path.join(dir, 'fake.png'), 'not a png');
    expect(problemsOf({ ...minimal, logo: 'fake.png' })).toEqual([
      `portal.json: "logo" names ${path.join(dir, 'fake.png')}, which is not a .png image`,
    ]);
    expect(problemsOf({ ...minimal, favicon: path.join(EXAMPLES, 'logo.png') })).toEqual([
      'portal.json: "favicon" must be a .ico file, not logo.png',
    ]);
  });

  it('refuses a file that is not JSON, not an object, or not there', () => {
    expect(problemsOf('{ slug: ')[0]).toMatch(/^portal\.json: is not valid JSON/);
    expect(problemsOf('[]')).toEqual(['portal.json: must hold a JSON object ({ "slug": ..., "name": ... })']);
    expect(() => readPortalFile(path.join(dir, 'nope.json'), 'nope.json')).toThrow(
      `nope.json: cannot be read (there is no ${path.join(dir, 'nope.json')})`,
    );
  });
});
