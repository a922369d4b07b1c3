import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Textarea, Typography } from '@strapi/design-system';
import { deskRefusalOf, type DeskLedgerLine, type FundEventPage, type FundEventView } from '@portal/rules';
import { useFetchClient, useRBAC } from '@strapi/strapi/admin';
import {
  ALLOCATION_PAGE,
  AllocationTable,
  EVENT_TYPES,
  EventList,
  eventTypeName,
  KINDS,
  PagedChoice,
  termsOf,
  useFundPages,
  usePostedCallPages,
} from './capital-lists';
import { Choice, Input } from './fields';
import { centsOf, dollars, investors, money, today } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';
import { CapitalLedger, entrySummary } from './capital-ledger';
import { CsvImport } from './csv-import';
import { ConfirmButton } from './confirm-button';
import { ValuationForm } from './valuation-form';

const POST = { post: [{ action: 'plugin::sponsor-desk.post', subject: null }] as never[] };

/**
 * The sponsor desk's capital accounts: a capital call or a distribution drafted with its allocation table to the cent, then posted once
 * to every investor (entries, notices by bell and mail, a notice PDF each); the accountant's CSV checked, then
 * imported; a commitment's or a capital call's money confirmed; and a fund's valuation. Content staff
 * draft; posting and valuations are for staff with the desk's post permission (the server checks every call).
 */
