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
const plain = (text: string | null | undefined) => (text ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A file name without its folder and extension. */
const stem = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');

/**
 * The investor a file is for, by a name pattern: `{last}`, `{first}` and `{email}` stand for the investor's, anything
 * else must be as written (compared on letters and digits only, ignoring case and accents), e.g. `K1-2026-{last}-{first}`.
 * Without a pattern, a file is an investor's when its name holds their email, or their last and first names in either
 * order. A name that fits several investors, or none, matches nobody: staff choose by hand.
 */
export function matchK1File(fileName: string, investors: readonly K1Investor[], pattern?: string | null): string | null {
  const name = plain(stem(fileName));
  if (!name) return null;
  const fits = (investor: K1Investor): boolean => {
    const first = plain(investor.firstName);
    const last = plain(investor.lastName);
    const email = plain(investor.email);
    if (pattern?.trim()) {
      const expected = plain(pattern.replace(/\{last\}/gi, last).replace(/\{first\}/gi, first).replace(/\{email\}/gi, email));
      return Boolean(expected) && expected === name && /\{(last|first|email)\}/i.test(pattern);
    }
    if (email && name.includes(email)) return true;
    return Boolean(first && last) && (name.includes(`${last}${first}`) || name.includes(`${first}${last}`));
  };
  const found = investors.filter(fits);
  return found.length === 1 ? found[0].key : null;
}

/** What the investor's dashboard says of a schedule. */
export function taxScheduleNotice(schedule: { taxYear: number; state: TaxScheduleState; expectedDate?: string | null; documentName?: string | null }, formatDate: (iso: string) => string): string {
  const document = schedule.documentName?.trim() || 'K-1';
  if (schedule.state === 'issued') return `${document} for ${schedule.taxYear} is ready under Tax Documents`;
  return schedule.expectedDate ? `${document} for ${schedule.taxYear} expected by ${formatDate(schedule.expectedDate)}` : `${document} for ${schedule.taxYear} is being prepared`;
}
