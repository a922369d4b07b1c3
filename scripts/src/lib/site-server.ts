import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';

export interface SiteServerOptions {
  /** The built site (web/dist): the only files this server will ever answer with. */
  dir: string;
  port: number;
  host: string;
  /** The path the site was built for (VITE_BASE_PATH); starts and ends with '/'. */
  basePath?: string;
  /**
   * The CMS the site was built for (VITE_API_URL): the API and media origin of the Content-Security-Policy. By
   * default read from the build (`.site.json`, written by web/vite.config.ts), else VITE_API_URL.
   */
  apiUrl?: string;
  /** More origins the browser sends requests to; by default the S3 bucket when STORAGE_PROVIDER=s3 (uploads go there). */
  connectSources?: string[];
  /** More origins the site frames; by default Dropbox Sign's when SIGNING_PROVIDER=dropbox-sign (its embedded signer). */
  frameSources?: string[];
}

/** What the site's pages may load besides their own files (see sitePolicy). */
export interface SiteSources {
  apiUrl?: string;
  connectSources?: string[];
  frameSources?: string[];
  /** Some portal signs in with Google (Google Identity Services' script, styles and button frame). */
  google?: boolean;
  /** Some portal asks for a reCAPTCHA v3 token (its script and frame). */
  recaptcha?: boolean;
}

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
// Education items embed YouTube players (web/src/features/education/youtube.ts); stored HTML keeps YouTube iframes.
const YOUTUBE = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];
// Dropbox Sign's embedded signer (hellosign-embedded) frames the signing URL the API answers, on this origin.
export const DROPBOX_SIGN_FRAME = 'https://app.hellosign.com';

/**
 * The Content-Security-Policy of the built site: its own scripts and styles, the CMS for API calls and media,
 * pictures from any https address (content staff give image URLs of their choice), YouTube players, Google's
 * sign-in and reCAPTCHA only when a portal uses them, `frameSources` (Dropbox Sign's signer when it collects the
 * signatures), no plugins, and no framing by other sites.
 */
export function sitePolicy({
  apiUrl,
  connectSources = [],
  frameSources = [],
  google = false,
  recaptcha = false,
}: SiteSources = {}): string {
  const cms = apiUrl ? [new URL(apiUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(google ? [GOOGLE_IDENTITY] : []), ...(recaptcha ? RECAPTCHA : [])],
    // React and react-bootstrap set style attributes (allowed through the DOM); Google's button adds a stylesheet.
    'style-src': ["'self'", ...(google ? [GOOGLE_IDENTITY] : [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...cms],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...cms,
      ...connectSources,
      ...(google ? [GOOGLE_IDENTITY] : []),
      ...(recaptcha ? RECAPTCHA.slice(0, 1) : []),
    ],
    'frame-src': [
      ...YOUTUBE,
      ...frameSources,
      ...(google ? [GOOGLE_IDENTITY] : []),
      ...(recaptcha ? RECAPTCHA.slice(0, 1) : []),
    ],
    'media-src': ["'self'", ...cms],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The CMS address the build in `dir` was made for, from the `.site.json` the build writes (not served: a dotfile). */
function builtApiUrl(dir: string): string | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dir, '.site.json'), 'utf8')) as { apiUrl?: unknown };
    return typeof info.apiUrl === 'string' ? info.apiUrl : undefined;
  } catch {
    return process.env.VITE_API_URL || undefined;
  }
}

