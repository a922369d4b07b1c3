import { Suspense, lazy } from 'react';
import { Html } from '@/components/ui/html';
import { Spinner } from '@/components/ui/spinner';
import { useContent } from '@/lib/content';
import { useEditMode } from '@/lib/edit-mode';
import { useSignUpLinks } from './sign-up-links';

// Only content editors edit: the editing code is its own chunk, kept off every visitor's first load.
const EditableContent = lazy(() =>
  import('./editable-content').then((module) => ({ default: module.EditableContent })),
);

interface ContentViewerProps {
  slug: string;
  /** Show only the body, where the place already says what the text is (the footer's terms). */
  hideTitle?: boolean;
  className?: string;
}

/**
 * A content item by slug, in the spec's states: loading, not found, empty, loaded. In edit mode (content editors
 * only) its title and body are edited in place instead.
 */
export function ContentViewer({ slug, hideTitle = false, className }: ContentViewerProps) {
  const { content, isLoading } = useContent(slug);
  const { isEditMode } = useEditMode();
  const signUpLinks = useSignUpLinks();
  if (isLoading) return <Spinner />;
  if (isEditMode) {
    return (
      <Suspense fallback={<Spinner />}>
        <EditableContent slug={slug} saved={content} hideTitle={hideTitle} className={className} />
      </Suspense>
    );
  }
  // The slug is named so that content staff see which item to create or fill in.
  if (!content) return <p className={className}>{slug} is not found</p>;
  if (!content.title?.trim() && !content.body?.trim()) return <p className={className}>{slug} is empty</p>;
  return (
    // Clicks (and Enter on a focused link) bubble here from the links inside the HTML; see useSignUpLinks.
    <div className={className} onClick={signUpLinks.onClick}>
      {!hideTitle && content.title && <h2>{content.title}</h2>}
      <Html html={signUpLinks.body(content.body)} />
    </div>
  );
}
