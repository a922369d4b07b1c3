/** The site's settings, read from Vite's `VITE_*` variables. */
export interface Env {
  /** The CMS origin, without a trailing slash. */
  apiUrl: string;
  /** The path the site is served under; starts and ends with '/'. */
  basePath: string;
  /** Lower-case hosts that are redirected to their www. form. */
  forceWwwHosts: string[];
}

export type RawEnv = Partial<Record<'VITE_API_URL' | 'VITE_BASE_PATH' | 'VITE_FORCE_WWW_HOSTS', string>>;

const DEFAULTS = {
  VITE_API_URL: 'http://localhost:1337',
  VITE_BASE_PATH: '/',
  // The spec's short list of two hosts that must be served from www.
  VITE_FORCE_WWW_HOSTS: 'wasabistallions.com,oakharborcapital.com',
} as const;

function parseApiUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_API_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_API_URL must be an absolute http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseBasePath(value: string): string {
  if (!value.startsWith('/')) {
    throw new Error(`VITE_BASE_PATH must start with '/', got "${value}"`);
  }
  return value.endsWith('/') ? value : `${value}/`;
}

/** Validates the raw variables and fills in defaults; throws with the variable's name when one is unusable. */
export function parseEnv(raw: RawEnv): Env {
  return {
    apiUrl: parseApiUrl(raw.VITE_API_URL || DEFAULTS.VITE_API_URL),
    basePath: parseBasePath(raw.VITE_BASE_PATH || DEFAULTS.VITE_BASE_PATH),
    // An empty value is kept on purpose: it switches the redirect off.
    forceWwwHosts: (raw.VITE_FORCE_WWW_HOSTS ?? DEFAULTS.VITE_FORCE_WWW_HOSTS)
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
