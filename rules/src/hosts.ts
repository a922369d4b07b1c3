/** A host name as a portal's domains hold it: example.com, www.example.com, localhost:5173 (no scheme, no path). */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/** Whether a value is one host name (with an optional port), the form a portal's domains list takes. */
export function isHostName(value: unknown): value is string {
  return typeof value === 'string' && HOST.test(value);
}
