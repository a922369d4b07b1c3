import { Box, Field } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { useEffect, useRef, type ReactNode } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { styled } from 'styled-components';

interface HtmlInputProps {
  name: string;
  label?: ReactNode;
  hint?: ReactNode;
  labelAction?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

// Fixed for the editor's life: react-quill builds a new editor whenever these change identity. The toolbar is the
// site's in-place editor's (web/src/components/content/rich-text-editor.tsx) plus quotes, so both write alike.
const MODULES = {
  toolbar: [
    [{ header: [2, 3, false] }],
    ['bold', 'italic', 'underline', 'link'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    ['blockquote'],
    ['clean'],
  ],
};
// Only what the CMS's allow-list keeps (cms/src/utils/html.ts): pasted colours and fonts go as they are pasted
// instead of silently on save.
const FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'link',
  'list',
  'indent',
  'blockquote',
  'code-block',
  'align',
  'image',
  'video',
];

/** Quill's snow theme in the panel's colours (light and dark). */
const Frame = styled(Box)`
  .ql-toolbar.ql-snow,
  .ql-container.ql-snow {
    border-color: ${({ theme }) => theme.colors.neutral200};
  }
  .ql-toolbar.ql-snow {
    border-radius: ${({ theme }) => `${theme.borderRadius} ${theme.borderRadius} 0 0`};
    background: ${({ theme }) => theme.colors.neutral100};
  }
  .ql-container.ql-snow {
    border-radius: ${({ theme }) => `0 0 ${theme.borderRadius} ${theme.borderRadius}`};
    background: ${({ theme }) => theme.colors.neutral0};
    font-size: 1.4rem;
  }
  .ql-editor {
    min-height: 16rem;
    color: ${({ theme }) => theme.colors.neutral800};
  }
  .ql-snow .ql-stroke {
    stroke: ${({ theme }) => theme.colors.neutral800};
  }
  .ql-snow .ql-fill {
    fill: ${({ theme }) => theme.colors.neutral800};
  }
  .ql-snow .ql-picker {
    color: ${({ theme }) => theme.colors.neutral800};
  }
`;

/** The global::html custom field: formatted text edited in Quill, kept in the form as its HTML. */
export default function HtmlInput({ name, label, hint, labelAction, required, disabled }: HtmlInputProps) {
  const field = useField<string | null>(name);
  const quill = useRef<ReactQuill>(null);
  const accessibleName = typeof label === 'string' ? label : name;

  useEffect(() => {
    // Quill's editing area is a bare contenteditable div; these make it a named text box for assistive tech.
    const root = quill.current?.getEditor().root;
    root?.setAttribute('role', 'textbox');
    root?.setAttribute('aria-multiline', 'true');
    root?.setAttribute('aria-label', accessibleName);
  }, [accessibleName]);

  return (
    <Field.Root name={name} id={name} error={field.error} hint={hint} required={required}>
      <Field.Label action={labelAction}>{label}</Field.Label>
      <Frame>
        <ReactQuill
          ref={quill}
          theme="snow"
          modules={MODULES}
          formats={FORMATS}
          readOnly={disabled}
          value={field.value ?? ''}
          onChange={(html, _delta, source, editor) => {
            // Quill also reports its own normalising of the stored HTML ('api'); only the user's edits change the form.
            if (source !== 'user') return;
            // An emptied editor still holds '<p><br></p>'; '' keeps the site's '<slug> is empty' true.
            field.onChange(name, editor.getLength() <= 1 ? '' : html);
          }}
        />
      </Frame>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
