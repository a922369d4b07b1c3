// Runs commands at the same time: the first prints as it goes, the others into files printed once all have ended, so
// no two outputs interleave. Used by the test runners (the root `npm test`, cms/tests/run.mjs) on CI's two cores.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs each job ({label, command, args, env}) side by side and answers the first non-zero exit code (0 when all
 * passed), after every job has ended.
 */
export async function sideBySide(jobs) {
  const runs = jobs.map((job, index) => {
    const log = index === 0 ? null : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-side-by-side-')), 'output.log');
    console.log(`\n${job.label}${log ? ' (alongside; its output follows at the end)' : ''}`);
    const output = log ? fs.openSync(log, 'w') : 'inherit';
    const child = spawn(job.command, job.args, { stdio: ['ignore', output, output], env: { ...process.env, ...job.env } });
    return new Promise((resolve) => child.on('exit', (code) => resolve({ label: job.label, code: code ?? 1, log })));
  });
  const ended = await Promise.all(runs);
  for (const { label, log } of ended.filter((each) => each.log)) {
    console.log(`\n${label}:`);
    process.stdout.write(fs.readFileSync(log));
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
  return ended.find((each) => each.code !== 0)?.code ?? 0;
}
