import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

type Outcome = { kind: 'issued'; verdict: ReactNode } | { kind: 'unknown' } | { kind: 'bad' } | { kind: 'failed' };

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

interface FingerprintCheckProps {
  /** The file input's label, e.g. 'Statement (PDF)'. */
  fileLabel: string;
  /** Asks the CMS about a fingerprint: what to say when this portal issued it, null when it did not; throws when it could not ask. */
  check: (sha256: string) => Promise<ReactNode | null>;
  /** What to say when it did not. */
  unknown: string;
}

/**
 * Checks a document this portal issued: the visitor chooses the file (hashed in the browser) or pastes its SHA-256,
 * and is told whether the portal issued it. A changed copy has another fingerprint and is unknown.
 */
export function FingerprintCheck({ fileLabel, check, unknown }: FingerprintCheckProps) {
  const ids = { file: useId(), fingerprint: useId() };
  const [fingerprint, setFingerprint] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (hash: string) => {
    const wanted = hash.trim().toLowerCase();
    setFingerprint(wanted);
    if (!SHA256.test(wanted)) return setOutcome({ kind: 'bad' });
    try {
      const verdict = await check(wanted);
      setOutcome(verdict ? { kind: 'issued', verdict } : { kind: 'unknown' });
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };

  return (
    <>
      <Form.Group controlId={ids.file} className="mb-3">
        <Form.Label>{fileLabel}</Form.Label>
        <Form.Control
          type="file"
          accept="application/pdf"
          onChange={async (event) => {
            const file = (event.target as HTMLInputElement).files?.[0];
            if (file) await run(await sha256Of(file));
          }}
        />
      </Form.Group>
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={(event) => { event.preventDefault(); void run(fingerprint); }}>
        <Form.Group controlId={ids.fingerprint} className="flex-grow-1">
          <Form.Label>SHA-256 fingerprint</Form.Label>
          <Form.Control value={fingerprint} onChange={(event) => setFingerprint(event.target.value)} spellCheck={false} autoComplete="off" />
        </Form.Group>
        <Button type="submit">Check</Button>
      </Form>
      {outcome?.kind === 'issued' && <Alert variant="success">{outcome.verdict}</Alert>}
      {outcome?.kind === 'unknown' && <Alert variant="danger">{unknown}</Alert>}
      {outcome?.kind === 'bad' && <Alert variant="warning">A fingerprint is 64 characters, 0-9 and a-f</Alert>}
      {outcome?.kind === 'failed' && <Alert variant="warning">The check could not be made. Please try again later.</Alert>}
    </>
  );
}
