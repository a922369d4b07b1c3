/**
 * How long an outside script may take before the site carries on without it. A browser reports a failed
 * load at once; this covers a request that hangs (and jsdom, which never loads scripts at all).
 */
export const SCRIPT_TIMEOUT_MS = 10000;

const loads = new Map<string, Promise<boolean>>();

/**
 * Adds `<script src>` to the page once and answers whether it loaded. A failed load is forgotten and its
 * element removed, so the next call tries again.
 */
export function loadScript(src: string): Promise<boolean> {
  const existing = loads.get(src);
  if (existing) return existing;
  const load = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const finish = (loaded: boolean) => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (!loaded) {
        loads.delete(src);
        script.remove();
      }
      resolve(loaded);
    };
    const timer = setTimeout(() => finish(false), SCRIPT_TIMEOUT_MS);
    script.onload = () => finish(true);
    script.onerror = () => finish(false);
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
