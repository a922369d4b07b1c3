import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF, as poppler's pdftotext reads it. */
export async function textOf(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-text-'));
  try {
    fs.writeFileSync(path.join(dir, 'document.pdf'), pdf);
    return (await run('pdftotext', ['-layout', 'document.pdf', '-'], { cwd: dir })).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
