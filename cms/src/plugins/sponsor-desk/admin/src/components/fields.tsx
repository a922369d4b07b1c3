import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, Field, Flex, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';

/** A text field of the panel's design system. */
export function Input({
  label,
  value,
  onChange,
  hint,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: string;
}) {
  return (
    <Field.Root hint={hint}>
      <Field.Label>{label}</Field.Label>
      <TextInput
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint && <Field.Hint />}
    </Field.Root>
  );
}

/** A choice among `options` ([value, text] pairs), of the panel's design system. */
export function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <SingleSelect value={value} onChange={(next: string | number) => onChange(String(next))}>
        {options.map(([option, text]) => (
          <SingleSelectOption key={option} value={option}>
            {text}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    </Field.Root>
  );
}

/** A search field and its button: `onSearch` gets the text, trimmed, when staff press Search (or Enter). */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  return (
    <Box
      tag="form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Flex gap={2} alignItems="flex-end">
        <Input label={label} value={text} onChange={setText} />
        <Button type="submit" variant="tertiary">
          Search
        </Button>
      </Flex>
    </Box>
  );
}
