import { env } from '@/config/env';

/** 'https:', 'data:' and the like: an address that names its own scheme. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * An image address as the CMS stores it, made loadable from the site. Files in the CMS's media library are stored
 * as paths on the CMS ('/uploads/…'), which the browser would otherwise ask the site for; they are resolved against
 * the CMS's address. Addresses with a scheme or a host ('//cdn…') stay as they are. Empty for no address.
 */
export function mediaUrl(src: string | null | undefined): string {
  const url = src?.trim();
  if (!url) return '';
  if (HAS_SCHEME.test(url) || url.startsWith('//')) return url;
  return `${env.apiUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