/** The S3 bucket's origins when uploads go straight to it (STORAGE_PROVIDER=s3; the same settings as the CMS's). */
function bucketOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.STORAGE_PROVIDER !== 's3' || !env.S3_BUCKET) return [];
  if (!env.S3_ENDPOINT) return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`];
  const endpoint = new URL(env.S3_ENDPOINT);
  return env.S3_FORCE_PATH_STYLE === 'true'
    ? [endpoint.origin]
    : [`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`];
}

/** Dropbox Sign's origin when the CMS collects signatures there (SIGNING_PROVIDER, the same setting as the CMS's). */
export function signingFrameOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.SIGNING_PROVIDER === 'dropbox-sign' ? [DROPBOX_SIGN_FRAME] : [];
}

/** How long what the portals use (Google sign-in, reCAPTCHA) is trusted before the CMS is asked again. */
const PORTAL_FEATURES_TTL_MS = 10_000;

/**
 * Whether any portal uses Google sign-in or reCAPTCHA, from the CMS's public portal list: re-read in the background
 * at most every 10 s, so a key added in the admin panel is allowed by the policy shortly after. Until the CMS
 * answers, neither is allowed (the site then carries on without them, as it does when Google is unreachable).
 */
function portalFeatures(apiUrl: string | undefined) {
  let known = { google: false, recaptcha: false };
  let checkedAt = -Infinity;
  let checking = false;
  const refresh = async () => {
    checking = true;
    try {
      const response = await fetch(`${apiUrl}/api/auth/portals`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) {
        const { items } = (await response.json()) as {
          items: { recaptchaSiteKey?: string | null; signInWithGoogleClientId?: string | null }[];
        };
        known = {
          google: items.some((portal) => Boolean(portal.signInWithGoogleClientId)),
          recaptcha: items.some((portal) => Boolean(portal.recaptchaSiteKey)),
        };
        checkedAt = Date.now();
      }
    } catch {
      // The CMS is not up yet or not reachable from here: ask again on the next page.
    } finally {
      checking = false;
    }
  };
  return () => {
    if (apiUrl && !checking && Date.now() - checkedAt >= PORTAL_FEATURES_TTL_MS) void refresh();
    return known;
  };
}

export interface SiteServer {
  /** Where the site answers, e.g. http://127.0.0.1:5173 (without the base path). */
  url: string;
  close(): Promise<void>;
}

// Vite puts every bundled file under assets/ with a content hash in its name, so it can never change.
const HASHED_ASSETS = /^\/assets\//;

/**
 * A request handler for the built site. sirv (production mode) lists `dir` once at start and answers only with
 * files on that list, so nothing outside the build (the database, .env, the mail outbox) can be asked for, however
 * the path is spelt. Dotfiles are left off the list; every other path without a file extension gets index.html,
 * because the site routes in the browser.
 */
export function siteHandler({
  dir,
  basePath = '/',
  apiUrl = builtApiUrl(dir),
  connectSources = bucketOrigins(),
  frameSources = signingFrameOrigins(),
}: Pick<SiteServerOptions, 'dir' | 'basePath' | 'apiUrl' | 'connectSources' | 'frameSources'>): http.RequestListener {
  const features = portalFeatures(apiUrl);
  const serve = sirv(dir, {
    dev: false,
    etag: true,
    dotfiles: false,
    single: true,
    // Besides sirv's own rule (a path with a file extension is a missing file, not a route), these are never the
    // site's routes (slugs and codes are letters, digits, '-' and '_'), so they get a 404, not index.html: a dotted
    // segment, a '%' that decoding left (an encoded '/'), and Vite's /@fs/, /@vite/ and /@id/ paths.
    ignores: [/\/\./, /%/, /^\/@/],
    setHeaders(res, pathname) {
      // Everything else (index.html, portal logos and favicons) may change with the next build or portal.
      res.setHeader('Cache-Control', HASHED_ASSETS.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res) => {
    res.setHeader('Content-Security-Policy', sitePolicy({ apiUrl, connectSources, frameSources, ...features() }));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Google's sign-in may open a pop-up that must be able to answer this window.
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = req.url ?? '/';
    if (basePath !== '/') {
      if (!`${url.split('?')[0]}/`.startsWith(basePath)) {
        res.writeHead(404).end();
        return;
      }
      req.url = `/${url.slice(basePath.length)}`.replace(/^\/\//, '/');
    }
    serve(req, res);
  };
}

/** Serves the built site until closed. */
export function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const server = http.createServer(siteHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            // A browser's keep-alive connections would otherwise hold the port open.
            server.closeAllConnections();
          }),
      });
    });
  });
}
