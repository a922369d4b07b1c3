import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export interface SiteServerOptions {
  /** The built site (web/dist): the only files this server will ever answer with. */
  dir: string;
  port: number;
  host: string;
  /** The path the site was built for (VITE_BASE_PATH); starts and ends with '/'. */
  basePath?: string;
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
export function siteHandler({ dir, basePath = '/' }: Pick<SiteServerOptions, 'dir' | 'basePath'>): http.RequestListener {
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
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  return (req, res) => {
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
