import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Flex,
  Link,
  Loader,
  Table,
  Tbody,
  Td,
  TextButton,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { useFetchClient, useRBAC } from '@strapi/strapi/admin';
import { NavLink } from 'react-router-dom';
import type { BoardFund, StateOption } from './raise-board';
import { AmendDialog, TransferDialog } from './commitment-actions';
import { DocumentLinks } from './document-links';
import { Choice, Input, SearchForm } from './fields';
import { Cell, Heading, Pager } from './table';
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { centsOf, dateOf, money, today, TYPE_NAMES } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/** What POST /sponsor-desk/reminders answers. */
interface RemindersAnswer {
  day: string;
  sent: number;
  skipped: number;
  notNeeded: number;
  noAccount: number;
}
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

/** A row of GET /sponsor-desk/funds/:documentId/commitments (docs/sponsor-desk.md). */
interface Line {
  documentId: string;
  state: string;
  investor: {
    documentId: string | null;
    name: string;
    email: string | null;
    accreditation: { label: string; type: string } | null;
    accreditationDate: string | null;
    accreditationDue: boolean;
  };
  amount: number | null;
  method: string | null;
  is_married: boolean;
  spouse: { name: string; email: string | null } | null;
  investorSignedAt: string | null;
  spouseSignedAt: string | null;
  countersignedAt: string | null;
  fundedAt: string | null;
  fundedAmount: number | null;
  lastRemindedAt: string | null;
  lastReminderFailedAt: string | null;
  feedback: string | null;
  waitingFor: 'investor' | 'spouse' | 'management' | 'funding' | null;
  /** It waits for the investor or the spouse, whose signing link waits for a signature. */
  hasOpenLink: boolean;
}

