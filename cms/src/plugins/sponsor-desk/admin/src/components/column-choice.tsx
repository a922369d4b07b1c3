import { useState } from 'react';
import { Box, Checkbox, Flex, TextButton, Typography } from '@strapi/design-system';

/**
 * Which of a wide table's optional columns staff show (the investor, the actions and the state always are): chosen
 * from a list of checkboxes, kept in this browser for the table, all shown until staff choose.
 */
export function useColumnChoice<Column extends string>(table: string, columns: readonly Column[]) {
  const key = `sponsorDesk.columns.${table}`;
  const [shown, setShown] = useState<Set<Column>>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
      if (Array.isArray(stored)) return new Set(columns.filter((column) => stored.includes(column)));
    } catch {
      // A corrupt choice is no choice.
    }
    return new Set(columns);
  });
  const toggle = (column: Column) => {
    const next = new Set(shown);
    if (next.has(column)) next.delete(column);
    else next.add(column);
    setShown(next);
    localStorage.setItem(key, JSON.stringify([...next]));
  };
  return { shown, toggle };
}

/** The "Columns" button and, open, a checkbox per optional column. */
export function ColumnChoice<Column extends string>({
  labels,
  shown,
  toggle,
}: {
  labels: Record<Column, string>;
  shown: Set<Column>;
  toggle: (column: Column) => void;
}) {
  const [open, setOpen] = useState(false);
  const columns = Object.keys(labels) as Column[];
  return (
    <Box>
      <TextButton onClick={() => setOpen(!open)} aria-expanded={open}>
        {`Columns (${shown.size} of ${columns.length} shown)`}
      </TextButton>
      {open && (
        <Flex gap={4} wrap="wrap" paddingTop={2} role="group" aria-label="Columns shown">
          {columns.map((column) => (
            <Checkbox key={column} checked={shown.has(column)} onCheckedChange={() => toggle(column)}>
              <Typography>{labels[column]}</Typography>
            </Checkbox>
          ))}
        </Flex>
      )}
    </Box>
  );
}
