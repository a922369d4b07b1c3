/** A file to post: its bytes, the name the browser gives it and its type. */
export interface UploadFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/**
 * Posts a file as the site does after step 1 of an upload: multipart/form-data with every field of formData, then
 * the file as `file`. Answers the status and the body as text (S3 answers XML, the CMS JSON).
 */
export async function postUpload(
  postURL: string,
  formData: Record<string, string>,
  file: UploadFile,
): Promise<{ status: number; text: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(formData)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(postURL, { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
}

/** A small PDF-looking file of `size` bytes whose content is unique to `label`. */
export function pdfBytes(label: string, size = 2048): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${label}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 'x')]);
}
