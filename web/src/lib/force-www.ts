/** The www. form of `href` when its host is on the force-www list, else null (no redirect). */
export function wwwRedirectUrl(href: string, forceWwwHosts: readonly string[]): string | null {
  const url = new URL(href);
  if (!forceWwwHosts.includes(url.hostname.toLowerCase())) return null;
  url.hostname = `www.${url.hostname}`;
  return url.toString();
}
