import { useCallback, useRef, useState } from 'react';
import {
  Box,
  Button,
  Flex,
  Table,
  Tbody,
  Td,
  TextButton,
  Thead,
  Tr,
  Typography,
  VisuallyHidden,
} from '@strapi/design-system';
import type { K1MatchAnswer, TaxPartner, TaxSchedulePage } from '@portal/rules';
import { useFetchClient, useRBAC } from '@strapi/strapi/admin';
import { PagedChoice, type ChoicePage } from './capital-lists';
import { Choice, Input, SearchForm } from './fields';
import { Cell, Heading, Pager } from './table';
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { dateOf } from '../utils/format';
import { messageOf, reportFailure, type Notify } from '../utils/notices';

/** One tax year on the K-1 tab (tax-documents.tsx lists the years): its partners, and issuing their files. */

/** A file staff picked, and whose it is (matched by name, or chosen by hand), as staff read it. */
interface FilePick {
  file: File;
  syndUser: string;
  investor: string;
  outcome?: string;
}

const POST = { post: [{ action: 'plugin::sponsor-desk.post', subject: null }] as never[] };
const partnerName = (partner: Pick<TaxPartner, 'firstName' | 'lastName' | 'email'>) =>
  `${[partner.firstName, partner.lastName].filter(Boolean).join(' ') || partner.email} <${partner.email}>`;
const PAGE_SIZE = 25;
/** The files to issue, shown this many at a time (5,000 K-1s are one pick). */
const FILES_PAGE_SIZE = 50;

/** Pages of a year's partners, searched by name or email on the server: what a file's investor is chosen from. */
function usePartnerPages(documentId: string) {
  const { get } = useFetchClient();
  return useCallback(
    async (page: number, q: string): Promise<ChoicePage> => {
      const { data } = await get(`/sponsor-desk/tax-schedules/${documentId}`, {
        params: { page, pageSize: 50, ...(q && { q }) },
      });
      const { results, pagination } = data as TaxSchedulePage;
      return {
        // A partner without a commitment (removed while the page was read) is none a file can be issued to.
        options: results.flatMap((partner): [string, string][] =>
          partner.syndUser ? [[partner.syndUser, partnerName(partner)]] : [],
        ),
        more: page < pagination.pageCount,
      };
    },
    [get, documentId],
  );
}

/** The investor a file is for: who it matched, and a server-searched choice of the partners to change it. */
function FileInvestor({
  pick,
  choose,
  load,
}: {
  pick: FilePick;
  choose: (syndUser: string, investor: string) => void;
  load: (page: number, q: string) => Promise<ChoicePage>;
}) {
  const [choosing, setChoosing] = useState(false);
  // The labels of the choices loaded, so the chosen one is named without asking again.
  const labels = useRef(new Map<string, string>());
  const remembered = useCallback(
    async (page: number, q: string) => {
      const answer = await load(page, q);
      for (const [value, label] of answer.options) labels.current.set(value, label);
      return answer;
    },
    [load],
  );
  if (choosing) {
    return (
      <PagedChoice
        label={`Investor for ${pick.file.name}`}
        value={pick.syndUser}
        search
        load={remembered}
        onChange={(syndUser) => {
          if (!syndUser) return;
          choose(syndUser, labels.current.get(syndUser) ?? syndUser);
          setChoosing(false);
        }}
      />
    );
  }
  return (
    <Flex gap={2}>
      <Typography textColor="neutral800">{pick.investor || 'Not matched'}</Typography>
      <TextButton onClick={() => setChoosing(true)} aria-label={`Choose the investor for ${pick.file.name}`}>
        {pick.syndUser ? 'Change' : 'Choose'}
      </TextButton>
    </Flex>
  );
}

