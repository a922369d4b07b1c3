import { Checkbox, Flex, Link, Td, TextButton, Th, Tr, Typography } from '@strapi/design-system';
import type { CommitmentLine, CommitmentWaitingFor } from '@portal/rules';
import { NavLink } from 'react-router-dom';
import { DocumentLinks } from './document-links';
import { Cell, Heading } from './table';
import { dateOf, money, today, TYPE_NAMES } from '../utils/format';

/** The commitments table's heading and rows (commitments.tsx holds the table, its filter and what staff do from it). */

/** The columns staff may hide (column-choice.tsx); the selection, the investor, the actions and the state always show. */
export const OPTIONAL_COLUMNS = {
  accreditation: 'Accreditation',
  amount: 'Amount',
  method: 'Method and spouse',
  signed: 'Signed',
  countersigned: 'Countersigned',
  funded: 'Funded',
  reminded: 'Reminded',
  feedback: 'Feedback',
} as const;
export type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;

const WAITING: Record<CommitmentWaitingFor, string> = {
  investor: 'waits for the investor',
  spouse: 'waits for the spouse',
  management: 'waits for countersigning',
  funding: 'waits for the money',
};
/** The states a commitment is amended or transferred in: the investor said yes (not declined, not transferred already). */
const AMENDABLE = new Set(['committed', 'investor_signed', 'spouse_signed', 'countersigned', 'funded']);
/** The most agreements one countersigning call takes (as the server's COUNTERSIGN_MAX). */
export const COUNTERSIGN_MAX = 100;

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

/** The table's heading: the sortable columns sort on the server; the actions come right after the investor. */
export function CommitmentsHead({
  sort,
  setSort,
  shown,
}: {
  sort: string;
  setSort: (sort: string) => void;
  shown: Set<OptionalColumn>;
}) {
  return (
    <Tr>
      <Th>
        <Typography variant="sigma">Select</Typography>
      </Th>
      <SortHeading label="Investor" field="name" sort={sort} setSort={setSort} />
      <Heading label="Actions" />
      <SortHeading label="State" field="state" sort={sort} setSort={setSort} />
      {shown.has('accreditation') && <Heading label="Accreditation" />}
      {shown.has('amount') && <SortHeading label="Amount" field="amount" sort={sort} setSort={setSort} />}
      {shown.has('method') && <Heading label="Method and spouse" />}
      {shown.has('signed') && <SortHeading label="Signed" field="investorSignedAt" sort={sort} setSort={setSort} />}
      {shown.has('countersigned') && (
        <SortHeading label="Countersigned" field="countersignedAt" sort={sort} setSort={setSort} />
      )}
      {shown.has('funded') && <SortHeading label="Funded" field="fundedAt" sort={sort} setSort={setSort} />}
      {shown.has('reminded') && <SortHeading label="Reminded" field="lastRemindedAt" sort={sort} setSort={setSort} />}
      {shown.has('feedback') && <Heading label="Feedback" />}
    </Tr>
  );
}

/** One commitment's row: its investor, state, accreditation, money, signatures, reminders and what staff may do. */
export function CommitmentRow({
  line,
  labelOf,
  allowedActions,
  checked,
  toggle,
  busy,
  setReading,
  newSigningLink,
  setFunding,
  setActing,
  shown,
}: {
  line: CommitmentLine;
  labelOf: (state: string) => string;
  allowedActions: Record<string, boolean>;
  /** The agreements checked to countersign, by commitment, with their investor's name. */
  checked: Map<string, string>;
  toggle: (line: CommitmentLine) => void;
  busy: boolean;
  setReading: (line: CommitmentLine) => void;
  newSigningLink: (line: CommitmentLine) => void;
  setFunding: (funding: { line: CommitmentLine; amount: string; date: string }) => void;
  setActing: (acting: { line: CommitmentLine; action: 'amend' | 'transfer' }) => void;
  shown: Set<OptionalColumn>;
}) {
  return (
    <Tr>
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
      <Td style={{ whiteSpace: 'normal' }}>
        <Flex gap={2} wrap="wrap" style={{ minWidth: '12rem', maxWidth: '18rem' }}>
          {line.investorSignedAt && (
            <TextButton onClick={() => setReading(line)} aria-label={`Read the agreement of ${line.investor.name}`}>
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
            <TextButton onClick={() => setFunding({ line, amount: String(line.amount ?? ''), date: today() })}>
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
      <Td>
        <Lines first={labelOf(line.state)} second={line.waitingFor ? WAITING[line.waitingFor] : null} />
      </Td>
      {shown.has('accreditation') && (
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
      )}
      {shown.has('amount') && <Cell>{money(line.amount)}</Cell>}
      {shown.has('method') && (
        <Td>
          <Lines
            first={`${line.method ?? ''}${line.is_married ? ' · married' : ''}`}
            second={line.spouse ? `${line.spouse.name}${line.spouse.email ? ` <${line.spouse.email}>` : ''}` : null}
          />
        </Td>
      )}
      {shown.has('signed') && (
        <Td>
          <Lines
            first={line.investorSignedAt ? `Investor ${dateOf(line.investorSignedAt)}` : ''}
            second={line.spouseSignedAt ? `Spouse ${dateOf(line.spouseSignedAt)}` : null}
          />
        </Td>
      )}
      {shown.has('countersigned') && <Cell>{dateOf(line.countersignedAt)}</Cell>}
      {shown.has('funded') && (
        <Td>
          <Lines
            first={dateOf(line.fundedAt)}
            second={line.fundedAt && line.fundedAmount !== null ? money(line.fundedAmount) : null}
          />
        </Td>
      )}
      {shown.has('reminded') && (
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
      )}
      {shown.has('feedback') && (
        <Td style={{ minWidth: '14rem', maxWidth: '20rem', whiteSpace: 'normal' }}>
          <Typography textColor="neutral800">{line.feedback ?? ''}</Typography>
        </Td>
      )}
    </Tr>
  );
}
