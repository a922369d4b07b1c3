import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Flex, Loader, Table, Tbody, TextButton, Thead, Typography } from '@strapi/design-system';
import type {
  BoardFund,
  BoardState,
  CommitmentLine,
  CommitmentsPage,
  CountersignAnswer,
  ReissuedLinksAnswer,
  RemindersAnswer,
} from '@portal/rules';
import { useFetchClient, useRBAC } from '@strapi/strapi/admin';
import { AmendDialog, TransferDialog } from './commitment-actions';
import { ConfirmButton } from './confirm-button';
import { ColumnChoice, useColumnChoice } from './column-choice';
import {
  CommitmentRow,
  CommitmentsHead,
  COUNTERSIGN_MAX,
  OPTIONAL_COLUMNS,
  type OptionalColumn,
} from './commitments-table';
import { Choice, Input, SearchForm } from './fields';
import { Pager } from './table';
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { centsOf, money } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/**
 * The reminders' answer as staff read it: `sent` counts the reminders claimed, whose mails go out after the answer (one
 * that fails shows as Failed in the table's Reminded column); the day is the UTC date, as the once-a-day rule counts it.
 */
const remindersSummary = ({ day, sent, skipped, notNeeded, noAccount }: RemindersAnswer) =>
  `Reminders going out: ${sent}. Skipped (reminded already on ${day}, a day counted in UTC): ${skipped}.` +
  (noAccount ? ` Not reminded, no account (deleted): ${noAccount}.` : '') +
  (notNeeded ? ` Nothing asked of them now: ${notNeeded}.` : '');

// pdf.js is fetched when staff first open an agreement, not with the desk.
const PdfReader = lazy(() => import('./pdf-reader'));

/**
 * The states a reminder goes to (those who must still sign or fund), and what its button says of the `listed` rows
 * (the table's filter, every page): who it reaches, or, for spouses, of how many listed (those who signed alone wait
 * for management and get nothing).
 */
const REMINDERS: Record<string, (listed: number) => string> = {
  committed: (listed) => `Remind ${listed} to sign`,
  investor_signed: (listed) => `Remind spouses to sign (of ${listed} listed)`,
  countersigned: (listed) => `Remind ${listed} to fund`,
};
const PAGE_SIZE = 25;

const permission = (action: string) => [{ action: `plugin::sponsor-desk.${action}`, subject: null }] as never[];
const DESK_PERMISSIONS = {
  remind: permission('remind'),
  countersign: permission('countersign'),
  export: permission('export'),
  post: permission('post'),
  transfer: permission('transfer'),
};

/**
 * A fund's commitments table: filtered by state and search, sorted and paged by the server; from it, staff remind
 * the state's investors, countersign the checked agreements, confirm a funding, export exactly what the filter shows,
 * and open an investor's documents and downloads. Each button shows only to staff who hold its permission; the
 * server checks every call.
 */