interface Page {
  results: Line[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
}

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
const WAITING: Record<NonNullable<Line['waitingFor']>, string> = {
  investor: 'waits for the investor',
  spouse: 'waits for the spouse',
  management: 'waits for countersigning',
  funding: 'waits for the money',
};
const PAGE_SIZE = 25;
/** The states a commitment is amended or transferred in: the investor said yes (not declined, not transferred already). */
const AMENDABLE = new Set(['committed', 'investor_signed', 'spouse_signed', 'countersigned', 'funded']);
/** The most agreements one countersigning call takes (as the server's COUNTERSIGN_MAX). */
const COUNTERSIGN_MAX = 100;

const permission = (action: string) => [{ action: `plugin::sponsor-desk.${action}`, subject: null }] as never[];
const DESK_PERMISSIONS = {
  remind: permission('remind'),
  countersign: permission('countersign'),
  export: permission('export'),
  post: permission('post'),
  transfer: permission('transfer'),
};

/** The content manager's list of an investor's downloads (File Download rows), in the panel. */
const downloadsOf = (userDocumentId: string) =>
  `/content-manager/collection-types/api::file-download.file-download?page=1&pageSize=10&filters[$and][0][user][documentId][$eq]=${encodeURIComponent(userDocumentId)}`;

/** A sortable column heading: a click sorts by it, a second click the other way. */
function SortHeading({
  label,
  field,
  sort,
  setSort,
}: {
  label: string;
  field: string;
  sort: string;
  setSort: (sort: string) => void;
}) {
  const [current, direction] = sort.split(':');
  const active = current === field;
  return (
    <Th>
      <TextButton
        onClick={() => setSort(`${field}:${active && direction === 'asc' ? 'desc' : 'asc'}`)}
        aria-label={`Sort by ${label}`}
      >
        <Typography variant="sigma">{`${label}${active ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}`}</Typography>
      </TextButton>
    </Th>
  );
}

/** A cell's two lines: the value, and a smaller grey one under it. */
function Lines({ first, second, bold = false }: { first: string; second?: string | null; bold?: boolean }) {
  return (
    <Flex direction="column" alignItems="flex-start">
      <Typography textColor="neutral800" fontWeight={bold ? 'bold' : undefined}>
        {first}
      </Typography>
      {second && (
        <Typography variant="pi" textColor="neutral600">
          {second}
        </Typography>
      )}
    </Flex>
  );
}

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
  states: StateOption[];
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
  const [acting, setActing] = useState<{ line: Line; action: 'amend' | 'transfer' } | null>(null);
  const [funding, setFunding] = useState<{ line: Line; amount: string; date: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const section = useRef<HTMLElement>(null);
  // Opened from a card above: brought into view. (Braces: Chromium's scrollIntoView answers a promise, which React
  // would take for the effect's clean-up.)
  useEffect(() => {
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [fund.documentId, state]);
  const labelOf = (value: string) => states.find((each) => each.state === value)?.label ?? value;
  const params = { ...(state && { state }), ...(q && { q }), sort };

  const { data, reload: load } = useLatestAnswer<Page>(
    `/sponsor-desk/funds/${fund.documentId}/commitments`,
    { state: state || undefined, q: q || undefined, sort, page, pageSize: PAGE_SIZE },
    notify,
  );
  useEffect(() => setPage(1), [state, q, sort]);
  useEffect(() => setChecked(new Map()), [state, q]);

  const refresh = () => {
    load();
    changed();
  };

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
      const { countersigned, results } = answer as {
        countersigned: number;
        results: { syndUser: string; success: boolean; error?: string }[];
      };
      const refused = results
        .filter((result) => !result.success)
        .map((result) => `${checked.get(result.syndUser) ?? result.syndUser}: ${result.error}`);
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
  const newSigningLink = async (line: Line) => {
    setBusy(true);
    try {
      const { data: answer } = await post(`/sponsor-desk/commitments/${line.documentId}/signing-links`, {});
      const { reissued } = answer as { reissued: { role: string; email: string | null }[] };
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
  const [reading, setReading] = useState<Line | null>(null);

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
  const toggle = (line: Line) =>
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
          <Button
            disabled={!checked.size || busy}
            loading={busy}
            onClick={countersign}
          >{`Countersign selected (${checked.size})`}</Button>
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
        <Table colCount={12} rowCount={rows.length + 1} aria-label="Commitments">
          <Thead>
            <Tr>
              <Th>
                <Typography variant="sigma">Select</Typography>
              </Th>
              <SortHeading label="Investor" field="name" sort={sort} setSort={setSort} />
              <SortHeading label="State" field="state" sort={sort} setSort={setSort} />
              <Heading label="Accreditation" />
              <SortHeading label="Amount" field="amount" sort={sort} setSort={setSort} />
              <Heading label="Method and spouse" />
              <SortHeading label="Signed" field="investorSignedAt" sort={sort} setSort={setSort} />
              <SortHeading label="Countersigned" field="countersignedAt" sort={sort} setSort={setSort} />
              <SortHeading label="Funded" field="fundedAt" sort={sort} setSort={setSort} />
              <SortHeading label="Reminded" field="lastRemindedAt" sort={sort} setSort={setSort} />
              <Heading label="Feedback" />
              <Heading label="Actions" />
            </Tr>
          </Thead>
          <Tbody>
            {rows.map((line) => (
              <Tr key={line.documentId}>
                <Td>
                  {line.waitingFor === 'management' && allowedActions.canCountersign && (
                    <Checkbox
                      aria-label={`Select ${line.investor.name}`}
                      checked={checked.has(line.documentId)}
                      disabled={!checked.has(line.documentId) && checked.size >= COUNTERSIGN_MAX}
                      onCheckedChange={() => toggle(line)}
                    />
                  )}
                </Td>
                <Td>
                  <Lines first={line.investor.name} second={line.investor.email} bold />
                </Td>
                <Td>
                  <Lines first={labelOf(line.state)} second={line.waitingFor ? WAITING[line.waitingFor] : null} />
                </Td>
                <Td>
                  {line.investor.accreditation ? (
                    <Lines
                      first={`${TYPE_NAMES[line.investor.accreditation.type] ?? line.investor.accreditation.type} · ${dateOf(line.investor.accreditationDate)}`}
                      second={`${line.investor.accreditation.label}${line.investor.accreditationDue ? ' · over a year old: ask again' : ''}`}
                    />
                  ) : (
                    <Lines first="None stated" />
                  )}
                </Td>
                <Cell>{money(line.amount)}</Cell>
                <Td>
                  <Lines
                    first={`${line.method ?? ''}${line.is_married ? ' · married' : ''}`}
                    second={
                      line.spouse ? `${line.spouse.name}${line.spouse.email ? ` <${line.spouse.email}>` : ''}` : null
                    }
                  />
                </Td>
                <Td>
                  <Lines
                    first={line.investorSignedAt ? `Investor ${dateOf(line.investorSignedAt)}` : ''}
                    second={line.spouseSignedAt ? `Spouse ${dateOf(line.spouseSignedAt)}` : null}
                  />
                </Td>
                <Cell>{dateOf(line.countersignedAt)}</Cell>
                <Td>
                  <Lines
                    first={dateOf(line.fundedAt)}
                    second={line.fundedAt && line.fundedAmount !== null ? money(line.fundedAmount) : null}
                  />
                </Td>
                <Td>
                  {line.lastReminderFailedAt ? (
                    <Lines
                      first={`Failed ${dateOf(line.lastReminderFailedAt)}`}
                      second={line.lastRemindedAt ? `last sent ${dateOf(line.lastRemindedAt)}` : null}
                    />
                  ) : (
                    <Lines first={dateOf(line.lastRemindedAt)} />
                  )}
                </Td>
                <Td style={{ minWidth: '14rem', maxWidth: '20rem', whiteSpace: 'normal' }}>
                  <Typography textColor="neutral800">{line.feedback ?? ''}</Typography>
                </Td>
                <Td>
                  <Flex gap={2}>
                    {line.investorSignedAt && (
                      <TextButton
                        onClick={() => setReading(line)}
                        aria-label={`Read the agreement of ${line.investor.name}`}
                      >
                        Agreement
                      </TextButton>
                    )}
                    {allowedActions.canRemind && line.hasOpenLink && (
                      <TextButton
                        disabled={busy}
                        onClick={() => newSigningLink(line)}
                        aria-label={`New signing link for ${line.investor.name}`}
                      >
                        New signing link
                      </TextButton>
                    )}
                    {allowedActions.canPost && line.state === 'countersigned' && (
                      <TextButton
                        onClick={() => setFunding({ line, amount: String(line.amount ?? ''), date: today() })}
                      >
                        Funding
                      </TextButton>
                    )}
                    {allowedActions.canPost && AMENDABLE.has(line.state) && (
                      <TextButton
                        onClick={() => setActing({ line, action: 'amend' })}
                        aria-label={`Amend the commitment of ${line.investor.name}`}
                      >
                        Amend
                      </TextButton>
                    )}
                    {allowedActions.canTransfer && AMENDABLE.has(line.state) && (
                      <TextButton
                        onClick={() => setActing({ line, action: 'transfer' })}
                        aria-label={`Transfer the commitment of ${line.investor.name}`}
                      >
                        Transfer
                      </TextButton>
                    )}
                    {line.investor.documentId && (
                      <>
                        <DocumentLinks documentId={line.investor.documentId} name={line.investor.name} />
                        <Link
                          tag={NavLink}
                          to={downloadsOf(line.investor.documentId)}
                          aria-label={`Downloads of ${line.investor.name}`}
                        >
                          Downloads
                        </Link>
                      </>
                    )}
                  </Flex>
                </Td>
              </Tr>
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
