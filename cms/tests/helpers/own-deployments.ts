import { afterAll, inject } from 'vitest';
import { postgresMissing } from './instances';

/**
 * For a test file that starts CMS instances of its own on the pass's kind of database: whether this pass is
 * PostgreSQL, why the file is skipped (no PostgreSQL server), and `cleanup`, which runs the registered steps after
 * the file's tests, last first.
 */
export async function ownDeployments() {
  const onPostgres = inject('database').client === 'postgres';
  const skipReason = onPostgres ? await postgresMissing() : null;
  const steps: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of steps.reverse()) await step();
  }, 120_000);
  return { onPostgres, skipReason, cleanup: (step: () => Promise<void> | void) => void steps.push(step) };
}
