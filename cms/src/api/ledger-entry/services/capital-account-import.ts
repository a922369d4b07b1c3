import type { Core } from '@strapi/strapi';
import {
  capitalAccountFor,
  DISTRIBUTION_KINDS,
  exceedsCommitment,
  ledgerTotals,
  type DistributionKind,
  type LedgerType,
} from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { isIsoDate } from '../../../utils/validation';
import { fundValuations, heldBy } from '../../valuation/services/valuation';
import { lineOwner, type CsvRecord, type ImportedEntry, type ImportFile, type ImportFund } from '../import-file';
import { ledger, usd } from './ledger-entry';

/** Whether an accountant's capital accounts reconcile with the ledger, and the entries that would make them. */
const capitalAccountImportService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * An accountant's capital accounts (docs/capital-accounts.md, Imports): per investor and period, the contributions,
   * distributions and fees of the period and the closing balance, reconciled with the ledger. What the ledger holds
   * already is not written again; what the file has more of becomes an entry dated the period's end (a distribution
   * of `distribution_kind`); less than the ledger, or a closing balance other than the ledger's roll-forward with those
   * entries (opening + contributions - distributions + change in value), is that line's problem.
   */
  async function checkCapitalAccounts(
    { header, records }: ImportFile,
    funds: Map<string, ImportFund>,
  ): Promise<{ lines: { line: number; entry: ImportedEntry }[]; problems: { line: number; message: string }[] }> {
    const problems: { line: number; message: string }[] = [];
    const checked: {
      record: CsvRecord;
      fund: NonNullable<ImportFund>;
      investor: { id: number; documentId: string; committedCents: number };
      email: string;
      figures: Record<'contributions' | 'distributions' | 'fees' | 'closing_balance', number>;
    }[] = [];
    const seen = new Map<string, number>();
    for (const record of records) {
      const problem = (message: string) => problems.push({ line: record.line, message });
      const before = problems.length;
      const owner = lineOwner(record, header, funds, problem);
      if (record.fields !== header.length) continue;
      if (!isIsoDate(record.period_start))
        problem(`bad period_start ${record.period_start || '(empty)'}: a date like 2026-01-01`);
      if (!isIsoDate(record.period_end))
        problem(`bad period_end ${record.period_end || '(empty)'}: a date like 2026-03-31`);
      else if (isIsoDate(record.period_start) && record.period_end < record.period_start)
        problem('period_end is before period_start');
      const figures = {} as Record<'contributions' | 'distributions' | 'fees' | 'closing_balance', number>;
      for (const column of ['contributions', 'distributions', 'fees', 'closing_balance'] as const) {
        if (!/^\d{1,12}(\.\d{1,2})?$/.test(record[column] ?? ''))
          problem(`bad ${column} ${record[column] || '(empty)'}: dollars and cents, zero or more, like 1250.00`);
        else figures[column] = Math.round(Number(record[column]) * 100);
      }
      if (record.distribution_kind && !DISTRIBUTION_KINDS.includes(record.distribution_kind as DistributionKind))
        problem(`distribution_kind must be one of ${DISTRIBUTION_KINDS.join(', ')}`);
      if ((record.note ?? '').length > 2000) problem('note is longer than 2000 characters');
      if (problems.length > before || !owner) continue;
      const key = JSON.stringify([owner.fund.id, owner.investor.id, record.period_start, record.period_end]);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problem(`duplicate of line ${earlier}`);
        continue;
      }
      seen.set(key, record.line);
      checked.push({ record, ...owner, figures });
    }
    const ledgers = await ledger(strapi).linesBySyndUser([...new Set(checked.map((each) => each.investor.id))]);
    // Read once per fund, not per line: the valuations' shares and what calls ask and is not paid (the file's lines pay none).
    const fundIds = [...new Set(checked.map((each) => each.fund.id))];
    const valuations = await fundValuations(strapi).sharesByFund(fundIds);
    const calledOf = new Map<number, Map<number, number>>();
    for (const fund of fundIds) calledOf.set(fund, await ledger(strapi).openCalledBySyndUser(fund));
    const lines: { line: number; entry: ImportedEntry }[] = [];
    // A file's periods of one investor in date order: each period's entries count in the next one's balances.
    checked.sort((a, b) => a.record.period_start.localeCompare(b.record.period_start) || a.record.line - b.record.line);
    for (const { record, fund, investor, email, figures } of checked) {
      const problem = (message: string) => problems.push({ line: record.line, message });
      const held = ledgers.get(investor.id) ?? [];
      const inPeriod = ledgerTotals(
        held.filter((each) => each.date >= record.period_start && each.date <= record.period_end),
      );
      const differences = [
        {
          type: 'contribution' as const,
          column: 'contributions',
          file: figures.contributions,
          ledger: inPeriod.contributedCents,
        },
        {
          type: 'distribution' as const,
          column: 'distributions',
          file: figures.distributions,
          ledger: inPeriod.distributedCents,
        },
        { type: 'fee' as const, column: 'fees', file: figures.fees, ledger: inPeriod.feesCents },
      ];
      const before = problems.length;
      for (const each of differences.filter((difference) => difference.file < difference.ledger)) {
        problem(
          `${each.column} ${usd(each.file)} is less than the ledger's ${usd(each.ledger)} for the period: correct the ledger on the desk with an adjustment`,
        );
      }
      const kind = (record.distribution_kind || null) as DistributionKind | null;
      const distributionMissing = figures.distributions - inPeriod.distributedCents;
      if (distributionMissing > 0 && !kind)
        problem(
          `distribution_kind is required to record the ${usd(distributionMissing)} of distributions the ledger does not have`,
        );
      if (problems.length > before) continue;
      const entries = differences
        .filter((each) => each.file > each.ledger)
        .map((each) => ({
          fund: { id: fund.id, documentId: fund.documentId, name: fund.name },
          syndUser: { id: investor.id, documentId: investor.documentId, email },
          type: each.type as LedgerType,
          kind: each.type === 'distribution' ? kind : null,
          amount_cents: each.file - each.ledger,
          effective_date: record.period_end,
          note: record.note || `Capital account ${record.period_start} to ${record.period_end}`,
          entryKey: `capital-account:${investor.documentId}:${record.period_start}:${record.period_end}:${each.type}`,
          fundEvent: null,
        }));
      const after = [
        ...held,
        ...entries.map((entry) => ({
          type: entry.type,
          kind: entry.kind,
          amountCents: entry.amount_cents,
          date: entry.effective_date,
        })),
      ];
      const account = capitalAccountFor(
        after,
        (valuations.get(fund.id) ?? []).map((valuation) => heldBy(valuation, [investor.id])),
        record.period_start,
        record.period_end,
      );
      if (account.closing !== figures.closing_balance) {
        problem(
          `closing_balance ${usd(figures.closing_balance)} does not match the roll-forward: opening ${usd(account.opening)} + contributions ${usd(account.contributions)} - distributions ${usd(account.distributions)} + change in value ${usd(account.valueChange)} = ${usd(account.closing)}`,
        );
        continue;
      }
      const added = entries.find((entry) => entry.type === 'contribution');
      if (added) {
        const funded = ledgerTotals(held).contributedCents;
        const called = calledOf.get(fund.id)?.get(investor.id) ?? 0;
        if (
          exceedsCommitment(
            { commitmentCents: investor.committedCents, fundedCents: funded, calledCents: called },
            added.amount_cents,
          )
        ) {
          problem(
            `more than is left of the commitment of ${email}: ${usd(investor.committedCents)} committed, ${usd(funded + called)} funded or called before this line`,
          );
          continue;
        }
      }
      ledgers.set(investor.id, after);
      for (const entry of entries) lines.push({ line: record.line, entry });
    }
    problems.sort((a, b) => a.line - b.line);
    return { lines, problems };
  }

  return { checkCapitalAccounts };
};

export type CapitalAccountImportService = ReturnType<typeof capitalAccountImportService>;

/** The capital accounts import, typed. */
export const capitalAccountImport = serviceAccessor<CapitalAccountImportService>(
  'api::ledger-entry.capital-account-import',
);

export default capitalAccountImportService;
