import DOMPurify from 'dompurify';
import { wrappableSpaces } from '@portal/rules';

// A private instance, so the link hook below cannot leak into any other DOMPurify user.
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  // A page opened in a new tab must not get a handle on ours (reverse tabnabbing).
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Makes CMS HTML safe to insert: scripts, event handlers and javascript: URLs go (DOMPurify's defaults);
 * link targets are kept so content can open links in a new tab. Text stored before the CMS turned Quill's no-break
 * spaces back into spaces wraps too (wrappableSpaces).
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return wrappableSpaces(purifier.sanitize(html, { ADD_ATTR: ['target'] }));
}
