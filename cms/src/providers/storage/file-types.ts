/** The types investors may upload (proof documents): PDF and images, by the name's extension. */
const UPLOAD_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
};

/** The Content-Type an uploadable file name stands for; null for any other extension. */
export function uploadType(name: string): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (
    (extension && Object.prototype.hasOwnProperty.call(UPLOAD_TYPES, extension) && UPLOAD_TYPES[extension]) || null
  );
}

/** The type a stored file is served as: its upload type, else a download of unknown bytes. */
export const typeOfName = (name: string): string => uploadType(name) ?? 'application/octet-stream';

/** The spec's rule for uploaded names: anything but letters, digits, underscore and dot becomes '_'. */
export const sanitizeFileName = (name: string): string => name.replace(/[^A-Za-z0-9_.]/g, '_');

/** A size for people: '20 MB', '1.5 MB', '900 KB'. */
export function sizeLabel(bytes: number): string {
  const [unit, size] =
    bytes >= 1024 * 1024 ? ['MB', bytes / (1024 * 1024)] : bytes >= 1024 ? ['KB', bytes / 1024] : ['bytes', bytes];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}
