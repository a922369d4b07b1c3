import { sanitizeHtml } from '@/lib/sanitize-html';

interface HtmlProps {
  /** HTML from the CMS; it is sanitised here, so callers pass it as stored. */
  html: string | null | undefined;
  className?: string;
}

/** The only place the site inserts HTML. */
export function Html({ html, className }: HtmlProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
