import type LinkFormat from 'quill/formats/link';
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { linkUrl } from '@/lib/editing/link-url';
import { wrappableSpaces } from '@/lib/editing/quill-html';

// This module is the editor's own chunk: only edit mode imports it, through import(), so visitors never load Quill.

const { Quill } = ReactQuill;
const Link = Quill.import('formats/link') as typeof LinkFormat;

/** Quill's link format with the site's rule for typed addresses (see linkUrl). */
class SiteLink extends Link {
  static sanitize(url: string): string {
    return linkUrl(url);
  }
}
Quill.register(SiteLink, true);

// Fixed for the editor's life: react-quill builds a new editor whenever these change identity.
const MODULES = {
  toolbar: [
    [{ header: [2, 3, false] }],
    ['bold', 'italic', 'underline', 'link'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    ['clean'],
  ],
};

export interface RichTextEditorProps {
  /** The HTML the editor starts with; later changes of it are ignored, so the caret never jumps while typing. */
  initialValue: string;
  /** The editing area's accessible name. */
  label: string;
  /** Called with the new HTML on every change the user makes; '' once the text is all deleted. */
  onChange(html: string): void;
}

/** Quill with the snow theme, as a labelled multi-line text box. */
export default function RichTextEditor({ initialValue, label, onChange }: RichTextEditorProps) {
  const quill = useRef<ReactQuill>(null);

  useEffect(() => {
    const editor = quill.current?.getEditor();
    if (!editor) return;
    // Quill's editing area is a bare contenteditable div; these make it a named text box for assistive tech.
    editor.root.setAttribute('role', 'textbox');
    editor.root.setAttribute('aria-multiline', 'true');
    editor.root.setAttribute('aria-label', label);
    // The link field is named only by a CSS ::before text, and its example address is Quill's own site.
    const linkField = editor.container.querySelector('.ql-tooltip input[type="text"]');
    linkField?.setAttribute('aria-label', 'Link address');
    linkField?.setAttribute('data-link', 'example.com or /page');
  }, [label]);

  return (
    <ReactQuill
      ref={quill}
      theme="snow"
      modules={MODULES}
      defaultValue={initialValue}
      onChange={(html, _delta, source, editor) => {
        // Quill also reports its own normalising of the starting HTML ('api'); only the user's edits are changes.
        if (source !== 'user') return;
        // An emptied editor still holds '<p><br></p>'; saving '' keeps the viewer's '<slug> is empty' true.
        onChange(editor.getLength() <= 1 ? '' : wrappableSpaces(html));
      }}
    />
  );
}
