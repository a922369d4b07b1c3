import { effectOf, netInvestedChange } from '@portal/rules';
import { lineOf, type LedgerEntry } from './api/ledger';

export interface LedgerFilter {
  /** A fund's documentId, or '' for every fund. */
  fund: string;
  /** A type, or '' for every type. */
  type: string;
  /** A year, or '' for every year. */
  year: string;
}

export interface LedgerRow {
  entry: LedgerEntry;
  /** The capital the investor has in, net, after this entry: over every entry of the funds shown, whatever the type or year picked. */
  balanceCents: number;
}

const TYPE_LABELS = { contribution: 'Contribution', distribution: 'Distribution', fee: 'Fee', adjustment: 'Adjustment' } as const;
const KIND_LABELS = { return_of_capital: 'Return of capital', income: 'Income', gain: 'Gain' } as const;

/** 'Distribution (Income)', 'Adjustment of a contribution'. */
export function describeEntry(entry: LedgerEntry): string {
  if (entry.type === 'adjustment') {
    const { effect } = effectOf(lineOf(entry));
    return `Adjustment of a ${effect}`;
  }
  return entry.kind ? `${TYPE_LABELS[entry.type]} (${KIND_LABELS[entry.kind]})` : TYPE_LABELS[entry.type];
}

/**
 * The rows to show, oldest first: the running balance runs over the fund picked (or all), so a filter by type or
 * year shows each row's true balance rather than a partial sum.
 */
export function ledgerRows(entries: LedgerEntry[], filter: LedgerFilter): LedgerRow[] {
  const ofFund = entries
    .filter((entry) => !filter.fund || entry.fund?.documentId === filter.fund)
    .sort((a, b) => a.effective_date.localeCompare(b.effective_date) || a.id - b.id);
  let balance = 0;
  const rows = ofFund.map((entry) => {
    balance += netInvestedChange(lineOf(entry));
    return { entry, balanceCents: balance };
  });
  return rows.filter(({ entry }) => (!filter.type || entry.type === filter.type) && (!filter.year || entry.effective_date.startsWith(filter.year)));
}

/** A CSV cell: quoted when needed, and text that a spreadsheet would run as a formula made inert. */
function cell(value: string | number): string {
  if (typeof value === 'number') return value.toFixed(2);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows shown, as a CSV file's text (dollars with 2 decimals). */
export function ledgerCsv(rows: LedgerRow[]): string {
  const header = ['Date', 'Fund', 'Transaction', 'Amount', 'Net invested', 'Note'];
  const lines = rows.map(({ entry, balanceCents }) => [
    entry.effective_date, entry.fund?.name ?? '', describeEntry(entry), entry.amount_cents / 100, balanceCents / 100, entry.note ?? '',
  ].map(cell).join(','));
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
