/**
 * K-1s and other yearly documents per fund and tax year (docs/sponsor-desk.md, K-1s): when the investors may expect
 * them, and which uploaded file is whose.
 */
export const TAX_SCHEDULE_STATES = ['pending', 'issued'] as const;
export type TaxScheduleState = (typeof TAX_SCHEDULE_STATES)[number];

/** An investor a file may belong to. */
export interface K1Investor {
  key: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** Letters and digits only, lower case: how names and file names are compared. */
const plain = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** A file name without its folder and extension. */
const stem = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');

/**
 * Who each file is for, by a name pattern: `{last}`, `{first}` and `{email}` stand for the investor's, anything else
 * must be as written (compared on letters and digits only, ignoring case and accents), e.g. `K1-2026-{last}-{first}`.
 * Without a pattern, a file is an investor's when its name holds their email, or their last and first names in either
 * order. A name that fits several investors, or none, matches nobody: staff choose by hand.
 *
 * The investors are read once, into a table of what a file name must be (with a pattern) or may hold (without one),
 * so that each file costs lookups in it, not a comparison with every investor: 5,000 files for 5,000 partners.
 */
export function k1Matcher(
  investors: readonly K1Investor[],
  pattern?: string | null,
): (fileName: string) => string | null {
  const patterned = Boolean(pattern?.trim());
  // A pattern without a placeholder names nobody in particular.
  if (patterned && !/\{(last|first|email)\}/i.test(pattern!)) return () => null;
  const keysOf = new Map<string, Set<string>>();
  const add = (token: string, key: string) => {
    if (!token) return;
    const keys = keysOf.get(token) ?? new Set<string>();
    keysOf.set(token, keys.add(key));
  };
  for (const investor of investors) {
    const first = plain(investor.firstName);
    const last = plain(investor.lastName);
    const email = plain(investor.email);
    if (patterned)
      add(
        plain(
          pattern!
            .replace(/\{last\}/gi, last)
            .replace(/\{first\}/gi, first)
            .replace(/\{email\}/gi, email),
        ),
        investor.key,
      );
    else {
      add(email, investor.key);
      if (first && last) {
        add(`${last}${first}`, investor.key);
        add(`${first}${last}`, investor.key);
      }
    }
  }
  const lengths = [...new Set([...keysOf.keys()].map((token) => token.length))];
  return (fileName: string) => {
    const name = plain(stem(fileName));
    if (!name) return null;
    if (patterned) {
      const keys = keysOf.get(name);
      return keys?.size === 1 ? [...keys][0] : null;
    }
    // Every part of the name as long as some investor's token: the investors whose token it is fit.
    const found = new Set<string>();
    for (const length of lengths) {
      for (let at = 0; at + length <= name.length; at += 1) {
        for (const key of keysOf.get(name.slice(at, at + length)) ?? []) {
          found.add(key);
          if (found.size > 1) return null;
        }
      }
    }
    return found.size === 1 ? [...found][0] : null;
  };
}

/** What the investor's dashboard says of a schedule. */
export function taxScheduleNotice(
  schedule: { taxYear: number; state: TaxScheduleState; expectedDate?: string | null; documentName?: string | null },
  formatDate: (iso: string) => string,
): string {
  const document = schedule.documentName?.trim() || 'K-1';
  if (schedule.state === 'issued') return `${document} for ${schedule.taxYear} is ready under Tax Documents`;
  return schedule.expectedDate
    ? `${document} for ${schedule.taxYear} expected by ${formatDate(schedule.expectedDate)}`
    : `${document} for ${schedule.taxYear} is being prepared`;
}
