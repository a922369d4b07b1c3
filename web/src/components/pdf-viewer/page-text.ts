/** One run of text of a PDF page as pdf.js's getTextContent gives it (its TextItem, the fields read here). */
export interface TextRun {
  str: string;
  hasEOL: boolean;
  /** The run's transform: [a, b, c, d, x, y], y growing up the page. */
  transform: number[];
  height: number;
}

/**
 * A page's text reflowed into paragraphs, to read on a narrow screen ("Read as text"): runs joined into lines at each
 * end of line, lines into paragraphs unless the gap between them is more than half a line again (a blank line, a
 * heading's space), a word broken by a hyphen at a line's end joined again. pdf.js's marked-content items (no `str`)
 * are skipped.
 */
export function paragraphsOf(runs: readonly Partial<TextRun>[]): string[] {
  const lines: { text: string; y: number; height: number }[] = [];
  let text = '';
  let y: number | null = null;
  let height = 0;
  const endLine = () => {
    if (text.trim()) lines.push({ text: text.trim(), y: y ?? 0, height: height || 10 });
    text = '';
    y = null;
    height = 0;
  };
  for (const run of runs) {
    if (typeof run.str !== 'string') continue;
    if (y === null && run.str.trim()) y = run.transform?.[5] ?? 0;
    height = Math.max(height, run.height ?? 0);
    text += run.str;
    if (run.hasEOL) endLine();
  }
  endLine();

  const paragraphs: string[] = [];
  let current = '';
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    const gap = previous ? previous.y - line.y : 0;
    if (previous && (gap > 1.5 * Math.max(previous.height, line.height) || gap < 0)) {
      paragraphs.push(current);
      current = '';
    }
    if (!current) current = line.text;
    else if (/[A-Za-z]-$/.test(current)) current = `${current.slice(0, -1)}${line.text}`;
    else current = `${current} ${line.text}`;
  });
  if (current) paragraphs.push(current);
  return paragraphs;
}
