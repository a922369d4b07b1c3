import { type ImgHTMLAttributes, useState } from 'react';
import { mediaUrl } from '@/lib/media-url';

/** A neutral grey picture frame, shown for items without an image (inline, so it needs no file or request). */
export const PLACEHOLDER_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">' +
    '<rect width="400" height="300" fill="#dee2e6"/>' +
    '<path d="M130 200l50-60 40 45 25-30 55 45z" fill="#adb5bd"/>' +
    '<circle cx="250" cy="115" r="18" fill="#adb5bd"/>' +
    '</svg>',
)}`;

interface ImageOrPlaceholderProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  /** The item's image as stored (a media library path is the CMS's); empty or missing shows the placeholder. */
  src: string | null | undefined;
  alt: string;
}

/** An item's image, or the placeholder when it has none or its image does not load. */
export function ImageOrPlaceholder({ src, alt, ...rest }: ImageOrPlaceholderProps) {
  // Remembering which address failed, rather than a flag, lets a new address try again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = mediaUrl(src);
  const shown = wanted && wanted !== failedSrc ? wanted : PLACEHOLDER_IMAGE_URL;
  return <img {...rest} src={shown} alt={alt} loading="lazy" onError={() => wanted && setFailedSrc(wanted)} />;
}
