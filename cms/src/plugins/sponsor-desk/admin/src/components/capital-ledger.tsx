import { useEffect, useState } from 'react';
import { Box, Button, Flex, Table, Tbody, Td, Thead, Tr, Typography } from '@strapi/design-system';
import type { DeskLedgerLine, FundLedgerPage } from '@portal/rules';
import { eventTypeName, KINDS } from './capital-lists';
import { Choice, SearchForm } from './fields';
import { Cell, Heading, Pager } from './table';
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { dollars } from '../utils/format';
import type { Notify } from '../utils/notices';

/**
 * A fund's ledger on the capital accounts tab (GET /sponsor-desk/funds/:documentId/ledger, docs/capital-accounts.md):
 * its entries newest first, a page at a time, filtered by type and searched by investor; each entry an adjustment may
 * correct has 'Correct…', which hands it to the Adjustment form, so staff never look its documentId up.
 */

const PAGE_SIZE = 20;
const COLUMNS = ['Date', 'Investor', 'Type', 'Amount', 'From and note', 'Correct'];
const TYPES: [string, string][] = [
  ['all', 'All types'],
  ['contribution', 'Contributions'],
  ['distribution', 'Distributions'],
  ['fee', 'Fees'],
  ['adjustment', 'Adjustments'],
];
const TYPE_NAMES: Record<DeskLedgerLine['type'], string> = {
  contribution: 'Contribution',
  distribution: 'Distribution',
  fee: 'Fee',
  adjustment: 'Adjustment',
};

const kindName = (kind: string) => (KINDS.find(([value]) => value === kind)?.[1] ?? kind).toLowerCase();

/** An entry's type as staff read it: 'Distribution (income)'. */
export const entryType = (line: Pick<DeskLedgerLine, 'type' | 'kind'>) =>
  `${TYPE_NAMES[line.type]}${line.kind ? ` (${kindName(line.kind)})` : ''}`;

/** Which entry an adjustment corrects, in words: 'Contribution of $5,000.00 by Ivan Investor on 2025-01-05'. */
export const entrySummary = (line: DeskLedgerLine) =>
  `${entryType(line)} of ${dollars(line.amount_cents)} by ${line.investor.name} on ${line.effective_date}`;

/** Where an entry came from: its event, the entry it corrects, or nothing (a funding, an import). */
function originOf(line: DeskLedgerLine): string {
  if (line.fundEvent) return `${eventTypeName(line.fundEvent.type)} of ${line.fundEvent.date}`;
  if (line.corrects)
    return `Corrects the ${TYPE_NAMES[line.corrects.type].toLowerCase()} of ${line.corrects.effective_date}`;
  return '';
}

/** Where the entry came from and its note, one under the other (the note alone where it came from no event). */
function OriginAndNote({ line }: { line: DeskLedgerLine }) {
  const origin = originOf(line);
  const note = line.note && line.note !== origin ? line.note : null;
  return (
    <Td>
      {/* Cut to the column with an ellipsis (the whole note on hover): an imported note may run to 2,000 characters. */}
      <Box maxWidth="320px">
        <Typography textColor="neutral800" ellipsis title={origin || note || undefined} tag="div">
          {origin || note}
        </Typography>
        {origin && note && (
          <Typography variant="pi" textColor="neutral600" ellipsis title={note} tag="div">
            {note}
          </Typography>
        )}
      </Box>
    </Td>
  );
}

/**
 * The fund's ledger; `changed` counts the desk's writes (a post, a funding, an import, an adjustment): each reads the
 * page again. `onCorrect` gets the entry whose 'Correct…' was pressed.
 */
export function CapitalLedger({
  fund,
  changed,
  onCorrect,
  notify,
}: {
  fund: string;
  changed: number;
  onCorrect: (line: DeskLedgerLine) => void;
  notify: Notify;
}) {
  const [page, setPage] = useState(1);
  const [type, setType] = useState('all');
  const [q, setQ] = useState('');
  const { data, reload } = useLatestAnswer<FundLedgerPage>(
    `/sponsor-desk/funds/${fund}/ledger`,
    { type: type === 'all' ? undefined : type, q: q || undefined, page, pageSize: PAGE_SIZE },
    notify,
  );
  useEffect(() => setPage(1), [fund, type, q]);
  useEffect(() => {
    if (changed) reload();
  }, [changed, reload]);

  return (
    <Box tag="section" aria-label="Ledger" background="neutral0" padding={6} shadow="filterShadow" hasRadius>
      <Typography variant="delta" tag="h2">
        Ledger
      </Typography>
      <Box paddingTop={2}>
        <Typography variant="omega" textColor="neutral600">
          Every entry of the fund, newest first. Entries are never changed: ‘Correct…’ fills in the Adjustment form
          below with the entry.
        </Typography>
      </Box>
      <Flex gap={4} alignItems="flex-end" paddingTop={4}>
        <Box minWidth="200px">
          <Choice label="Type" value={type} onChange={setType} options={TYPES} />
        </Box>
        <SearchForm label="Investor (name or email)" onSearch={setQ} />
      </Flex>
      {data && (
        <>
          <Box paddingTop={4}>
            <Table colCount={COLUMNS.length} rowCount={data.results.length + 1} aria-label="Ledger entries">
              <Thead>
                <Tr>
                  {COLUMNS.map((label) => (
                    <Heading key={label} label={label} />
                  ))}
                </Tr>
              </Thead>
              <Tbody>
                {data.results.map((line) => (
                  <Tr key={line.documentId}>
                    <Cell>{line.effective_date}</Cell>
                    <Td>
                      <Typography textColor="neutral800" tag="div">
                        {line.investor.name}
                      </Typography>
                      {line.investor.email && (
                        <Typography variant="pi" textColor="neutral600">
                          {line.investor.email}
                        </Typography>
                      )}
                    </Td>
                    <Cell>{entryType(line)}</Cell>
                    <Cell>{dollars(line.amount_cents)}</Cell>
                    <OriginAndNote line={line} />
                    <Td>
                      {/* An adjustment is corrected through the entry it corrects (the server refuses one of an adjustment). */}
                      {line.type !== 'adjustment' && (
                        <Button variant="tertiary" onClick={() => onCorrect(line)}>
                          Correct…
                        </Button>
                      )}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </Box>
          <Pager
            total={data.pagination.total}
            page={page}
            pageCount={data.pagination.pageCount}
            noun="line"
            empty={q || type !== 'all' ? 'No entries match' : 'No entries for this fund yet'}
            setPage={setPage}
          />
        </>
      )}
    </Box>
  );
}
