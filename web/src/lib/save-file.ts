import { api } from './api-client';

/**
 * Downloads the file a link names and hands it to the browser to save as `name`. The file is fetched with the
 * session (api.file), so a link only its owner may use works; the browser then saves it from memory. Throws ApiError.
 */
export async function saveFile(url: string, name: string): Promise<void> {
  saveBlob(await api.file(url), name);
}

/** Hands bytes made in the page (a CSV, say) to the browser to save as `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to have taken the bytes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
