import { Box, Button, Field, Flex, IconButton, TextInput } from '@strapi/design-system';
import { Plus, Trash } from '@strapi/icons';
import { useField } from '@strapi/strapi/admin';
import type { ReactNode } from 'react';

interface HostListInputProps {
  name: string;
  label?: ReactNode;
  hint?: ReactNode;
  labelAction?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The global::host-list custom field: a JSON list of host names edited one per row. The CMS trims, lower-cases and
 * checks the hosts on save (src/bootstrap/portal-domains.ts) and drops rows left empty.
 */
export default function HostListInput({ name, label, hint, labelAction, required, disabled }: HostListInputProps) {
  const field = useField<unknown>(name);
  const hosts = Array.isArray(field.value) ? field.value.map(String) : [];
  const rowName = typeof label === 'string' ? label : name;
  const change = (next: string[]) => field.onChange(name, next);

  return (
    <Field.Root name={name} id={name} error={field.error} hint={hint} required={required}>
      <Field.Label action={labelAction}>{label}</Field.Label>
      <Flex direction="column" alignItems="stretch" gap={2}>
        {hosts.map((host, index) => (
          // Rows have no identity but their place; typing never reorders them.
          <Flex key={index} gap={2}>
            <Box flex="1">
              <TextInput
                aria-label={`${rowName} ${index + 1}`}
                value={host}
                placeholder="example.com"
                disabled={disabled}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  change(hosts.map((old, at) => (at === index ? event.target.value : old)))
                }
              />
            </Box>
            <IconButton
              label={`Remove ${host || 'this row'}`}
              disabled={disabled}
              onClick={() => change(hosts.filter((_, at) => at !== index))}
            >
              <Trash />
            </IconButton>
          </Flex>
        ))}
        <Box>
          <Button variant="secondary" startIcon={<Plus />} disabled={disabled} onClick={() => change([...hosts, ''])}>
            Add a domain
          </Button>
        </Box>
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
