import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { FileItem } from '@/components/file-list/file-list';
import { ApiError } from '@/lib/api-client';
import { notifyOf } from '@/lib/notify-of';
import { megabytes, postFile, requestUpload, saveProofDocument } from '../api/upload';

/** The types the CMS stores as proof documents: PDF and images (by type and by extension, for older browsers). */
const ACCEPTED_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.heic',
].join(',');

type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; percent: number }
  | { step: 'done'; name: string }
  | { step: 'refused'; message: string };

/** What to tell the user when a step fails: the server's message when it sent one. */
function refusalOf(error: unknown, fileName: string): string {
  return (error instanceof ApiError && error.serverMessage) || `The file ${fileName} could not be uploaded.`;
}

/**
 * Uploads one verification document in the spec's three steps: ask for a signed upload, post the file to storage
 * with a progress bar, save it. A file over the limit is refused before anything is posted.
 */
export function ProofUpload({ onSaved }: { onSaved: (item: FileItem) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const uploading = state.step === 'uploading';

  const upload = async (chosen: File) => {
    setState({ step: 'uploading', percent: 0 });
    try {
      const ticket = await requestUpload(chosen.name);
      if (chosen.size > ticket.maxBytes) {
        setState({
          step: 'refused',
          message: `The file ${chosen.name} is too large: the limit is ${megabytes(ticket.maxBytes)}.`,
        });
        return;
      }
      await postFile(ticket, chosen, (percent) => setState({ step: 'uploading', percent }));
      const { item } = await saveProofDocument({ path: ticket.path, name: chosen.name, bucket: ticket.bucket });
      notifyOf('proof_document_uploaded', { documentName: chosen.name });
      setFile(null);
      if (input.current) input.current.value = '';
      setState({ step: 'done', name: chosen.name });
      onSaved(item);
    } catch (error) {
      console.warn(`Upload of ${chosen.name} failed`, error);
      setState({ step: 'refused', message: refusalOf(error, chosen.name) });
    }
  };

  return (
    <Form
      className="mb-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (file) void upload(file);
      }}
    >
      <Form.Group controlId={inputId} className="mb-2">
        <Form.Label>Document to upload (PDF or image)</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES}
          disabled={uploading}
          onChange={(event) => {
            setFile((event.target as HTMLInputElement).files?.[0] ?? null);
            setState({ step: 'idle' });
          }}
        />
      </Form.Group>
      <Button type="submit" disabled={!file || uploading}>
        Upload
      </Button>
      {state.step === 'uploading' && (
        <ProgressBar className="mt-3">
          {/* As a child bar, so the name lands on the element with the progressbar role. */}
          <ProgressBar now={state.percent} label={`${state.percent}%`} aria-label="Upload progress" />
        </ProgressBar>
      )}
      {state.step === 'done' && (
        <p role="status" className="mt-3 text-success">
          {`The file ${state.name} has been uploaded.`}
        </p>
      )}
      {state.step === 'refused' && (
        <Alert variant="danger" className="mt-3">
          {state.message}
        </Alert>
      )}
    </Form>
  );
}
