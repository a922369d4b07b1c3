import fs from 'node:fs';
import path from 'node:path';
import { isHostName, isTimeZone } from '@portal/rules';

export interface PortalContentSpec {
  slug: string;
  title?: string;
  body?: string;
}

export interface TeamMemberSpec {
  name: string;
  position?: string;
  bio?: string;
  imageUrl?: string;
}

/** A portal file, checked; logo and favicon are absolute paths of files that exist. */
export interface PortalSpec {
  slug: string;
  name: string;
  pageTitle?: string;
  isDefault?: boolean;
  domains?: string[];
  portalColor?: string;
  primaryColor?: string;
  secondaryColor?: string;
  facebookUrl?: string;
  instagramUrl?: string;
  youtubeUrl?: string;
  twitterUrl?: string;
  signInUrl?: string;
  signUpUrl?: string;
  educationLabel?: string;
  /** The sponsor's calendar: an IANA zone name (America/Chicago); dates show as days there. */
  timeZone?: string;
  contents?: PortalContentSpec[];
  teamMembers?: TeamMemberSpec[];
  logo?: string;
  favicon?: string;
}

/** Everything wrong with a portal file, one line per problem, each naming the file and the field. */
export class PortalFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Answers what is wrong with a value, or null when it is fine. */
type Check = (value: unknown) => string | null;

const COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const SLUG = /^[a-z0-9-]+$/;

const text: Check = (value) => (typeof value === 'string' ? null : 'must be a string');
const filled: Check = (value) => (typeof value === 'string' && value.trim() ? null : 'must be a non-empty string');
const flag: Check = (value) => (typeof value === 'boolean' ? null : 'must be true or false');
const colour: Check = (value) =>
  typeof value === 'string' && COLOUR.test(value) ? null : 'must be a colour like #1976D2';
const slug: Check = (value) =>
  typeof value === 'string' && SLUG.test(value) ? null : 'must be a slug of a-z, 0-9 and - (like "oak-harbor")';
const contentSlug: Check = (value) =>
  typeof value === 'string' && /^\S+$/.test(value) ? null : 'must be a slug without spaces (like "footer-terms")';
const webUrl: Check = (value) =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value)
    ? null
    : 'must be a web address starting with http:// or https://';
const urlOrPath: Check = (value) =>
  typeof value === 'string' && /^(https?:\/\/|\/)\S*$/.test(value)
    ? null
    : 'must be a web address or a path starting with /';
const hosts: Check = (value) =>
  Array.isArray(value) && value.every(isHostName)
    ? null
    : 'must be a list of host names like ["example.com", "www.example.com"]';

const PORTAL_FIELDS: Record<string, Check> = {
  slug,
  name: filled,
  pageTitle: text,
  isDefault: flag,
  domains: hosts,
  portalColor: colour,
  primaryColor: colour,
  secondaryColor: colour,
  facebookUrl: webUrl,
  instagramUrl: webUrl,
  youtubeUrl: webUrl,
  twitterUrl: webUrl,
  signInUrl: urlOrPath,
  signUpUrl: urlOrPath,
  educationLabel: filled,
  timeZone: (value) => (isTimeZone(value) ? null : 'must be an IANA time zone name like "America/New_York"'),
  // Lists of objects and paths of files: checked in full by readPortalFile.
  contents: () => null,
  teamMembers: () => null,
  logo: filled,
  favicon: filled,
};
const CONTENT_FIELDS: Record<string, Check> = { slug: contentSlug, title: text, body: text };
const MEMBER_FIELDS: Record<string, Check> = { name: filled, position: text, bio: text, imageUrl: text };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of one object against its field checks: unknown fields, missing required ones, bad values. */
function objectProblems(
  fields: Record<string, unknown>,
  where: string,
  checks: Record<string, Check>,
  required: string[],
): string[] {
  const field = (name: string) => `"${where ? `${where}.` : ''}${name}"`;
  const problems = required.filter((name) => fields[name] === undefined).map((name) => `${field(name)} is required`);
  for (const [name, fieldValue] of Object.entries(fields)) {
    const check = checks[name];
    if (!check) problems.push(`${field(name)} is not a known field (known: ${Object.keys(checks).join(', ')})`);
    else if (fieldValue !== undefined) {
      const problem = check(fieldValue);
      if (problem) problems.push(`${field(name)} ${problem}`);
    }
  }
  return problems;
}

/** Problems of a list of objects, including two items with the same natural key. */
function listProblems(value: unknown, where: string, checks: Record<string, Check>, keyField: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [`"${where}" must be a list`];
  const seen = new Map<unknown, number>();
  return value.flatMap((item, index) => {
    if (!isObject(item)) return [`"${where}[${index}]" must be a JSON object`];
    const problems = objectProblems(item, `${where}[${index}]`, checks, [keyField]);
    const key = item[keyField];
    if (typeof key === 'string' && seen.has(key))
      problems.push(`"${where}[${index}].${keyField}" repeats "${key}" of ${where}[${seen.get(key)}]`);
    else seen.set(key, index);
    return problems;
  });
}

/** The problem with a file a field names, or null; `signature` is how the file must start. */
function fileProblem(file: string, field: string, extension: string, signature: Buffer): string | null {
  if (!file.toLowerCase().endsWith(extension))
    return `"${field}" must be a ${extension} file, not ${path.basename(file)}`;
  let content: Buffer;
  try {
    content = fs.readFileSync(file);
  } catch {
    return `"${field}" names ${file}, which does not exist or cannot be read`;
  }
  return content.subarray(0, signature.length).equals(signature)
    ? null
    : `"${field}" names ${file}, which is not a ${extension} image`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ICO_SIGNATURE = Buffer.from([0x00, 0x00, 0x01, 0x00]);

/**
 * Reads and checks a portal file. `label` is how the file is named in messages; logo and favicon paths are taken
 * relative to the file's own folder. Throws a PortalFileError listing every problem; nothing is written here.
 */
export function readPortalFile(file: string, label: string): PortalSpec {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PortalFileError([
      `${label}: cannot be read (${code === 'ENOENT' ? `there is no ${file}` : String(code ?? error)})`,
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new PortalFileError([`${label}: is not valid JSON (${(error as Error).message})`]);
  }
  if (!isObject(parsed))
    throw new PortalFileError([`${label}: must hold a JSON object ({ "slug": ..., "name": ... })`]);
  const problems = [
    ...objectProblems(parsed, '', PORTAL_FIELDS, ['slug', 'name']),
    ...listProblems(parsed.contents, 'contents', CONTENT_FIELDS, 'slug'),
    ...listProblems(parsed.teamMembers, 'teamMembers', MEMBER_FIELDS, 'name'),
  ];
  const folder = path.dirname(file);
  for (const [field, extension, signature] of [
    ['logo', '.png', PNG_SIGNATURE],
    ['favicon', '.ico', ICO_SIGNATURE],
  ] as const) {
    const given = parsed[field];
    if (typeof given !== 'string' || !given.trim()) continue;
    const resolved = path.resolve(folder, given);
    parsed[field] = resolved;
    const problem = fileProblem(resolved, field, extension, signature);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new PortalFileError(problems.map((problem) => `${label}: ${problem}`));
  // Every field was checked against PortalSpec above.
  return parsed as unknown as PortalSpec;
}
