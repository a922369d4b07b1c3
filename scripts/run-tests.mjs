// `npm test`: every test of every workspace, in stages; within a stage, what does not share files runs side by side
// on CI's two cores. A failed stage stops the run.
import { sideBySide } from './side-by-side.mjs';

const npm = (label, ...args) => ({ label, command: 'npm', args });
const stages = [
  [npm('Type checks: the CMS', 'run', 'typecheck', '-w', 'cms'), npm('Type checks: the other workspaces', 'run', 'typecheck', '-w', 'rules', '-w', 'web', '-w', 'scripts', '-w', 'e2e', '-w', 'bench')],
  [npm('Shared rules tests', 'run', 'test', '-w', 'rules')],
  // The CMS's two passes take both cores between them (the site's tests beside them made the stage longer, not shorter).
  [npm('CMS tests', 'run', 'test', '-w', 'cms')],
  // The scripts' tests start one portal at a time (about one core); the site's tests, which build nothing, take the
  // other. The scripts' tests compile cms/dist again after deleting files of it (a `git pull`), build web/dist and
  // the admin panel, and the browser tests build web/dist for their own CMS: those two never side by side.
  [npm('Scripts tests', 'run', 'test', '-w', 'scripts'), npm('Site tests', 'run', 'test', '-w', 'web')],
  [npm('Browser tests', 'run', 'test', '-w', 'e2e')],
];
for (const stage of stages) {
  const status = await sideBySide(stage);
  if (status !== 0) process.exit(status);
}
