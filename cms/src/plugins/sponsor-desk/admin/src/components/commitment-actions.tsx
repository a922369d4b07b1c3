import { useState } from 'react';
import { Box, Button, Checkbox, Field, Flex, Modal, Textarea, Typography } from '@strapi/design-system';
import type { AmendAnswer, CommitmentLine, DirectoryPage, TransferAnswer } from '@portal/rules';
import { useFetchClient } from '@strapi/strapi/admin';
import { Choice, Input } from './fields';
import { useLatestAnswer } from '../hooks/use-latest-answer';
import { money } from '../utils/format';
import { reportFailure, type Notify } from '../utils/notices';

/** What the amend and transfer dialogs read of a commitments table's line (docs/sponsor-desk.md). */
export type AmendableLine = Pick<
  CommitmentLine,
  'documentId' | 'state' | 'investor' | 'amount' | 'method' | 'is_married' | 'spouse' | 'investorSignedAt'
>;

/** The longest reason the server keeps (REASON_MAX in the amendment service). */
const REASON_MAX = 500;
const METHODS: [string, string][] = [
  ['CASH', 'Individual, direct cash investment'],
  ['TRUST', 'Trust'],
  ['ENTITY', 'Business entity'],
];
/** States whose agreement is opened already: amending voids it and mails a new one (docs/signing.md, Voiding). */
const SIGNING_STARTED = new Set(['investor_signed', 'spouse_signed', 'countersigned', 'funded']);

function Reason({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root hint={`Required; recorded and mailed to the investor (${value.length}/${REASON_MAX}).`}>
      <Field.Label>Reason</Field.Label>
      <Textarea
        value={value}
        maxLength={REASON_MAX}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
      />
      <Field.Hint />
    </Field.Root>
  );
}

/**
 * Amend a commitment (POST /sponsor-desk/commitments/:documentId/amend): its amount, method and spouse, with a reason.
 * Once its agreement is signed the dialog warns that it is voided and a new one mailed; `committed` rows may have a
 * link waiting too, which the server voids the same way.
 */
