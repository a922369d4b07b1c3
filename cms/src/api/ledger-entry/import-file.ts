/*
 * What an accountant's CSV says, read and checked line by line before any ledger is consulted: shared by the entries
 * import (services/ledger-import.ts) and the capital accounts import (services/capital-account-import.ts). A plain
 * module beside services/, not in it: Strapi registers every file there as a service.
 */
import { parse } from 'csv-parse/sync';
import { errors } from '@strapi/utils';
import type { DistributionKind, LedgerType } from '@portal/rules';

/** An accountant's CSV: these columns (any order, any case; kind and note may be left out); adjustments are recorded on the desk, not imported. */
const IMPORT_COLUMNS = ['fund', 'investor_email', 'type', 'amount', 'effective_date'] as const;
export const IMPORT_TYPES: LedgerType[] = ['contribution', 'distribution', 'fee'];
/**
 * An accountant's capital accounts instead (a `period_start` column says so): one line per investor and period, the
 * period's money and its closing balance in dollars; distribution_kind and note may be added.
 */
const CAPITAL_ACCOUNT_COLUMNS = [
  'fund',
  'investor_email',
  'period_start',
  'period_end',
  'contributions',
  'distributions',
  'fees',
  'closing_balance',
] as const;
/** One import is one transaction: a fund's year of entries fits many times over. */
const IMPORT_MAX_LINES = 10_000;

/** One line of an import, checked and resolved. */
export interface ImportedEntry {
  fund: { id: number; documentId: string; name: string | null };
  syndUser: { id: number; documentId: string; email: string };
  type: LedgerType;
  kind: DistributionKind | null;
  amount_cents: number;
  effective_date: string;
  note: string | null;
  entryKey: string;
  /** The posted capital call this contribution pays (its item's share, to the cent), when it pays one. */
  fundEvent: { id: number; documentId: string } | null;
}

/** A CSV's lines under its header, each with the file's line it ends on and how many fields it has. */
export type CsvRecord = Record<string, string> & { line: number; fields: number };
/** An import's CSV read, its columns checked: the accountant's entries or (capitalAccounts) capital accounts. */
export type ImportFile = { header: string[]; records: CsvRecord[]; capitalAccounts: boolean };
/** A fund an import names; null where the file names no fund staff run. */
export type NamedFund = { id: number; documentId: string; name: string | null } | null;
/** A fund an import names, with its investors by email (lower case); null where the file names no fund staff run. */
export type ImportFund =
  | (NonNullable<NamedFund> & {
      investors: Map<string, { id: number; documentId: string; committedCents: number; countersigned: boolean }>;
    })
  | null;

/**
 * Rows as arrays, each with the file's line it ends on: a line with too few or too many fields is that line's
 * problem, not the whole file's (only text no CSV reader can split, such as an unclosed quote, is).
 */
export function readCsv(text: string): ImportFile {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new errors.ValidationError(
      `The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [head, ...rows] = parsed;
  const header = (head?.record ?? []).map((name) => name.trim().toLowerCase());
  if (!rows.length) throw new errors.ValidationError('The CSV has no lines under its header');
  if (rows.length > IMPORT_MAX_LINES)
    throw new errors.ValidationError(`The CSV has more than ${IMPORT_MAX_LINES} lines: split it`);
  // Capital accounts (a period_start column says so) or the accountant's entries, each with all its columns.
  const capitalAccounts = header.includes('period_start');
  const missing = (capitalAccounts ? CAPITAL_ACCOUNT_COLUMNS : IMPORT_COLUMNS).filter(
    (column) => !header.includes(column),
  );
  if (missing.length) {
    throw new errors.ValidationError(
      capitalAccounts
        ? `A capital account CSV needs the columns ${CAPITAL_ACCOUNT_COLUMNS.join(', ')} (missing: ${missing.join(', ')}); distribution_kind and note may be added`
        : `The CSV needs the columns ${IMPORT_COLUMNS.join(', ')} (missing: ${missing.join(', ')}); kind and note may be added`,
    );
  }
  const records = rows.map(
    ({ record, info }) =>
      ({
        line: info.lines,
        fields: record.length,
        ...Object.fromEntries(header.map((name, index) => [name, record[index] ?? ''])),
      }) as CsvRecord,
  );
  return { header, records, capitalAccounts };
}

/**
 * What every line of either format must be: as many fields as the header, a fund staff run, an investor committed
 * to it whose agreement is countersigned. Pushes the line's problems; answers the fund and investor when it is.
 */
export function lineOwner(
  record: CsvRecord,
  header: string[],
  funds: Map<string, ImportFund>,
  problem: (message: string) => void,
) {
  if (record.fields !== header.length) {
    problem(
      `${record.fields} field${record.fields === 1 ? '' : 's'} where the header has ${header.length}: a comma too many or too few`,
    );
    return null;
  }
  const fund = funds.get(record.fund);
  const email = (record.investor_email ?? '').toLowerCase();
  const investor = fund?.investors.get(email);
  if (!record.fund) problem('fund is required');
  else if (!fund) problem(`unknown fund ${record.fund}`);
  else if (!investor)
    problem(
      `unknown investor: ${record.investor_email || '(no email)'} has no commitment to ${fund.name ?? record.fund}`,
    );
  else if (!investor.countersigned)
    problem(
      `the subscription agreement of ${record.investor_email} to ${fund.name ?? record.fund} is not countersigned yet: countersign it before recording its money`,
    );
  return fund && investor && investor.countersigned ? { fund, investor, email } : null;
}
