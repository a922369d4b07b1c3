import { Html } from '@/components/ui/html';
import { Spinner } from '@/components/ui/spinner';
import { useContent } from '@/lib/content';

interface ContentViewerProps {
  slug: string;
  /** Show only the body, where the place already says what the text is (the footer's terms). */
  hideTitle?: boolean;
  className?: string;
}

/** A content item by slug, in the spec's states: loading, not found, empty, loaded. */
export function ContentViewer({ slug, hideTitle = false, className }: ContentViewerProps) {
  const { content, isLoading } = useContent(slug);
  if (isLoading) return <Spinner />;
  // The slug is named so that content staff see which item to create or fill in.
  if (!content) return <p className={className}>{slug} is not found</p>;
  if (!content.title?.trim() && !content.body?.trim()) return <p className={className}>{slug} is empty</p>;
  return (
    <div className={className}>
      {!hideTitle && content.title && <h2>{content.title}</h2>}
      <Html html={content.body} />
    </div>
  );
}
