import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ContentLayout } from '@/components/layouts/content-layout';
import { api } from '@/lib/api-client';

interface Verdict {
  valid: true;
  issuedAt: string;
  portal: string;
  investorInitials: string;
}

type Outcome = { kind: 'issued'; verdict: Verdict } | { kind: 'unknown' } | { kind: 'bad' };

const SHA256 = /^[0-9a-f]{64}$/;

/** The file's SHA-256 in hex, computed in the browser: the file itself never leaves it. */
async function sha256Of(file: Blob): Promise<string> {
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * /statements/verify (public): anyone holding a capital account statement checks that this portal issued it, by
 * choosing the file (hashed in the browser) or pasting its SHA-256. The answer says only who issued it, when, and
 * for whose initials; a changed copy has another fingerprint and is unknown.
 */
export function VerifyStatementPage() {
  const ids = { file: useId(), fingerprint: useId() };
  const [fingerprint, setFingerprint] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const check = async (hash: string) => {
    const wanted = hash.trim().toLowerCase();
    setFingerprint(wanted);
    if (!SHA256.test(wanted)) return setOutcome({ kind: 'bad' });
    const verdict = await api.get<Verdict>(`/api/statements/verify/${wanted}`, undefined, { withSession: false });
    setOutcome(verdict?.valid ? { kind: 'issued', verdict } : { kind: 'unknown' });
  };

  return (
    <ContentLayout title="Verify a Statement">
      <p>Choose a capital account statement this portal issued, or paste its SHA-256 fingerprint. The file stays on your device.</p>
      <Form.Group controlId={ids.file} className="mb-3">
        <Form.Label>Statement (PDF)</Form.Label>
        <Form.Control
          type="file"
          accept="application/pdf"
          onChange={async (event) => {
            const file = (event.target as HTMLInputElement).files?.[0];
            if (file) await check(await sha256Of(file));
          }}
        />
      </Form.Group>
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={(event) => { event.preventDefault(); void check(fingerprint); }}>
        <Form.Group controlId={ids.fingerprint} className="flex-grow-1">
          <Form.Label>SHA-256 fingerprint</Form.Label>
          <Form.Control value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} spellCheck={false} autoComplete="off" />
        </Form.Group>
        <Button type="submit">Check</Button>
      </Form>
      {outcome?.kind === 'issued' && (
        <Alert variant="success">
          Issued by {outcome.verdict.portal} on {outcome.verdict.issuedAt.slice(0, 10)} for {outcome.verdict.investorInitials}
        </Alert>
      )}
      {outcome?.kind === 'unknown' && <Alert variant="danger">Unknown: this portal issued no statement with this fingerprint</Alert>}
      {outcome?.kind === 'bad' && <Alert variant="warning">A fingerprint is 64 characters, 0-9 and a-f</Alert>}
    </ContentLayout>
  );
}
