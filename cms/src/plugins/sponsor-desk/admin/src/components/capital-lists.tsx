import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import {
  Box,
  Button,
  Combobox,
  ComboboxOption,
  Field,
  Table,
  Tbody,
  Td,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import type { FundChoicesPage, FundEventPage, FundEventsPage, FundEventSummary } from '@portal/rules';
import { useFetchClient } from '@strapi/strapi/admin';
import { Cell, Heading, Pager } from './table';
import { dollars } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/**
 * The capital accounts' lists, each a page at a time from the server (docs/capital-accounts.md): the fund and
 * posted-call pickers (searched and loaded a page at a time as staff scroll), a fund's drafts and posted events, and
 * an event's allocation table (75,000 lines on a grown fund).
 */

/** A page of a picker's choices: [value, label] pairs, and whether more follow. */
export type ChoicePage = { options: [string, string][]; more: boolean };

/**
 * A combobox whose choices come from the server a page at a time: what staff type is searched there (when `search`
 * is on), and the next page loads as they scroll to the end of the list.
 */
export function PagedChoice({
  label,
  value,
  onChange,
  load,
  search = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Page `page` (from 1) of the choices matching `q`; a new `load` (another fund's calls) starts again from page 1. */
  load: (page: number, q: string) => Promise<ChoicePage>;
  search?: boolean;
}) {
  const [options, setOptions] = useState<[string, string][]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [q, setQ] = useState('');

  const fetchPage = useCallback(
    async (wanted: number, text: string) => {
      setLoading(true);
      try {
        const answer = await load(wanted, text);
        setOptions((shown) => (wanted === 1 ? answer.options : [...shown, ...answer.options]));
        setPage(wanted);
        setMore(answer.more);
      } finally {
        setLoading(false);
      }
    },
    [load],
  );

  useEffect(() => {
    void fetchPage(1, q);
  }, [fetchPage, q]);

  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Combobox
        value={value}
        autocomplete={search ? 'none' : 'list'}
        onChange={(next?: string) => onChange(next ?? '')}
        onInputChange={search ? (event: ChangeEvent<HTMLInputElement>) => setQ(event.target.value) : undefined}
        hasMoreItems={more}
        loading={loading}
        onLoadMore={() => {
          if (more && !loading) void fetchPage(page + 1, q);
        }}
      >
        {options.map(([option, text]) => (
          <ComboboxOption key={option} value={option}>
            {text}
          </ComboboxOption>
        ))}
      </Combobox>
    </Field.Root>
  );
}

/** Pages of the funds of the portals the caller runs, by name, searched by name (50 at a time), each with its portal. */
export function useFundPages() {
  const { get } = useFetchClient();
  return useCallback(
    async (page: number, q: string): Promise<ChoicePage> => {
      const { data } = await get('/sponsor-desk/fund-choices', { params: { page, pageSize: 50, ...(q && { q }) } });
      const { results, pagination } = data as FundChoicesPage;
      return {
        options: results.map((fund) => [
          fund.documentId,
          `${fund.name ?? fund.documentId}${fund.portal ? ` (${fund.portal})` : ''}`,
        ]),
        more: page < pagination.pageCount,
      };
    },
    [get],
  );
}

/** The words staff read for an event's type and a distribution's kind: the forms' choices and the lists' cells. */
export const EVENT_TYPES: [FundEventSummary['type'], string][] = [
  ['distribution', 'Distribution'],
  ['capital_call', 'Capital call'],
];
export const eventTypeName = (type: FundEventSummary['type']) =>
  (EVENT_TYPES.find(([value]) => value === type) ?? EVENT_TYPES[0])[1];
export const KINDS: [string, string][] = [
  ['income', 'Income'],
  ['return_of_capital', 'Return of capital'],
  ['gain', 'Gain'],
];

/** Pages of a fund's posted capital calls, newest first: what a funding pays; read again when `seen` changes (a post). */
export function usePostedCallPages(fund: string, seen?: unknown) {
  const { get } = useFetchClient();
  return useCallback(
    async (page: number): Promise<ChoicePage> => {
      if (!fund) return { options: [], more: false };
      const { data } = await get('/sponsor-desk/fund-events', {
        params: { fund, state: 'posted', type: 'capital_call', page, pageSize: 50 },
      });
      const { results, pagination } = data as FundEventsPage;
      return {
        options: results.map((call) => [
          call.documentId,
          `Capital call of ${call.date}${call.due_date ? `, due ${call.due_date}` : ''}`,
        ]),
        more: page < pagination.pageCount,
      };
    },
    // `seen` is in the list on purpose: a new function when staff post makes the picker read its pages again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [get, fund, seen],
  );
}

/** An event's terms as staff gave them: its total, or the percent of commitments a percent call asks. */
export const termsOf = (event: Pick<FundEventSummary | FundEventPage, 'total_cents' | 'percent'>) =>
  event.total_cents !== null ? dollars(event.total_cents) : `${event.percent}% of commitments`;

/** When an event was posted, in the staff member's time. */
const postedAt = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** What each state's list says: its heading, who made its events, and what it counts. */
const EVENT_LISTS = {
  draft: { title: 'Drafts', by: 'Drafted by', noun: 'draft', empty: 'No drafts for this fund' },
  posted: { title: 'Posted', by: 'Posted by', noun: 'posted event', empty: 'Nothing posted for this fund yet' },
} as const;

/**
 * A fund's drafts or posted events, a page at a time, each opened to see its allocation (and, a draft, to post it);
 * posted events say who posted them and when.
 */
export function EventList({
  fund,
  state,
  shown,
  onOpen,
  notify,
}: {
  fund: string;
  state: FundEventSummary['state'];
  shown: unknown;
  onOpen: (documentId: string) => void;
  notify: Notify;
}) {
  const { get } = useFetchClient();
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<FundEventsPage | null>(null);
  const list = EVENT_LISTS[state];
  const posted = state === 'posted';
  useEffect(() => setPage(1), [fund]);
  useEffect(() => {
    if (!fund) return setAnswer(null);
    get('/sponsor-desk/fund-events', { params: { fund, state, page, pageSize: 10 } })
      .then(({ data }) => setAnswer(data as FundEventsPage))
      .catch((error: unknown) => reportFailure(notify, error));
    // `shown` changes when a draft is made, replaced or posted: the list follows.
  }, [get, fund, state, page, shown, notify]);
  if (!answer) return null;
  return (
    <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
      <Typography variant="delta" tag="h2">
        {list.title}
      </Typography>
      <Box paddingTop={4}>
        <Table colCount={posted ? 6 : 5} rowCount={answer.results.length + 1} aria-label={list.title}>
          <Thead>
            <Tr>
              <Heading label="Type" />
              <Heading label="Date" />
              <Heading label="Total" />
              <Heading label={list.by} />
              {posted && <Heading label="Posted at" />}
              <Heading label="Open" />
            </Tr>
          </Thead>
          <Tbody>
            {answer.results.map((event) => (
              <Tr key={event.documentId}>
                <Cell>{eventTypeName(event.type)}</Cell>
                <Cell>
                  {event.date}
                  {event.due_date ? `, due ${event.due_date}` : ''}
                </Cell>
                <Cell>{termsOf(event)}</Cell>
                <Cell>{(posted ? event.postedByName : event.createdByName) ?? ''}</Cell>
                {posted && <Cell>{postedAt(event.posted_at)}</Cell>}
                <Td>
                  <Button variant="tertiary" onClick={() => onOpen(event.documentId)}>
                    Open
                  </Button>
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      </Box>
      <Pager
        total={answer.pagination.total}
        page={page}
        pageCount={answer.pagination.pageCount}
        noun={list.noun}
        empty={list.empty}
        setPage={setPage}
      />
    </Box>
  );
}

export const ALLOCATION_PAGE = 50;

/** The allocation table's page shown, with the pager to the others. */
export function AllocationTable({ event, setPage }: { event: FundEventPage; setPage: (page: number) => void }) {
  return (
    <>
      <Table colCount={4} rowCount={event.allocation.length + 1} aria-label="Allocation">
        <Thead>
          <Tr>
            <Heading label="Investor" />
            <Heading label="Email" />
            <Heading label="Base" />
            <Heading label="Amount" />
          </Tr>
        </Thead>
        <Tbody>
          {event.allocation.map((line) => (
            <Tr key={line.syndUser.documentId}>
              <Cell>{line.investor.name}</Cell>
              <Cell>{line.investor.email}</Cell>
              <Cell>{event.state === 'draft' ? dollars(line.base_cents) : ''}</Cell>
              <Cell>{dollars(line.amount_cents)}</Cell>
            </Tr>
          ))}
        </Tbody>
      </Table>
      <Pager
        total={event.pagination.total}
        page={event.pagination.page}
        pageCount={event.pagination.pageCount}
        noun="investor"
        empty="Nobody to share among"
        setPage={setPage}
      />
    </>
  );
}