export function CapitalAccounts({ notify: setMessage }: { notify: Notify }) {
  const { get, post, put } = useFetchClient();
  const { allowedActions, isLoading: loadingPermissions } = useRBAC(POST);
  const fundPages = useFundPages();
  const [fund, setFund] = useState('');
  const [type, setType] = useState<FundEventPage['type']>('distribution');
  const [date, setDate] = useState(today());
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('');
  const [basis, setBasis] = useState('funded');
  const [kind, setKind] = useState('income');
  const [note, setNote] = useState('');
  const [draft, setDraft] = useState<FundEventPage | null>(null);
  const [adjustment, setAdjustment] = useState({ corrects: '', amount: '', date: today(), note: '' });
  // The ledger entry whose 'Correct…' filled in the adjustment's entry (shown in words until another id is typed).
  const [correcting, setCorrecting] = useState<DeskLedgerLine | null>(null);
  const chosen = correcting?.documentId === adjustment.corrects.trim() ? correcting : null;
  const adjustmentForm = useRef<HTMLFormElement>(null);
  // Counts the writes to the ledger (post, funding, import, adjustment): the ledger reads its page again after each.
  const [written, setWritten] = useState(0);
  const wrote = () => setWritten((count) => count + 1);
  const [funding, setFunding] = useState({ email: '', amount: '', date: today(), call: '' });
  // The fund's posted capital calls, for a funding that pays one (a page at a time; again once a call is posted).
  const callPages = usePostedCallPages(fund, draft?.state);

  /** Shows page `page` of an event's allocation table. */
  const openEvent = async (documentId: string, page = 1) => {
    try {
      setDraft(
        (
          await get(`/sponsor-desk/fund-events/${documentId}/allocation`, {
            params: { page, pageSize: ALLOCATION_PAGE },
          })
        ).data as FundEventPage,
      );
    } catch (error) {
      reportFailure(setMessage, error);
    }
  };

  const confirmFunding = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post('/sponsor-desk/funding', {
        fund,
        investor_email: funding.email,
        amount_cents: centsOf(funding.amount),
        date: funding.date,
        ...(funding.call && { fundEvent: funding.call }),
      });
      wrote();
      setMessage({
        variant: 'success',
        text: `Funding of ${money(Number(funding.amount))} from ${funding.email} recorded.`,
      });
    } catch (error) {
      reportFailure(setMessage, error);
    }
  };

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const call = type === 'capital_call';
    try {
      const body = {
        fund,
        type,
        date,
        note: note || undefined,
        ...(call ? { due_date: dueDate } : { kind }),
        ...(call && percent ? { percent: Number(percent) } : { total_cents: centsOf(amount) }),
        basis,
      };
      // Previewing an open draft again replaces its terms (PUT), so clicking again leaves one draft, not one per click.
      if (draft?.state === 'draft') {
        setDraft(
          (await put(`/sponsor-desk/fund-events/${draft.documentId}`, body, { params: { pageSize: ALLOCATION_PAGE } }))
            .data as FundEventPage,
        );
      } else {
        const made = (await post('/sponsor-desk/fund-events', body)).data as FundEventView;
        const total = made.allocation.length;
        setDraft({
          ...made,
          investors: total,
          allocation: made.allocation.slice(0, ALLOCATION_PAGE),
          pagination: { page: 1, pageSize: ALLOCATION_PAGE, pageCount: Math.ceil(total / ALLOCATION_PAGE), total },
        });
      }
    } catch (error) {
      setDraft(null);
      reportFailure(setMessage, error);
    }
  };

  const postDraft = async () => {
    if (!draft) return;
    try {
      const posted = (
        await post(`/sponsor-desk/fund-events/${draft.documentId}/post`, { allocationHash: draft.allocationHash })
      ).data as FundEventPage;
      await openEvent(posted.documentId);
      wrote();
      setMessage({
        variant: 'success',
        text: `Posted: ${investors(draft.investors)}, ${dollars(posted.total_cents ?? 0)}. Each gets a notice by bell and mail.`,
      });
    } catch (error) {
      reportFailure(setMessage, error);
    }
  };

  /** The entry staff chose to correct in the ledger, in the adjustment form, brought into view. */
  const correct = (line: DeskLedgerLine) => {
    setCorrecting(line);
    setAdjustment((shown) => ({ ...shown, corrects: line.documentId }));
    adjustmentForm.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  /** A correction of one ledger entry of the chosen fund (picked in the ledger, or its documentId pasted); admins only. */
  const recordAdjustment = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post('/sponsor-desk/adjustments', {
        fund,
        corrects: adjustment.corrects.trim(),
        amount_cents: centsOf(adjustment.amount, { signed: true }),
        date: adjustment.date,
        note: adjustment.note || undefined,
      });
      wrote();
      setMessage({
        variant: 'success',
        text: `Adjustment of ${money(Number(adjustment.amount))} to ${chosen ? entrySummary(chosen) : `entry ${adjustment.corrects.trim()}`} recorded.`,
      });
    } catch (error) {
      reportFailure(setMessage, error);
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
        <PagedChoice
          label="Fund"
          value={fund}
          onChange={(next) => {
            setFund(next);
            setDraft(null);
            setCorrecting(null);
          }}
          load={fundPages}
          search
        />
      </Box>
      {fund && (
        <EventList
          fund={fund}
          state="draft"
          shown={draft}
          onOpen={(documentId) => void openEvent(documentId)}
          notify={setMessage}
        />
      )}
      {fund && (
        <EventList
          fund={fund}
          state="posted"
          shown={draft}
          onOpen={(documentId) => void openEvent(documentId)}
          notify={setMessage}
        />
      )}
      <Box tag="form" background="neutral0" padding={6} shadow="filterShadow" hasRadius onSubmit={preview}>
        <Typography variant="delta" tag="h2">
          Capital call or distribution
        </Typography>
        <Flex gap={4} wrap="wrap" alignItems="flex-end" paddingTop={4}>
          <Choice
            label="Type"
            value={type}
            onChange={(next) => {
              setType(next as FundEventPage['type']);
              setBasis(next === 'capital_call' ? 'commitment' : 'funded');
            }}
            options={EVENT_TYPES}
          />
          <Input label="Date" type="date" value={date} onChange={setDate} />
          {type === 'capital_call' && <Input label="Due date" type="date" value={dueDate} onChange={setDueDate} />}
          <Input
            label="Total (dollars)"
            value={amount}
            onChange={setAmount}
            hint={type === 'capital_call' ? 'Or a percent of each commitment' : undefined}
          />
          {type === 'capital_call' && <Input label="Percent of commitment" value={percent} onChange={setPercent} />}
          <Choice
            label="Shared by"
            value={basis}
            onChange={setBasis}
            options={[
              ['commitment', 'Commitment'],
              ['funded', 'Funded capital'],
            ]}
          />
          {type === 'distribution' && <Choice label="Kind" value={kind} onChange={setKind} options={KINDS} />}
        </Flex>
        <Box paddingTop={4}>
          <Field.Root>
            <Field.Label>Note</Field.Label>
            <Textarea
              value={note}
              onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
            />
          </Field.Root>
        </Box>
        <Box paddingTop={4}>
          <Button type="submit" disabled={!fund}>
            Preview allocation
          </Button>
        </Box>
      </Box>
      {draft && (
        <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
          <Flex justifyContent="space-between" paddingBottom={4}>
            <Typography variant="delta" tag="h2">
              {eventTypeName(draft.type)} of {termsOf(draft)} ({draft.state})
            </Typography>
            {draft.state === 'draft' && !draft.problem && (
              <ConfirmButton
                label={`Post to ${investors(draft.investors)}`}
                title={`Post this ${eventTypeName(draft.type).toLowerCase()}?`}
                confirm="Post it"
                onConfirm={() => void postDraft()}
                disabled={loadingPermissions}
                refusal={allowedActions.canPost || loadingPermissions ? null : deskRefusalOf('post')}
              >
                {`${eventTypeName(draft.type)} of ${termsOf(draft)} to ${investors(draft.investors)} of this fund, ` +
                  'as the allocation below shares it. Each investor gets a ledger entry, a notice PDF, a bell and a ' +
                  'mail; a posted event is not undone (a correction is an adjustment).'}
              </ConfirmButton>
            )}
          </Flex>
          {draft.problem && (
            <Box paddingBottom={4}>
              <Typography textColor="danger600">
                This draft cannot be posted as it stands: {draft.problem}. Change its terms above and preview it again,
                or delete it (Content Manager, Fund Event).
              </Typography>
            </Box>
          )}
          <AllocationTable event={draft} setPage={(page) => void openEvent(draft.documentId, page)} />
        </Box>
      )}
      <CsvImport notify={setMessage} wrote={wrote} />
      <Box tag="form" background="neutral0" padding={6} shadow="filterShadow" hasRadius onSubmit={confirmFunding}>
        <Typography variant="delta" tag="h2">
          Funding received
        </Typography>
        <Flex gap={4} wrap="wrap" alignItems="flex-end" paddingTop={4}>
          <Input
            label="Investor email"
            value={funding.email}
            onChange={(next) => setFunding({ ...funding, email: next })}
          />
          <Input
            label="Amount received (dollars)"
            value={funding.amount}
            onChange={(next) => setFunding({ ...funding, amount: next })}
          />
          <Input
            label="Received on"
            type="date"
            value={funding.date}
            onChange={(next) => setFunding({ ...funding, date: next })}
          />
          <PagedChoice
            label="Pays (a capital call; none for the commitment)"
            value={funding.call}
            onChange={(next) => setFunding({ ...funding, call: next })}
            load={callPages}
          />
          <Button type="submit" variant="secondary" disabled={!fund}>
            Confirm funding
          </Button>
        </Flex>
      </Box>
      <ValuationForm fund={fund} notify={setMessage} />
      {fund && <CapitalLedger fund={fund} changed={written} onCorrect={correct} notify={setMessage} />}
      <Box
        ref={adjustmentForm}
        tag="form"
        background="neutral0"
        padding={6}
        shadow="filterShadow"
        hasRadius
        onSubmit={recordAdjustment}
      >
        <Typography variant="delta" tag="h2">
          Adjustment
        </Typography>
        <Box paddingTop={2}>
          <Typography variant="omega" textColor={chosen ? 'neutral800' : 'neutral600'}>
            {chosen
              ? `Correcting: ${entrySummary(chosen)}`
              : 'Pick the entry with ‘Correct…’ in the Ledger above, or paste its id.'}
          </Typography>
        </Box>
        <Flex gap={4} wrap="wrap" alignItems="flex-end" paddingTop={4}>
          <Input
            label="Entry corrected (id)"
            value={adjustment.corrects}
            onChange={(next) => setAdjustment({ ...adjustment, corrects: next })}
          />
          <Input
            label="Amount (dollars, negative takes away)"
            value={adjustment.amount}
            onChange={(next) => setAdjustment({ ...adjustment, amount: next })}
          />
          <Input
            label="Adjustment date"
            type="date"
            value={adjustment.date}
            onChange={(next) => setAdjustment({ ...adjustment, date: next })}
          />
          <Input
            label="Why"
            value={adjustment.note}
            onChange={(next) => setAdjustment({ ...adjustment, note: next })}
          />
          <Button type="submit" variant="secondary" disabled={!fund || !adjustment.corrects.trim()}>
            Record adjustment
          </Button>
        </Flex>
      </Box>
    </Flex>
  );
}
