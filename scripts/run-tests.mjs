// `npm test`: every test of every workspace, in stages; within a stage, what does not share files runs side by side
// on CI's two cores. A failed stage stops the run.
import { sideBySide } from './side-by-side.mjs';

const npm = (label, ...args) => ({ label, command: 'npm', args });
const stages = [
  // Lint and format first: a finding fails the run in seconds, before the long stages. Both only read files.
  [npm('Lint and format: ESLint', 'run', 'lint'), npm('Lint and format: Prettier', 'run', 'format:check')],
  // The admin panel is built here, once, beside the type checks (none of which writes a file: the CMS's two that
  // inherit tsc's incremental mode are told not to keep build info in cms/dist, which the build writes), so that
  // nothing in the last stage writes cms/dist.
  [
    npm('Type checks: the CMS', 'run', 'typecheck', '-w', 'cms'),
    npm(
      'Type checks: the other workspaces',
      'run',
      'typecheck',
      '-w',
      'rules',
      '-w',
      'web',
      '-w',
      'scripts',
      '-w',
      'e2e',
      '-w',
      'bench',
    ),
    {
      label: 'The admin panel (cms/dist/build)',
      command: 'npx',
      args: ['tsx', '--eval', "require('./scripts/src/lib/strapi').buildAdminPanelIfStale()"],
    },
  ],
  [npm('Shared rules tests', 'run', 'test', '-w', 'rules')],
  // The CMS's two passes take both cores between them (the site's tests beside them made the stage longer, not
  // shorter). They compile cms/dist once, which every later compileCms() then finds current and leaves alone.
  [npm('CMS tests', 'run', 'test', '-w', 'cms')],
  // Two lanes of about one core each. The scripts' tests that rebuild, compile and edit sources on purpose (the
  // restarts) do it in a copy of the checkout; the others boot Strapi on cms/dist as it is. The browser tests build
  // the site into a folder of their own and start the CMS from cms/dist; the site's tests build nothing.
  [
    npm('Scripts tests', 'run', 'test', '-w', 'scripts'),
    {
      label: 'Browser tests, then site tests',
      steps: [npm('Browser tests', 'run', 'test', '-w', 'e2e'), npm('Site tests', 'run', 'test', '-w', 'web')],
    },
  ],
];
for (const stage of stages) {
  const status = await sideBySide(stage);
  if (status !== 0) process.exit(status);
}
