import path from 'node:path';

/**
 * The folder after `name` on the command line, resolved from where the user ran npm (INIT_CWD), or an error that
 * shows the usage.
 */
export function folderArgument(args: string[], name: string, usage: string): string {
  const index = args.indexOf(name);
  const value = index >= 0 ? args[index + 1] : undefined;
  if (!value || value.startsWith('--')) throw new Error(`Name the folder: ${usage}`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}
