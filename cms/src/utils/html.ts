import sanitizeHtml from 'sanitize-html';
import { wrappableSpaces } from '@portal/rules';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML (element content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

/** The only iframes kept: YouTube players, as Quill's video button and YouTube's own embed code make them. */
const YOUTUBE_EMBED = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\//;
/** Images may be inlined (Quill does so for pasted images), but a data: URL must hold an image. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/**
 * The one allow-list for stored rich text: what Quill (the site's editor) writes and what content staff paste.
 * Quill's alignment, indentation, size and font are ql-* classes, so no style attribute is needed; colours set in the
 * editor are dropped rather than letting CSS in. Tags outside the list are removed and their text kept, except
 * script, style and the like, whose content goes too.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'span',
    'div',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // Quill 2 writes every list as <ol> and tells bullets from numbers with data-list.
    li: ['data-list'],
    div: ['data-language'],
    iframe: ['src', 'frameborder', 'allowfullscreen', 'width', 'height'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com'],
  allowIframeRelativeUrls: false,
  transformTags: {
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return {
        tagName,
        attribs: src && src.trim().toLowerCase().startsWith('data:') && !DATA_IMAGE.test(src.trim()) ? rest : attribs,
      };
    },
  },
  // The hostname check above still lets any path through; only the embed player is wanted.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !YOUTUBE_EMBED.test(frame.attribs.src ?? ''),
};

/**
 * Rich text (HTML) reduced to the RICH_TEXT allow-list, safe to store and to show as HTML; the no-break spaces Quill
 * writes between words stored as spaces (wrappableSpaces), so paragraphs wrap.
 */
export function sanitizeRichText(html: string): string {
  return wrappableSpaces(sanitizeHtml(html, RICH_TEXT));
}
