import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Table, Tbody, Td, TextButton, Thead, Tr, Typography } from '@strapi/design-system';
import type { AccreditationView, DeskInvestor, DirectoryPage, InvestorFile } from '@portal/rules';
import { useFetchClient, useRBAC } from '@strapi/strapi/admin';
import { useSearchParams } from 'react-router-dom';
import { DocumentLinks, type DocumentKind } from './document-links';
import { Choice, SearchForm } from './fields';
import { Cell, Heading, Pager } from './table';
import { ColumnChoice, useColumnChoice } from './column-choice';

/** The directory's columns staff may hide (the investor, Details and Documents always show). */
const DIRECTORY_COLUMNS = {
  accreditation: 'Accreditation',
  proof: 'Proof documents',
  commitments: 'Accepted commitments',
  sessions: 'Open sessions',
} as const;
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { useOpenFile } from '../hooks/use-open-file';
import { dateOf, money, TYPE_NAMES } from '../utils/format';
import { NO_PORTAL, reportFailure, type Notify } from '../utils/notices';

const PERMISSIONS = {
  review: [{ action: 'plugin::sponsor-desk.review', subject: null }] as never[],
  sessions: [{ action: 'plugin::sponsor-desk.sessions', subject: null }] as never[],
};

/** The accreditation as staff read it: its type, threshold and date, and 'ask again' beside them once over a year old. */
function accreditationText(account: AccreditationView): string {
  if (!account.accreditation) return 'None stated';
  const type = TYPE_NAMES[account.accreditation.type] ?? account.accreditation.type;
  return `${type} · ${account.accreditation.label} · ${dateOf(account.accreditationDate)}${account.accreditationDue ? ' · over a year old: ask again' : ''}`;
}

