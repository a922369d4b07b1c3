import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { earlierRevisionEnds } from './revisions';

type Outcome =
  | { kind: 'issued'; verdict: ReactNode }
  | { kind: 'changed'; verdict: ReactNode }
  | { kind: 'unknown' }
  | { kind: 'bad' }
  | { kind: 'failed' };

const SHA256 = /^[0-9a-f]{64}$/;

/** A file's bytes, read in the browser: the file itself never leaves it. */
const bytesOf = (file: Blob): Promise<Uint8Array<ArrayBuffer>> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

/** The SHA-256 of bytes, in hex. */
async function sha256Of(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface FingerprintCheckProps {
  /** The file input's label, e.g. 'Statement (PDF)'. */
  fileLabel: string;
  /** Asks the CMS about a fingerprint: what to say when this portal issued it, null when it did not; throws when it could not ask. */
  check: (sha256: string) => Promise<ReactNode | null>;
  /** What to say when it did not. */
  unknown: string;
  /**
   * For a sealed PDF: when a chosen file is unknown, ask about each earlier revision it holds (its first bytes up to
   * a %%EOF), so a copy with additions made after the seal is told apart from one the portal never issued.
   */
  earlierRevisions?: boolean;
}

/**
 * Checks a document this portal issued: the visitor drops or chooses the file (hashed in the browser) or pastes its
 * SHA-256, and is told whether the portal issued it. A changed copy has another fingerprint and is unknown.
 */
export function FingerprintCheck({ fileLabel, check, unknown, earlierRevisions = false }: FingerprintCheckProps) {
  const ids = { file: useId(), fingerprint: useId() };
  const [fingerprint, setFingerprint] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dragging, setDragging] = useState(false);

  /** The file's own fingerprint; then, unknown and asked to, each earlier revision's, newest first. */
  const outcomeOf = async (wanted: string, file?: Uint8Array<ArrayBuffer>): Promise<Outcome> => {
    const verdict = await check(wanted);
    if (verdict) return { kind: 'issued', verdict };
    const revisions = file && earlierRevisions ? earlierRevisionEnds(file).map((end) => file.subarray(0, end)) : [];
    for (const revision of revisions) {
      const sealed = await check(await sha256Of(revision));
      if (sealed) return { kind: 'changed', verdict: sealed };
    }
    return { kind: 'unknown' };
  };

  const run = async (hash: string, file?: Uint8Array<ArrayBuffer>) => {
    const wanted = hash.trim().toLowerCase();
    setFingerprint(wanted);
    if (!SHA256.test(wanted)) return setOutcome({ kind: 'bad' });
    try {
      setOutcome(await outcomeOf(wanted, file));
    } catch {
      setOutcome({ kind: 'failed' });
    }
  };

  const checkFile = async (file: File | undefined) => {
    if (!file) return;
    const bytes = await bytesOf(file);
    await run(await sha256Of(bytes), bytes);
  };

  return (
    <>
      {/* The file may be dropped anywhere on this box, or chosen with the button. */}
      <div
        data-testid="fingerprint-drop"
        className={`border border-2 rounded p-3 mb-3 ${dragging ? 'border-primary bg-primary-subtle' : 'border-secondary-subtle'}`}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void checkFile(event.dataTransfer.files[0]);
        }}
      >
        <Form.Group controlId={ids.file}>
          <Form.Label>{fileLabel}</Form.Label>
          <Form.Control
            type="file"
            accept="application/pdf"
            onChange={(event) => void checkFile((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Text>Drop the file here, or choose it.</Form.Text>
        </Form.Group>
      </div>
      <Form
        className="d-flex flex-wrap align-items-end gap-2 mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run(fingerprint);
        }}
      >
        <Form.Group controlId={ids.fingerprint} className="flex-grow-1">
          <Form.Label>SHA-256 fingerprint</Form.Label>
          <Form.Control
            value={fingerprint}
            onChange={(event) => setFingerprint(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </Form.Group>
        <Button type="submit">Check</Button>
      </Form>
      {outcome?.kind === 'issued' && <Alert variant="success">{outcome.verdict}</Alert>}
      {outcome?.kind === 'changed' && (
        <Alert variant="warning">
          <p className="mb-1">Issued by this portal; this copy was changed after the seal.</p>
          <p className="mb-0">The sealed original: {outcome.verdict}</p>
        </Alert>
      )}
      {outcome?.kind === 'unknown' && <Alert variant="danger">{unknown}</Alert>}
      {outcome?.kind === 'bad' && <Alert variant="warning">A fingerprint is 64 characters, 0-9 and a-f</Alert>}
      {outcome?.kind === 'failed' && (
        <Alert variant="warning">The check could not be made. Please try again later.</Alert>
      )}
    </>
  );
}