/** One schedule: its partners and their files a page at a time, and issuing the rest from files staff pick. */
export function ScheduleDetail({
  documentId,
  notify,
  changed,
}: {
  documentId: string;
  notify: Notify;
  changed: () => void;
}) {
  const { post } = useFetchClient();
  const { allowedActions } = useRBAC(POST);
  const [shown, setShown] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data: schedule, reload: load } = useLatestAnswer<TaxSchedulePage>(
    `/sponsor-desk/tax-schedules/${documentId}`,
    { state: shown || undefined, q: q || undefined, page, pageSize: PAGE_SIZE },
    notify,
  );
  const partnerPages = usePartnerPages(documentId);
  const [pattern, setPattern] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const [picks, setPicks] = useState<FilePick[]>([]);
  const [filesPage, setFilesPage] = useState(1);
  const [busy, setBusy] = useState(false);

  const match = async (files: File[], withPattern: string) => {
    setFilesPage(1);
    if (!files.length) return setPicks([]);
    try {
      const { data } = await post(`/sponsor-desk/tax-schedules/${documentId}/match`, {
        names: files.map((file) => file.name),
        pattern: withPattern || null,
      });
      const { matches } = data as K1MatchAnswer;
      setPicks(
        files.map((file, index) => ({
          file,
          syndUser: matches[index]?.syndUser ?? '',
          investor: matches[index]?.investor ? partnerName(matches[index].investor!) : '',
        })),
      );
    } catch (error) {
      reportFailure(notify, error);
    }
  };

  const issue = async () => {
    setBusy(true);
    let issued = 0;
    const done: FilePick[] = [];
    // One file per call, in turn: a thousand K-1s never travel in one request.
    for (const pick of picks) {
      if (!pick.syndUser) {
        done.push({ ...pick, outcome: 'Choose whose it is' });
        continue;
      }
      const form = new FormData();
      form.append('file', pick.file);
      form.append('syndUser', pick.syndUser);
      try {
        await post(`/sponsor-desk/tax-schedules/${documentId}/documents`, form);
        issued += 1;
        done.push({ ...pick, outcome: 'Issued' });
      } catch (error) {
        done.push({ ...pick, outcome: messageOf(error) });
      }
    }
    setPicks(done.filter((pick) => pick.outcome !== 'Issued'));
    setFilesPage(1);
    setBusy(false);
    notify({
      variant: issued === picks.length ? 'success' : 'danger',
      text: `${issued} of ${picks.length} issued; each investor is notified.${issued === picks.length ? '' : ' The files left are listed with why.'}`,
    });
    load();
    changed();
  };

  if (!schedule) return <Typography>Loading…</Typography>;
  const ready = picks.filter((pick) => pick.syndUser).length;
  const filesShown = picks.slice((filesPage - 1) * FILES_PAGE_SIZE, filesPage * FILES_PAGE_SIZE);
  return (
    <Box
      tag="section"
      aria-label={`${schedule.documentName} ${schedule.taxYear}`}
      background="neutral0"
      padding={6}
      shadow="filterShadow"
      hasRadius
    >
      <Flex justifyContent="space-between">
        <Typography
          variant="delta"
          tag="h2"
        >{`${schedule.documentName} ${schedule.taxYear}: ${schedule.issued} of ${schedule.investors} issued`}</Typography>
        {allowedActions.canPost && schedule.state === 'pending' && (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await post(`/sponsor-desk/tax-schedules/${documentId}/issued`, {});
                notify({ variant: 'success', text: `${schedule.documentName} ${schedule.taxYear} marked issued.` });
                load();
                changed();
              } catch (error) {
                reportFailure(notify, error);
              }
            }}
          >
            Mark issued
          </Button>
        )}
      </Flex>
      {allowedActions.canPost && (
        <Box paddingTop={4}>
          <Flex gap={4} alignItems="flex-end" wrap="wrap">
            <Input
              label="File name pattern (optional)"
              value={pattern}
              onChange={setPattern}
              hint="Like K1-2026-{last}-{first}; empty: a file is an investor's when its name holds their email or names"
            />
            {/* The design system has no file field: its button opens the browser's picker, as the media library's does. */}
            <VisuallyHidden>
              <input
                ref={picker}
                type="file"
                multiple
                accept=".pdf,application/pdf"
                aria-label="K-1 files"
                onChange={(event) => void match([...(event.target.files ?? [])], pattern)}
              />
            </VisuallyHidden>
            <Button variant="secondary" onClick={() => picker.current?.click()}>
              Choose K-1 files
            </Button>
            {picks.length > 0 && (
              <Button loading={busy} onClick={issue}>{`Issue ${ready} file${ready === 1 ? '' : 's'}`}</Button>
            )}
          </Flex>
        </Box>
      )}
      {picks.length > 0 && (
        <Box paddingTop={4}>
          <Table colCount={3} rowCount={filesShown.length + 1} aria-label="Files to issue">
            <Thead>
              <Tr>
                <Heading label="File" />
                <Heading label="Investor" />
                <Heading label="Result" />
              </Tr>
            </Thead>
            <Tbody>
              {filesShown.map((pick, index) => {
                const at = (filesPage - 1) * FILES_PAGE_SIZE + index;
                return (
                  <Tr key={`${pick.file.name}-${at}`}>
                    <Cell>{pick.file.name}</Cell>
                    <Td>
                      <FileInvestor
                        pick={pick}
                        load={partnerPages}
                        choose={(syndUser, investor) =>
                          setPicks((current) =>
                            current.map((each, position) =>
                              position === at ? { ...each, syndUser, investor, outcome: undefined } : each,
                            ),
                          )
                        }
                      />
                    </Td>
                    <Cell>{pick.outcome ?? (pick.syndUser ? 'Matched' : 'Choose by hand')}</Cell>
                  </Tr>
                );
              })}
            </Tbody>
          </Table>
          <Pager
            total={picks.length}
            page={filesPage}
            pageCount={Math.ceil(picks.length / FILES_PAGE_SIZE)}
            noun="file"
            empty="No files"
            setPage={setFilesPage}
          />
        </Box>
      )}
      <Flex gap={4} alignItems="flex-end" wrap="wrap" paddingTop={4}>
        <Choice
          label="Partners"
          value={shown}
          onChange={(next) => {
            setShown(next);
            setPage(1);
          }}
          options={[
            ['', `All (${schedule.investors})`],
            ['missing', `Not issued (${schedule.investors - schedule.issued})`],
            ['issued', `Issued (${schedule.issued})`],
          ]}
        />
        <SearchForm
          label="Search partners by name or email"
          onSearch={(next) => {
            setQ(next);
            setPage(1);
          }}
        />
      </Flex>
      <Box paddingTop={4}>
        <Table colCount={3} rowCount={schedule.results.length + 1} aria-label="Partners">
          <Thead>
            <Tr>
              <Heading label="Investor" />
              <Heading label="Email" />
              <Heading label="Document" />
            </Tr>
          </Thead>
          <Tbody>
            {schedule.results.map((partner) => (
              <Tr key={partner.syndUser}>
                <Cell>{[partner.firstName, partner.lastName].filter(Boolean).join(' ') || partner.email}</Cell>
                <Cell>{partner.email}</Cell>
                <Cell>
                  {partner.document
                    ? `${partner.document.originalName ?? ''} · issued ${dateOf(partner.document.issuedAt)}`
                    : 'Not issued'}
                </Cell>
              </Tr>
            ))}
          </Tbody>
        </Table>
      </Box>
      <Pager
        total={schedule.pagination.total}
        page={schedule.pagination.page}
        pageCount={schedule.pagination.pageCount}
        noun="partner"
        empty="No partners found"
        setPage={setPage}
      />
    </Box>
  );
}
