/** A YouTube video id: exactly 11 characters of letters, digits, '-' and '_'. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** youtube.com, youtube-nocookie.com and their subdomains (www., m., music.). */
const YOUTUBE_HOST = /(^|\.)youtube(-nocookie)?\.com$/;
/** The paths that carry the id as their second segment: /embed/<id>, /shorts/<id>. */
const ID_PATHS = new Set(['embed', 'shorts']);

function parseWebAddress(text: string): URL | null {
  // Content staff often paste 'youtube.com/…' or '//youtube.com/…' without a scheme.
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The id of the YouTube video at `url`, from the watch?v=, youtu.be/, embed/ and shorts/ forms; null when the
 * address is not one of them or holds no valid 11-character id.
 */
export function youTubeVideoId(url: string | null | undefined): string | null {
  const address = url?.trim() ? parseWebAddress(url.trim()) : null;
  if (!address) return null;
  const host = address.hostname.toLowerCase();
  const [first, second] = address.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = first;
  else if (YOUTUBE_HOST.test(host) && first === 'watch') candidate = address.searchParams.get('v');
  else if (YOUTUBE_HOST.test(host) && first && ID_PATHS.has(first)) candidate = second;
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced player of a video: YouTube sets no cookies until the visitor plays it. */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}
