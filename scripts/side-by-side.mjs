// Runs commands at the same time: the first prints as it goes, the others into files printed once all have ended, so
// no two outputs interleave. Used by the test runners (the root `npm test`, cms/tests/run.mjs) on CI's two cores.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs each job side by side and answers the first non-zero exit code (0 when all passed), after every job has
 * ended. A job is one command ({label, command, args, env}) or a lane of them ({label, steps: [command, ...]}) run one
 * after another into the same output, stopping at the first that fails.
 */
export async function sideBySide(jobs) {
  const runs = jobs.map(async (job, index) => {
    const log =
      index === 0 ? null : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-side-by-side-')), 'output.log');
    console.log(`\n${job.label}${log ? ' (alongside; its output follows at the end)' : ''}`);
    const output = log ? fs.openSync(log, 'w') : 'inherit';
    let code = 0;
    for (const step of job.steps ?? [job]) {
      if (job.steps) write(output, `\n${step.label}\n`);
      code = await run(step, output);
      if (code !== 0) break;
    }
    return { label: job.label, code, log };
  });
  const ended = await Promise.all(runs);
  for (const { label, log } of ended.filter((each) => each.log)) {
    console.log(`\n${label}:`);
    process.stdout.write(fs.readFileSync(log));
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
  return ended.find((each) => each.code !== 0)?.code ?? 0;
}

/** Runs one command with its output to `output` (a file descriptor, or 'inherit'), answering its exit code. */
function run({ command, args, env }, output) {
  const child = spawn(command, args, { stdio: ['ignore', output, output], env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

function write(output, text) {
  if (output === 'inherit') process.stdout.write(text);
  else fs.writeSync(output, text);
}
