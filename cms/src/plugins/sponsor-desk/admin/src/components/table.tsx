import type { ReactNode } from 'react';
import { Button, Flex, Td, Th, Typography } from '@strapi/design-system';

/** A column heading that does not sort. */
export const Heading = ({ label }: { label: string }) => (
  <Th>
    <Typography variant="sigma">{label}</Typography>
  </Th>
);
/** A cell of plain text. */
export const Cell = ({ children }: { children: ReactNode }) => (
  <Td>
    <Typography textColor="neutral800">{children}</Typography>
  </Td>
);

/** Under a server-paged table: how many, which page, and the buttons to the others. */
export function Pager({
  total,
  page,
  pageCount,
  noun,
  empty,
  setPage,
}: {
  total: number;
  page: number;
  pageCount: number;
  noun: string;
  empty: string;
  setPage: (page: number) => void;
}) {
  return (
    <Flex justifyContent="space-between" paddingTop={4}>
      <Typography variant="pi" textColor="neutral600">
        {total ? `${total} ${noun}${total === 1 ? '' : 's'} · page ${page} of ${pageCount}` : empty}
      </Typography>
      <Flex gap={2}>
        <Button variant="tertiary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="tertiary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
          Next page
        </Button>
      </Flex>
    </Flex>
  );
}
