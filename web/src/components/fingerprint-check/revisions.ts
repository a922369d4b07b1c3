const EOF_MARK = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
const CR = 0x0d;
const LF = 0x0a;
/** At most this many earlier revisions are asked about (each is one call): a sealed PDF has two or three. */
export const MAX_EARLIER_REVISIONS = 8;

/**
 * Where the earlier revisions of a PDF end, newest first: a PDF changed by incremental updates (a form filled in,
 * an annotation, another signature) keeps every earlier revision as the file's first bytes, each ending at a %%EOF.
 * Each end is given twice when an end-of-line follows the mark (the revision may or may not have had one). The whole
 * file is not among them.
 */
export function earlierRevisionEnds(bytes: Uint8Array): number[] {
  const ends: number[] = [];
  for (let index = 0; index + EOF_MARK.length <= bytes.length; index += 1) {
    if (!EOF_MARK.every((byte, offset) => bytes[index + offset] === byte)) continue;
    const mark = index + EOF_MARK.length;
    const line = bytes[mark] === CR && bytes[mark + 1] === LF ? 2 : bytes[mark] === CR || bytes[mark] === LF ? 1 : 0;
    // The last revision (nothing but its end-of-line after the mark) is the whole file.
    if (mark + line < bytes.length) ends.push(...(line ? [mark + line, mark] : [mark]));
  }
  return ends.reverse().slice(0, MAX_EARLIER_REVISIONS);
}
