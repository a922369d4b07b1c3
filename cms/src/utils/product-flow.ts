import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The product's own flows that write records through the Document Service (the seeds' generic record store, test
 * fixtures): inside `productFlow` the record rules' field checks (utils/record-rules.ts) let them set what staff may
 * not, as the desk and the signing do with the query engine. Sealed records and the same-portal check hold for them
 * too. One store per process, whichever copy of this module asks (the CMS runs from cms/dist, the seeds and tests
 * import the sources).
 */
const KEY = Symbol.for('investor-portal.product-flow');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<string> | undefined>;
const storage: AsyncLocalStorage<string> = (holder[KEY] ??= new AsyncLocalStorage<string>());

/** Runs `run` as the named flow of the product. */
export function productFlow<T>(name: string, run: () => Promise<T>): Promise<T> {
  return storage.run(name, run);
}

/** The flow the current call runs in, or null outside any. */
export const currentFlow = (): string | null => storage.getStore() ?? null;
