import { describe, expect, it } from 'vitest';
import { earlierRevisionEnds, MAX_EARLIER_REVISIONS } from '../revisions';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('earlierRevisionEnds', () => {
  it('finds where each earlier revision ends, newest first, with and without the end-of-line after %%EOF; not the whole file', () => {
    const first = '%PDF-1.7\nbody\n%%EOF\r\n';
    const second = 'update\n%%EOF';
    const file = `${first}${second}\nlast\n%%EOF\n`;
    const secondEnd = first.length + second.length;
    expect(earlierRevisionEnds(bytes(file))).toEqual([secondEnd, secondEnd + 1, first.length - 2, first.length]);
    expect(earlierRevisionEnds(bytes('%PDF-1.7\nbody\n%%EOF\n'))).toEqual([]);
    expect(earlierRevisionEnds(bytes('%PDF-1.7\nno end'))).toEqual([]);
  });

  it(`asks about ${MAX_EARLIER_REVISIONS} at most`, () => {
    expect(earlierRevisionEnds(bytes('x%%EOF'.repeat(20)))).toHaveLength(MAX_EARLIER_REVISIONS);
  });
});
