/** What a refused link points to: nowhere, the same as Quill's own refusal. */
const REFUSED_URL = 'about:blank';

/** Schemes a link may name; anything else (javascript:, data:, vbscript:, ...) could run code or fool the reader. */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** `name:` at the start, unless it is a host and port such as 'localhost:3000/' (no scheme typed then). */
const SCHEME = /^([a-z][a-z\d+.-]*):(?!\d+(?:[/?#]|$))/i;

/**
 * The address a link typed into the editor should have. Content staff type 'example.com' and mean the site, not
 * a page of ours called example.com, so an address without a scheme gets 'https://'. Site paths ('/about'),
 * in-page anchors ('#terms') and the allowed schemes stay as typed; other schemes are refused.
 */
export function linkUrl(typed: string): string {
  const url = typed.trim();
  if (!url) return REFUSED_URL;
  if (url.startsWith('/') || url.startsWith('#')) return url;
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme === undefined) return `https://${url}`;
  return ALLOWED_SCHEMES.includes(scheme.toLowerCase()) ? url : REFUSED_URL;
}
