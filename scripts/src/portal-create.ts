/**
 * `npm run portal:create -- --file portal.json`: creates a portal (or updates the one with the same slug) with its
 * contents and team members, from a JSON file checked in full before anything is written. See
 * scripts/examples/portal.example.json. Exits 1 with one line per problem when the file is wrong.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, logError } from './lib/log';
import { describeDatabase, withStrapi } from './lib/strapi';
import { applyPortal, type Written } from './portal/apply';
import { installPortalFiles, portalAssetsDir } from './portal/files';
import { PortalFileError, readPortalFile } from './portal/spec';

const USAGE = 'Usage: npm run portal:create -- --file <portal.json>';

function describe(kind: string, written: Written): string {
  const fields = written.change === 'updated' ? ` (${written.fields.join(', ')})` : '';
  return `${kind} "${written.key}": ${written.change}${fields}`;
}

async function main(): Promise<void> {
  let file: string | undefined;
  try {
    file = parseArgs({ options: { file: { type: 'string' } } }).values.file;
  } catch (error) {
    throw new PortalFileError([(error as Error).message, USAGE]);
  }
  if (!file) throw new PortalFileError([USAGE]);
  // npm runs the script in scripts/; a relative path means relative to where the user typed the command.
  const spec = readPortalFile(path.resolve(process.env.INIT_CWD || process.cwd(), file), file);

  log(`Writing portal "${spec.slug}" to ${describeDatabase()}`);
  const changes = await withStrapi((strapi) => applyPortal(strapi, spec)).catch((error: unknown) => {
    throw new Error(`nothing was written: ${error instanceof Error ? error.message : String(error)}`);
  });
  log(describe('Portal', changes.portal));
  for (const slug of changes.undefaulted) log(`Portal "${slug}": no longer the default`);
  for (const content of changes.contents) log(describe('  Content', content));
  for (const member of changes.teamMembers) log(describe('  Team member', member));
  for (const line of installPortalFiles(spec, portalAssetsDir())) log(line);
}

main().catch((error: unknown) => {
  if (error instanceof PortalFileError) {
    for (const problem of error.problems) logError(problem);
  } else {
    logError(`portal:create failed, ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
});