export function AmendDialog({
  line,
  notify,
  onClose,
  onDone,
}: {
  line: AmendableLine;
  notify: Notify;
  onClose: () => void;
  onDone: () => void;
}) {
  const { post } = useFetchClient();
  const [first, ...rest] = (line.spouse?.name ?? '').split(' ');
  const [form, setForm] = useState({
    amount: String(line.amount ?? ''),
    method: line.method ?? 'CASH',
    married: line.is_married,
    maritalState: Boolean(line.spouse),
    spouseFirst: first ?? '',
    spouseLast: rest.join(' '),
    spouseEmail: line.spouse?.email ?? '',
    reason: '',
  });
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  const spouseNamed = form.method === 'CASH' && form.married && form.maritalState;
  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await post(`/sponsor-desk/commitments/${line.documentId}/amend`, {
        invest_amount: form.amount.trim(),
        method_of_inv: form.method,
        is_married: form.method === 'CASH' && form.married,
        is_marital_state: form.method === 'CASH' && form.married && form.maritalState,
        cosub_first_name: spouseNamed ? form.spouseFirst : null,
        cosub_last_name: spouseNamed ? form.spouseLast : null,
        cosub_email: spouseNamed ? form.spouseEmail : null,
        reason: form.reason,
      });
      const answer = data as AmendAnswer;
      notify({
        variant: 'success',
        text: answer.voided
          ? `Amended to ${money(answer.amount)}: the agreement was voided and a new one sent to ${answer.signingLinkMailedTo ?? 'the investor'}.`
          : `Amended to ${money(answer.amount)}; ${line.investor.name} is told.`,
      });
      onDone();
    } catch (error) {
      reportFailure(notify, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal.Root open onOpenChange={(open) => !open && onClose()}>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{`Amend the commitment of ${line.investor.name}`}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Flex direction="column" alignItems="stretch" gap={3}>
            {(SIGNING_STARTED.has(line.state) || line.investorSignedAt) && (
              <Typography textColor="danger600" fontWeight="bold">
                Signing has started: the agreement will be voided (kept in the records) and a new one sent to sign with
                these terms.
              </Typography>
            )}
            {line.state === 'funded' && (
              <Typography textColor="neutral600">
                Money already received stays in the ledger; the commitment amount changes.
              </Typography>
            )}
            <Input label="Amount (dollars)" value={form.amount} onChange={(amount) => set({ amount })} />
            <Choice
              label="Method of investment"
              value={form.method}
              onChange={(method) => set({ method })}
              options={METHODS}
            />
            {form.method === 'CASH' && (
              <Checkbox checked={form.married} onCheckedChange={(married: boolean) => set({ married })}>
                Married
              </Checkbox>
            )}
            {form.method === 'CASH' && form.married && (
              <Checkbox checked={form.maritalState} onCheckedChange={(maritalState: boolean) => set({ maritalState })}>
                Lives in a community-property state (the spouse co-signs)
              </Checkbox>
            )}
            {spouseNamed && (
              <Flex gap={2} wrap="wrap">
                <Input
                  label="Spouse first name"
                  value={form.spouseFirst}
                  onChange={(spouseFirst) => set({ spouseFirst })}
                />
                <Input
                  label="Spouse last name"
                  value={form.spouseLast}
                  onChange={(spouseLast) => set({ spouseLast })}
                />
                <Input label="Spouse email" value={form.spouseEmail} onChange={(spouseEmail) => set({ spouseEmail })} />
              </Flex>
            )}
            <Reason value={form.reason} onChange={(reason) => set({ reason })} />
          </Flex>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy || !form.reason.trim() || !form.amount.trim()} onClick={submit}>
            Amend
          </Button>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * Transfer a commitment to another investor of the portal (POST /sponsor-desk/commitments/:documentId/transfer):
 * pick them from the portal's investors (searched on the server), give a reason, then confirm a second step naming
 * both investors and the amount.
 */
export function TransferDialog({
  line,
  portal,
  notify,
  onClose,
  onDone,
}: {
  line: AmendableLine;
  portal: string | undefined;
  notify: Notify;
  onClose: () => void;
  onDone: () => void;
}) {
  const { post } = useFetchClient();
  const [q, setQ] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data } = useLatestAnswer<DirectoryPage>(
    '/sponsor-desk/investors',
    { portal: portal || undefined, q: q || undefined, page: 1, pageSize: 50 },
    notify,
  );
  const choices = (data?.results ?? []).filter((investor) => investor.documentId !== line.investor.documentId);
  const receiver = choices.find((investor) => investor.documentId === to);
  const submit = async () => {
    setBusy(true);
    try {
      const { data: answer } = await post(`/sponsor-desk/commitments/${line.documentId}/transfer`, { to, reason });
      notify({
        variant: 'success',
        text: `Transferred ${money(line.amount)} from ${line.investor.name} to ${(answer as TransferAnswer).to.investor.name}; both are told, and the new agreement is sent to sign.`,
      });
      onDone();
    } catch (error) {
      reportFailure(notify, error);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal.Root open onOpenChange={(open) => !open && onClose()}>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{`Transfer the commitment of ${line.investor.name}`}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {confirming && receiver ? (
            <Typography>{`Transfer ${money(line.amount)} from ${line.investor.name} to ${receiver.name} (${receiver.email})? ${receiver.name} gets a new agreement to sign; the money recorded moves to their account by ledger entries naming the transfer.`}</Typography>
          ) : (
            <Flex direction="column" alignItems="stretch" gap={3}>
              <Input label="Search the portal's investors" value={q} onChange={setQ} hint="By name or email" />
              <Choice
                label="Receiving investor"
                value={to}
                onChange={setTo}
                options={choices.map((investor) => [investor.documentId, `${investor.name} (${investor.email})`])}
              />
              <Reason value={reason} onChange={setReason} />
              <Box>
                <Typography textColor="neutral600">{`The whole commitment (${money(line.amount)}) moves; the receiving investor must hold no commitment to this offering.`}</Typography>
              </Box>
            </Flex>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="tertiary" onClick={confirming ? () => setConfirming(false) : onClose}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          {confirming ? (
            <Button variant="danger" disabled={busy} onClick={submit}>
              Transfer
            </Button>
          ) : (
            <Button disabled={!receiver || !reason.trim()} onClick={() => setConfirming(true)}>
              Review the transfer
            </Button>
          )}
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
