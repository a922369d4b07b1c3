import { type KeyboardEvent, type MouseEvent, Suspense, lazy, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Html } from '@/components/ui/html';
import { Spinner } from '@/components/ui/spinner';
import type { Content } from '@/lib/content';
import { useContentEditing } from '@/lib/editing/use-content-editing';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { SaveStatus } from './save-status';
import './editable-content.css';

// Quill is large and only content editors need it: its own chunk, fetched once edit mode is on.
const loadRichTextEditor = () => import('./rich-text-editor');
const RichTextEditor = lazy(loadRichTextEditor);

const TITLE_PLACEHOLDER = 'Click to add a title';

/** What the body says while it has no text, naming the slug as the viewer's own states do. */
function bodyPlaceholder(slug: string, shown: Content | null): string {
  if (!shown) return `${slug} is not found. Click to create it.`;
  if (!shown.title?.trim()) return `${slug} is empty. Click to write it.`;
  return 'Click to write the text.';
}

interface EditableContentProps {
  slug: string;
  /** The item as the CMS holds it; null when the slug does not exist yet (the first save creates it). */
  saved: Content | null;
  hideTitle: boolean;
  className?: string;
}

/**
 * A content item in edit mode: a click on the title turns it into a text field, a click on the body opens the
 * rich-text editor in its place; every change is saved automatically, with the state shown under the item.
 */
export function EditableContent({ slug, saved, hideTitle, className }: EditableContentProps) {
  const editor = useContentEditing(slug, saved);
  const shown = editor.draft ?? saved;
  /** The title as it was when its field opened, for Escape to go back to; null while the field is closed. */
  const [titleBefore, setTitleBefore] = useState<string | null>(null);
  const [editingBody, setEditingBody] = useState(false);

  useEffect(() => {
    // Fetched ahead, so the editor opens at once on the first click. A failure shows when it is opened.
    loadRichTextEditor().catch(() => {});
  }, []);

  const setTitle = (title: string) => editor.edit((current) => ({ ...current, title }));
  const onTitleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      setTitleBefore(null);
    } else if (event.key === 'Escape' && titleBefore !== null) {
      setTitle(titleBefore);
      setTitleBefore(null);
    }
  };

  const openBody = (event: MouseEvent | KeyboardEvent) => {
    // A link in the text is something to edit here, not to follow.
    event.preventDefault();
    setEditingBody(true);
  };

  return (
    <div className={['editable-content', className].filter(Boolean).join(' ')}>
      {editor.offered && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2">
          <span className="me-auto">Changes to {slug} from an earlier visit were not saved.</span>
          <Button size="sm" variant="warning" onClick={editor.restore}>
            Restore them
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={editor.discard}>
            Discard them
          </Button>
        </div>
      )}
      {!hideTitle &&
        (titleBefore === null ? (
          <h2>
            <button type="button" className="content-edit-target" onClick={() => setTitleBefore(shown?.title ?? '')}>
              {shown?.title?.trim() ? shown.title : <span className="content-placeholder">{TITLE_PLACEHOLDER}</span>}
            </button>
          </h2>
        ) : (
          <input
            className="form-control form-control-lg mb-2"
            aria-label="Title"
            // The field replaces what was just clicked, so typing goes on where the eye already is.
            autoFocus
            value={shown?.title ?? ''}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={onTitleKey}
            onBlur={() => setTitleBefore(null)}
          />
        ))}
      {editingBody ? (
        <div className="content-body-editor">
          <Suspense fallback={<Spinner />}>
            <RichTextEditor
              initialValue={sanitizeHtml(shown?.body)}
              label={`Body of ${slug}`}
              onChange={(body) => editor.edit((current) => ({ ...current, body }))}
            />
          </Suspense>
          <Button size="sm" variant="outline-primary" className="mt-2" onClick={() => setEditingBody(false)}>
            Done
          </Button>
        </div>
      ) : (
        <div
          role="button"
          tabIndex={0}
          aria-label={`Edit body of ${slug}`}
          className="content-edit-target"
          onClick={openBody}
          onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && openBody(event)}
        >
          {shown?.body?.trim() ? (
            <Html html={shown.body} />
          ) : (
            <p className="content-placeholder">{bodyPlaceholder(slug, shown)}</p>
          )}
        </div>
      )}
      <SaveStatus status={editor.status} error={editor.error} onRetry={editor.retry} />
    </div>
  );
}
