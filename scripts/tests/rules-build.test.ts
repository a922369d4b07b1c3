import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRulesIfStale, ROOT_DIR } from '../src/lib/strapi';

/** A copy of the shared rules (sources and tsconfig), as a checkout has them before and after a `git pull`. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rules-'));
fs.cpSync(path.join(ROOT_DIR, 'rules', 'src'), path.join(dir, 'src'), { recursive: true });
fs.copyFileSync(path.join(ROOT_DIR, 'rules', 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const built = () => path.join(dir, 'dist', 'index.js');
const builtAt = () => fs.statSync(built()).mtimeMs;

describe('the shared rules at every start', () => {
  it('are compiled when never built, left alone when current, and compiled again after a pull changed a source', () => {
    buildRulesIfStale(dir);
    expect(fs.existsSync(built())).toBe(true);
    const first = builtAt();
    buildRulesIfStale(dir);
    expect(builtAt()).toBe(first);

    // A pull brings a newer rule, and a new file: the next start compiles both.
    const later = new Date(first + 5_000);
    fs.writeFileSync(path.join(dir, 'src', 'pulled.ts'), 'export const PULLED = 1;\n');
    fs.utimesSync(path.join(dir, 'src', 'money.ts'), later, later);
    buildRulesIfStale(dir);
    expect(fs.existsSync(path.join(dir, 'dist', 'pulled.js'))).toBe(true);
    expect(builtAt()).toBeGreaterThan(first);
  }, 60_000);
});
