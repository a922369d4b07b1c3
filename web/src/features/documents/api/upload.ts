import type { ProofDocumentSaved, UploadTicket } from '@portal/rules';
import { ApiError, api } from '@/lib/api-client';

/** Step 1: a signed, expiring permission to post one file named `fileName`. Throws ApiError (e.g. a refused type). */
export const requestUpload = (fileName: string) =>
  api.post<UploadTicket>('/api/profile/proof_documents/upload', { path: fileName });

/** Step 3: records the posted file as a proof document of the caller. Throws ApiError. */
export const saveProofDocument = (saved: { path: string; name: string; bucket: string }) =>
  api.post<ProofDocumentSaved>('/api/profile/proof_documents/save', saved);

/** The message in a refused post's answer: Strapi's JSON error, or S3's XML <Message>. */
function refusalBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    // Carried as Strapi's error shape, so ApiError.serverMessage reads both back ends alike.
    return message ? { error: { message } } : text;
  }
}

/**
 * Step 2: posts `file` as multipart form data to the ticket's postURL (the CMS's local storage or an S3 bucket):
 * every field of the ticket's formData, then the file as `file`, last (S3 ignores fields after the file). This is
 * the one call not made through the API client: only XMLHttpRequest reports upload progress, and the post carries no
 * session (the signed policy is its permission). Rejects with ApiError carrying the storage's refusal.
 */
export function postFile(ticket: UploadTicket, file: File, onProgress: (percent: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.data.formData)) form.append(name, value);
  form.append('file', file);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve();
      } else {
        const body = refusalBody(request.responseText);
        reject(new ApiError(request.status, `Upload failed with status ${request.status}`, body));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'Network request failed')));
    request.open('POST', ticket.data.postURL);
    request.send(form);
  });
}

/** The size limit as people read it: 20971520 -> '20 MB'. */
export function megabytes(bytes: number): string {
  return `${Number((bytes / 2 ** 20).toFixed(1))} MB`;
}
