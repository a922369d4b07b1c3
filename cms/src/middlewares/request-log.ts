import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

/**
 * Paths whose last segments are secrets: a signer's link token (`/api/signing/<token>`, `/<token>/code`, ...; not the
 * Dropbox Sign callback) and a download link's token (`/api/files/<token>`). Reset and confirmation codes travel in
 * request bodies, which are never logged; a query parameter named like a secret is redacted too, whoever sends one.
 */
const SECRET_SEGMENTS = [/^(\/api\/signing\/)(?!dropbox\/)[^/?#]+/, /^(\/api\/files\/)[^/?#]+/];
const SECRET_PARAMETER = /token|code|confirmation|password|secret|key/i;
const REDACTED = '[redacted]';

/** The request's URL as the log shows it: secrets in its path and query replaced by [redacted]. */
export function redactedUrl(url: string): string {
  const [path, query] = url.split(/\?(.*)/s, 2);
  const redactedPath = SECRET_SEGMENTS.reduce((each, pattern) => each.replace(pattern, `$1${REDACTED}`), path);
  if (query === undefined) return redactedPath;
  const parameters = query.split('&').map((pair) => {
    const [name] = pair.split('=', 1);
    return pair.includes('=') && SECRET_PARAMETER.test(decodeURIComponentSafely(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${redactedPath}?${parameters.join('&')}`;
}

function decodeURIComponentSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Strapi's request log (strapi::logger: method, URL, time, status at level http), with the secrets a URL may carry
 * redacted: whoever reads the logs (a log service, a support engineer) must not be able to open a signer's link.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const start = Date.now();
    await next();
    // Written only where a transport keeps it: winston formats every line it is given (a time stamp, colours) before
    // its transports drop what is below their level (LOG_LEVEL=warn, say).
    if (strapi.log.isLevelEnabled('http'))
      strapi.log.http(`${ctx.method} ${redactedUrl(ctx.url)} (${Math.ceil(Date.now() - start)} ms) ${ctx.status}`);
  };