export function Commitments({
  fund,
  portal,
  states,
  state,
  setState,
  notify,
  changed,
}: {
  fund: BoardFund;
  /** The board's portal: a transfer's receiving investor is picked from its investors. */
  portal?: string;
  states: BoardState[];
  state: string;
  setState: (state: string) => void;
  notify: Notify;
  changed: () => void;
}) {
  const { get, post } = useFetchClient();
  const { allowedActions } = useRBAC(DESK_PERMISSIONS);
  const [sort, setSort] = useState('name:asc');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  // The agreements checked to countersign, by commitment, with their investor's name: kept across pages (and sorts)
  // of one filter, so staff check rows on several pages and countersign them at once; a new filter or search clears it.
  const [checked, setChecked] = useState<Map<string, string>>(new Map());
  const [acting, setActing] = useState<{ line: CommitmentLine; action: 'amend' | 'transfer' } | null>(null);
  const [funding, setFunding] = useState<{ line: CommitmentLine; amount: string; date: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useColumnChoice('commitments', Object.keys(OPTIONAL_COLUMNS) as OptionalColumn[]);
  const section = useRef<HTMLElement>(null);
  // Opened from a card above: brought into view. (Braces: Chromium's scrollIntoView answers a promise, which React
  // would take for the effect's clean-up.)
  useEffect(() => {
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [fund.documentId, state]);
  const labelOf = (value: string) => states.find((each) => each.state === value)?.label ?? value;
  const params = { ...(state && { state }), ...(q && { q }), sort };

  const { data, reload: load } = useLatestAnswer<CommitmentsPage>(
    `/sponsor-desk/funds/${fund.documentId}/commitments`,
    { state: state || undefined, q: q || undefined, sort, page, pageSize: PAGE_SIZE },
    notify,
  );
  useEffect(() => setPage(1), [state, q, sort]);
  useEffect(() => setChecked(new Map()), [state, q]);

  // The state filter's counts and the board's figures are read again with each answer of the table, so they agree
  // with the rows shown, another staff member's change included (and after this one's: refresh reads the table).
  useEffect(() => {
    if (data) changed();
  }, [data, changed]);
  const refresh = load;

  const remind = async () => {
    setBusy(true);
    try {
      // The table's filter, search included: exactly the rows it lists are reminded.
      const { data: answer } = await post('/sponsor-desk/reminders', { fund: fund.documentId, state, ...(q && { q }) });
      notify({ variant: 'success', text: remindersSummary(answer as RemindersAnswer) });
      refresh();
    } catch (error) {
      reportFailure(notify, error);
    } finally {
      setBusy(false);
    }
  };

  const countersign = async () => {
    setBusy(true);
    try {
      const { data: answer } = await post('/sponsor-desk/countersign', { syndUsers: [...checked.keys()] });
      const { countersigned, results } = answer as CountersignAnswer;
      const refused = results.flatMap((result) =>
        result.success ? [] : [`${checked.get(String(result.syndUser)) ?? result.syndUser}: ${result.error}`],
      );
      notify({
        variant: refused.length ? 'danger' : 'success',
        text: [`Countersigned: ${countersigned}.`, ...refused].join(' '),
      });
      setChecked(new Map());
      refresh();
    } catch (error) {
      reportFailure(notify, error);
    } finally {
      setBusy(false);
    }
  };

  /** Mails the commitment's signers waiting to sign a new link (the old one stops working; a suspended one opens so). */
  const newSigningLink = async (line: CommitmentLine) => {
    setBusy(true);
    try {
      const { data: answer } = await post(`/sponsor-desk/commitments/${line.documentId}/signing-links`, {});
      const { reissued } = answer as ReissuedLinksAnswer;
      notify({
        variant: 'success',
        text: `New signing link sent to ${reissued.map((signer) => `${signer.role} ${signer.email ?? ''}`.trim()).join(' and ')}.`,
      });
    } catch (error) {
      reportFailure(notify, error);
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    try {
      const { data: blob } = await get(`/sponsor-desk/funds/${fund.documentId}/commitments.csv`, {
        params,
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob as Blob);
      const anchor = Object.assign(document.createElement('a'), {
        href: url,
        download: `${(fund.name ?? 'fund').replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-commitments${state ? `-${state}` : ''}.csv`,
      });
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  /** The commitment whose agreement is open in the reader. */
  const [reading, setReading] = useState<CommitmentLine | null>(null);

  const confirmFunding = async (event: FormEvent) => {
    event.preventDefault();
    if (!funding) return;
    try {
      await post('/sponsor-desk/funding', {
        syndUser: funding.line.documentId,
        amount_cents: centsOf(funding.amount),
        date: funding.date,
      });
      notify({
        variant: 'success',
        text: `Funding of ${money(Number(funding.amount))} from ${funding.line.investor.name} recorded.`,
      });
      setFunding(null);
      refresh();
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  const rows = data?.results ?? [];
  const pagination = data?.pagination;
  const toggle = (line: CommitmentLine) =>
    setChecked((current) => {
      const next = new Map(current);
      if (next.has(line.documentId)) next.delete(line.documentId);
      else next.set(line.documentId, line.investor.name);
      return next;
    });

  return (
    <Box
      ref={section}
      tag="section"
      aria-label={`Commitments to ${fund.name}`}
      background="neutral0"
      padding={6}
      shadow="filterShadow"
      hasRadius
    >
      <Typography variant="delta" tag="h2">{`Commitments to ${fund.name}`}</Typography>
      {reading && (
        <Suspense fallback={<Loader small>Loading the reader</Loader>}>
          <PdfReader
            path={`/sponsor-desk/commitments/${reading.documentId}/document`}
            title={`Subscription agreement of ${reading.investor.name}`}
            fileName={`${fund.name} - ${reading.investor.name} - subscription agreement.pdf`}
            onClose={() => setReading(null)}
          />
        </Suspense>
      )}
      <Flex gap={4} wrap="wrap" alignItems="flex-end" paddingTop={4}>
        <Choice
          label="State"
          value={state}
          onChange={setState}
          options={[
            ['', `All states (${fund.investors})`],
            ...states.map(({ state: value, label }): [string, string] => [
              value,
              `${label} (${fund.counts[value] ?? 0})`,
            ]),
          ]}
        />
        <SearchForm label="Search name or email" onSearch={setQ} />
        {allowedActions.canRemind && REMINDERS[state] && pagination && (
          <Button variant="secondary" loading={busy} disabled={!pagination.total} onClick={remind}>
            {REMINDERS[state](pagination.total)}
          </Button>
        )}
        {allowedActions.canCountersign && (
          <ConfirmButton
            label={`Countersign selected (${checked.size})`}
            title={`Countersign ${checked.size === 1 ? 'this agreement' : `these ${checked.size} agreements`}?`}
            confirm="Countersign"
            onConfirm={() => void countersign()}
            disabled={!checked.size || busy}
            loading={busy}
          >
            {`As management, in your name: ${[...checked.values()].join(', ')}. Each agreement is completed and ` +
              'sealed, and its investor is told by bell and mail; a countersignature is not undone.'}
          </ConfirmButton>
        )}
        {allowedActions.canCountersign && checked.size > 0 && (
          <Flex gap={2} alignItems="center">
            <Typography
              variant="pi"
              textColor="neutral600"
            >{`${checked.size} selected across pages${checked.size >= COUNTERSIGN_MAX ? ` (at most ${COUNTERSIGN_MAX} at once)` : ''}`}</Typography>
            <TextButton onClick={() => setChecked(new Map())}>Clear selection</TextButton>
          </Flex>
        )}
        {allowedActions.canExport && (
          <Button variant="tertiary" onClick={exportCsv}>
            Export CSV
          </Button>
        )}
      </Flex>
      {funding && (
        <Box tag="form" paddingTop={4} onSubmit={confirmFunding}>
          <Typography
            variant="omega"
            fontWeight="bold"
          >{`Funding received from ${funding.line.investor.name}`}</Typography>
          <Flex gap={4} alignItems="flex-end" paddingTop={2}>
            <Input
              label="Amount received (dollars)"
              value={funding.amount}
              onChange={(amount) => setFunding({ ...funding, amount })}
            />
            <Input
              label="Received on"
              type="date"
              value={funding.date}
              onChange={(date) => setFunding({ ...funding, date })}
            />
            <Button type="submit">Confirm funding</Button>
            <Button variant="tertiary" onClick={() => setFunding(null)}>
              Cancel
            </Button>
          </Flex>
        </Box>
      )}
      <Box paddingTop={4}>
        <ColumnChoice labels={OPTIONAL_COLUMNS} shown={columns.shown} toggle={columns.toggle} />
      </Box>
      <Box paddingTop={2}>
        <Table colCount={4 + columns.shown.size} rowCount={rows.length + 1} aria-label="Commitments">
          <Thead>
            <CommitmentsHead sort={sort} setSort={setSort} shown={columns.shown} />
          </Thead>
          <Tbody>
            {rows.map((line) => (
              <CommitmentRow
                key={line.documentId}
                line={line}
                labelOf={labelOf}
                allowedActions={allowedActions}
                checked={checked}
                toggle={toggle}
                busy={busy}
                setReading={setReading}
                newSigningLink={newSigningLink}
                setFunding={setFunding}
                setActing={setActing}
                shown={columns.shown}
              />
            ))}
          </Tbody>
        </Table>
      </Box>
      {acting?.action === 'amend' && (
        <AmendDialog
          line={acting.line}
          notify={notify}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            refresh();
          }}
        />
      )}
      {acting?.action === 'transfer' && (
        <TransferDialog
          line={acting.line}
          portal={portal}
          notify={notify}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            refresh();
          }}
        />
      )}
      {pagination && (
        <Pager
          total={pagination.total}
          page={pagination.page}
          pageCount={pagination.pageCount}
          noun="commitment"
          empty="No commitments in this state"
          setPage={setPage}
        />
      )}
    </Box>
  );
}
