/** The scripts' intended output: one line to stdout. Kept in one place so stray debug output stands out. */
export function log(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** A problem the user must act on: one line to stderr. */
export function logError(line: string): void {
  process.stderr.write(`${line}\n`);
}