/** One kind of the investor's documents (tax, news, agreements): each opens in a new tab. */
function Files({
  kind,
  files,
  open,
}: {
  kind: DocumentKind;
  files: InvestorFile[];
  open: (path: string) => Promise<void>;
}) {
  const label = {
    proof: 'Proof documents',
    tax: 'Tax documents',
    news: 'News documents',
    agreement: 'Completed agreements',
  }[kind];
  return (
    <>
      <Box paddingTop={6}>
        <Typography variant="omega" fontWeight="bold" tag="h3">
          {label}
        </Typography>
      </Box>
      {files.length ? (
        <Table colCount={3} rowCount={files.length + 1} aria-label={label}>
          <Thead>
            <Tr>
              <Heading label="Document" />
              <Heading label="Fund and year" />
              <Heading label="Added" />
            </Tr>
          </Thead>
          <Tbody>
            {files.map((file) => (
              <Tr key={file.documentId}>
                <Td>
                  <TextButton onClick={() => void open(`/sponsor-desk/documents/${kind}/${file.documentId}`)}>
                    {file.title ?? 'Untitled'}
                  </TextButton>
                </Td>
                <Cell>{[file.fund, file.year].filter(Boolean).join(' · ')}</Cell>
                <Cell>{dateOf(file.uploadedAt)}</Cell>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : (
        <Typography textColor="neutral600">None.</Typography>
      )}
    </>
  );
}

/** One investor: accreditation, documents of each kind (proofs to review), commitments across funds, and open sessions. */
function InvestorDetail({
  documentId,
  kind,
  notify,
  changed,
}: {
  documentId: string;
  kind: string | null;
  notify: Notify;
  changed: () => void;
}) {
  const { get, post } = useFetchClient();
  const { allowedActions } = useRBAC(PERMISSIONS);
  const openFile = useOpenFile(notify);
  const [investor, setInvestor] = useState<DeskInvestor | null>(null);
  const sections = useRef<Partial<Record<string, HTMLElement | null>>>({});
  // Opened on one kind of document (from the commitments table): that section is brought into view.
  useEffect(() => {
    if (investor && kind) sections.current[kind]?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [investor, kind]);
  const load = useCallback(() => {
    get(`/sponsor-desk/investors/${documentId}`)
      .then(({ data }) => setInvestor(data as DeskInvestor))
      .catch((error: unknown) => reportFailure(notify, error));
  }, [get, documentId, notify]);
  useEffect(load, [load]);

  const act = async (path: string, body: unknown, done: (answer: Record<string, unknown>) => string) => {
    try {
      const { data } = await post(path, body);
      notify({ variant: 'success', text: done(data as Record<string, unknown>) });
      load();
      changed();
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  if (!investor) return <Typography>Loading the investor…</Typography>;
  return (
    <Box tag="section" aria-label={investor.name} background="neutral0" padding={6} shadow="filterShadow" hasRadius>
      <Typography variant="delta" tag="h2">
        {investor.name}
      </Typography>
      <Box paddingTop={1}>
        <Typography textColor="neutral600">{`${investor.email} · accreditation: ${accreditationText(investor)}`}</Typography>
      </Box>

      <Box
        ref={(node: HTMLElement | null) => {
          sections.current.proof = node;
        }}
        paddingTop={6}
      >
        <Typography variant="omega" fontWeight="bold" tag="h3">
          Proof documents
        </Typography>
      </Box>
      {investor.proofDocuments.length ? (
        <Table colCount={3} rowCount={investor.proofDocuments.length + 1} aria-label="Proof documents">
          <Thead>
            <Tr>
              <Heading label="Document" />
              <Heading label="Uploaded" />
              <Heading label="Review" />
            </Tr>
          </Thead>
          <Tbody>
            {investor.proofDocuments.map((proof) => (
              <Tr key={proof.documentId}>
                <Td>
                  <TextButton onClick={() => void openFile(`/sponsor-desk/documents/proof/${proof.documentId}`)}>
                    {proof.title ?? 'Untitled'}
                  </TextButton>
                </Td>
                <Cell>{dateOf(proof.uploadedAt)}</Cell>
                <Td>
                  <Flex gap={3}>
                    <Typography textColor="neutral800">
                      {proof.reviewedAt
                        ? `Reviewed by ${proof.reviewedBy} on ${dateOf(proof.reviewedAt)}`
                        : 'Not reviewed'}
                    </Typography>
                    {allowedActions.canReview && (
                      <TextButton
                        onClick={() =>
                          act(
                            `/sponsor-desk/proof-documents/${proof.documentId}/review`,
                            { reviewed: !proof.reviewedAt },
                            () =>
                              proof.reviewedAt ? `${proof.title}: review undone.` : `${proof.title} marked reviewed.`,
                          )
                        }
                      >
                        {proof.reviewedAt ? 'Undo review' : 'Mark reviewed'}
                      </TextButton>
                    )}
                  </Flex>
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : (
        <Typography textColor="neutral600">None uploaded.</Typography>
      )}
      {(['tax', 'news', 'agreement'] as const).map((each) => (
        <Box
          key={each}
          ref={(node: HTMLElement | null) => {
            sections.current[each] = node;
          }}
        >
          <Files
            kind={each}
            files={{ tax: investor.taxDocuments, news: investor.newsDocuments, agreement: investor.agreements }[each]}
            open={openFile}
          />
        </Box>
      ))}

      <Box paddingTop={6}>
        <Typography variant="omega" fontWeight="bold" tag="h3">
          Commitments
        </Typography>
      </Box>
      {investor.commitments.length ? (
        <Table colCount={3} rowCount={investor.commitments.length + 1} aria-label="Commitments across funds">
          <Thead>
            <Tr>
              <Heading label="Fund" />
              <Heading label="State" />
              <Heading label="Amount" />
            </Tr>
          </Thead>
          <Tbody>
            {investor.commitments.map((commitment) => (
              <Tr key={commitment.documentId}>
                <Cell>{commitment.fund?.name ?? ''}</Cell>
                <Cell>{commitment.stateLabel}</Cell>
                <Cell>{money(commitment.amount)}</Cell>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : (
        <Typography textColor="neutral600">No commitments.</Typography>
      )}

      <Box paddingTop={6}>
        <Flex justifyContent="space-between">
          <Typography
            variant="omega"
            fontWeight="bold"
            tag="h3"
          >{`Open sessions (${investor.sessions.length})`}</Typography>
          {allowedActions.canSessions && investor.sessions.length > 0 && (
            <Button
              variant="danger-light"
              onClick={() =>
                act(
                  `/sponsor-desk/investors/${investor.documentId}/sign-out`,
                  {},
                  (answer) =>
                    `${investor.name} is signed out everywhere (${String(answer.ended)} session${answer.ended === 1 ? '' : 's'} ended).`,
                )
              }
            >
              Sign out everywhere
            </Button>
          )}
        </Flex>
      </Box>
      {investor.sessions.map((session, index) => (
        <Typography key={index} tag="p" textColor="neutral800">
          {`Since ${dateOf(session.startedAt)}, until ${dateOf(session.expiresAt)}${session.isGuestSession ? ' (a superadmin’s guest session)' : ''}`}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The investor directory (docs/sponsor-desk.md): a portal's accounts with their accreditation, proof documents to
 * review, commitments across funds and open sessions; one opens below with what staff may do about it.
 */
export function Investors({ notify }: { notify: Notify }) {
  // The investor open below is in the address (?investor=), so the commitments table links here and Back returns.
  const [params, setParams] = useSearchParams();
  const open = params.get('investor');
  const setOpen = (investor: string | null) =>
    setParams(investor ? { tab: 'investors', investor } : { tab: 'investors' });
  const [portal, setPortal] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const columns = useColumnChoice('investors', Object.keys(DIRECTORY_COLUMNS) as (keyof typeof DIRECTORY_COLUMNS)[]);
  const { data: directory, reload: load } = useLatestAnswer<DirectoryPage>(
    '/sponsor-desk/investors',
    { portal: portal || undefined, q: q || undefined, page, pageSize: 25 },
    notify,
  );

  const rows = directory?.results ?? [];
  if (directory && !directory.portal) return <Typography>{NO_PORTAL}</Typography>;
  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <Flex gap={4} alignItems="flex-end" wrap="wrap">
          {directory && directory.portals.length > 1 && (
            <Box style={{ minWidth: '20rem' }}>
              <Choice
                label="Portal"
                value={directory.portal?.slug ?? ''}
                onChange={(next) => {
                  setPortal(next);
                  setPage(1);
                  setOpen(null);
                }}
                options={directory.portals.map((each) => [each.slug, each.name])}
              />
            </Box>
          )}
          <SearchForm
            label="Search investors by name or email"
            onSearch={(next) => {
              setQ(next);
              setPage(1);
            }}
          />
        </Flex>
        <Box paddingTop={4}>
          <ColumnChoice labels={DIRECTORY_COLUMNS} shown={columns.shown} toggle={columns.toggle} />
          <Table colCount={3 + columns.shown.size} rowCount={rows.length + 1} aria-label="Investors">
            <Thead>
              <Tr>
                <Heading label="Investor" />
                <Heading label="Details" />
                <Heading label="Documents" />
                {columns.shown.has('accreditation') && <Heading label="Accreditation" />}
                {columns.shown.has('proof') && <Heading label="Proof documents" />}
                {columns.shown.has('commitments') && <Heading label="Accepted commitments" />}
                {columns.shown.has('sessions') && <Heading label="Open sessions" />}
              </Tr>
            </Thead>
            <Tbody>
              {rows.map((account) => (
                <Tr key={account.documentId}>
                  <Td>
                    <Flex direction="column" alignItems="flex-start">
                      <Typography textColor="neutral800" fontWeight="bold">
                        {account.name}
                      </Typography>
                      <Typography
                        variant="pi"
                        textColor="neutral600"
                      >{`${account.email}${account.level === 'user' ? '' : ` · ${account.level}`}${account.isActive ? '' : ' · not confirmed'}`}</Typography>
                    </Flex>
                  </Td>
                  <Td>
                    <TextButton onClick={() => setOpen(account.documentId)} aria-label={`Open ${account.name}`}>
                      Open
                    </TextButton>
                  </Td>
                  <Td>
                    <DocumentLinks documentId={account.documentId} name={account.name} />
                  </Td>
                  {columns.shown.has('accreditation') && <Cell>{accreditationText(account)}</Cell>}
                  {columns.shown.has('proof') && (
                    <Cell>
                      {account.proofDocuments.count
                        ? `${account.proofDocuments.count}${account.proofDocuments.unreviewed ? ` · ${account.proofDocuments.unreviewed} to review` : ' · reviewed'}`
                        : 'None'}
                    </Cell>
                  )}
                  {columns.shown.has('commitments') && (
                    <Cell>
                      {account.commitments.count
                        ? `${account.commitments.count} · ${money(account.commitments.amount, true)}`
                        : 'None'}
                    </Cell>
                  )}
                  {columns.shown.has('sessions') && <Cell>{account.sessions}</Cell>}
                </Tr>
              ))}
            </Tbody>
          </Table>
        </Box>
        {directory && (
          <Pager
            total={directory.pagination.total}
            page={directory.pagination.page}
            pageCount={directory.pagination.pageCount}
            noun="account"
            empty="No accounts found"
            setPage={setPage}
          />
        )}
      </Box>
      {open && <InvestorDetail key={open} documentId={open} kind={params.get('kind')} notify={notify} changed={load} />}
    </Flex>
  );
}
