const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const dollars = (cents: number) => usd.format(cents / 100);
export const money = (amount: number | null | undefined, whole = false) =>
  amount === null || amount === undefined ? '' : (whole ? wholeUsd : usd).format(amount);

/**
 * Whole cents of a dollar amount staff typed ('1250', '1250.5', '1250.50'): at most two decimals, as the server's
 * CSV import takes them; a third decimal, a sign or a thousands comma is refused with a message, never rounded away.
 */
export function centsOf(typed: string, { signed = false } = {}): number {
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match || (match[1] && !signed))
    throw new Error(
      `${typed.trim() || 'An empty amount'} is not an amount in dollars and cents: at most two decimals, like 1250.00${signed ? ' (negative takes away)' : ''}`,
    );
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

export const today = () => new Date().toISOString().slice(0, 10);
export const investors = (count: number) => `${count} investor${count === 1 ? '' : 's'}`;

/** A stored moment as the staff member's local date. */
export const dateOf = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';

/** How staff read an accreditation's type. */
export const TYPE_NAMES: Record<string, string> = { individual: 'Individual', trust: 'Trust', business: 'Business' };
