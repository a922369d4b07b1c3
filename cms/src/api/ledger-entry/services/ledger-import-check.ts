import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { DISTRIBUTION_KINDS, INVEST_STATUS, type DistributionKind, type LedgerType } from '@portal/rules';
import { isIsoDate, isRowId } from '../../../utils/validation';
import { fundWhere, targetInScope, type PortalScope } from '../../portal/staff-scope';
import {
  IMPORT_TYPES,
  lineOwner,
  type CsvRecord,
  type ImportedEntry,
  type ImportFile,
  type ImportFund,
  type NamedFund,
} from '../import-file';
import { capitalAccountImport } from './capital-account-import';
import { cents, dollarsToCents, ledger, usd } from './ledger-entry';
import { CALL_ITEM, FUND, FUND_EVENT, LEDGER_ENTRY, SYND_USER, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/**
 * Whether each line of the accountant's CSV import may be written (docs/capital-accounts.md, Imports): the funds and
 * investors it names, its fields, the calls it pays, and what the ledger holds already.
 */
export function ledgerImportCheck(strapi: Core.Strapi) {
  /**
   * The unpaid items of a fund's posted capital calls for these syndication users, oldest call first: what an imported
   * contribution of the same amount pays. One query per 500 users.
   */
  async function openItemsOf(
    fundId: number,
    syndUserIds: number[],
  ): Promise<
    Map<number, { paymentKey: string; amount_cents: number; event: { id: number; documentId: string; date: string } }[]>
  > {
    const open = new Map<
      number,
      { paymentKey: string; amount_cents: number; event: { id: number; documentId: string; date: string } }[]
    >();
    for (let start = 0; start < syndUserIds.length; start += 500) {
      const rows = (await strapi.db.query(CALL_ITEM).findMany({
        where: { fund: { id: fundId }, syndUser: { id: { $in: syndUserIds.slice(start, start + 500) } } },
        select: ['amount_cents', 'paymentKey'],
        populate: { syndUser: { select: ['id'] }, fundEvent: { select: ['id', 'documentId', 'date', 'state'] } },
      })) as (Pick<Row<typeof CALL_ITEM>, 'amount_cents' | 'paymentKey'> & {
        syndUser: Pick<Row<typeof SYND_USER>, 'id'> | null;
        fundEvent: Pick<Row<typeof FUND_EVENT>, 'id' | 'documentId' | 'date' | 'state'> | null;
      })[];
      const paid = await ledger(strapi).paymentsOf(rows.map((row) => row.paymentKey));
      for (const row of rows) {
        if (!row.syndUser || row.fundEvent?.state !== 'posted' || paid.has(row.paymentKey)) continue;
        const item = {
          paymentKey: row.paymentKey,
          amount_cents: cents(row.amount_cents),
          event: {
            id: row.fundEvent.id,
            documentId: row.fundEvent.documentId,
            date: String(row.fundEvent.date).slice(0, 10),
          },
        };
        open.set(
          row.syndUser.id,
          [...(open.get(row.syndUser.id) ?? []), item].sort(
            (a, b) => a.event.date.localeCompare(b.event.date) || a.event.id - b.event.id,
          ),
        );
      }
    }
    return open;
  }

  /** The funds the file names, as staff in `scope` may name them: one query per fund, however many lines. */
  async function fundsNamed(records: CsvRecord[], scope: PortalScope): Promise<Map<string, NamedFund>> {
    const funds = new Map<string, NamedFund>();
    for (const name of new Set(records.map((record) => record.fund))) {
      // A number no row can have (99999999999999999999) names no fund: that line's problem, not the whole file's.
      const nameable = name && (!/^\d+$/.test(name) || isRowId(name));
      const found = nameable
        ? ((await strapi.db
            .query(FUND)
            .findOne({ where: fundWhere(name), select: ['id', 'documentId', 'name'] })) as NamedFund)
        : null;
      // Another portal's fund is as unknown to staff who do not run it as one that does not exist.
      funds.set(name, found && (await targetInScope(strapi, scope, 'fund', found.id)) ? found : null);
    }
    return funds;
  }

  /** The named funds with their investors: one query per fund. */
  async function fundsOf(named: Map<string, NamedFund>): Promise<Map<string, ImportFund>> {
    const funds = new Map<string, ImportFund>();
    for (const [name, fund] of named) {
      if (!fund) {
        funds.set(name, null);
        continue;
      }
      const rows = (await strapi.db.query(SYND_USER).findMany({
        where: { fund: { id: fund.id }, invest_status: INVEST_STATUS.accepted },
        select: ['id', 'documentId', 'invest_amount', 'sa_complete_date'],
        populate: { user: { select: ['email'] } },
        orderBy: { id: 'asc' },
      })) as (Pick<Row<typeof SYND_USER>, 'id' | 'documentId' | 'invest_amount' | 'sa_complete_date'> & {
        user: Pick<Row<typeof USER>, 'email'> | null;
      })[];
      const investors = new Map<
        string,
        { id: number; documentId: string; committedCents: number; countersigned: boolean }
      >();
      for (const row of rows) {
        if (row.user && !investors.has(row.user.email.toLowerCase()))
          investors.set(row.user.email.toLowerCase(), {
            id: row.id,
            documentId: row.documentId,
            committedCents: dollarsToCents(row.invest_amount),
            countersigned: Boolean(row.sa_complete_date),
          });
      }
      funds.set(name, { ...fund, investors });
    }
    return funds;
  }

  /** Every line of an import checked against the ledger of the funds it names (`named`, read once per import). */
  async function checkImport(
    file: ImportFile,
    named: Map<string, NamedFund>,
  ): Promise<{ lines: { line: number; entry: ImportedEntry }[]; problems: { line: number; message: string }[] }> {
    const funds = await fundsOf(named);
    if (file.capitalAccounts) return capitalAccountImport(strapi).checkCapitalAccounts(file, funds);
    const { header, records } = file;

    const problems: { line: number; message: string }[] = [];
    const lines: { line: number; entry: ImportedEntry }[] = [];
    const seen = new Map<string, number>();
    records.forEach((record) => {
      const { line } = record;
      const problem = (message: string) => problems.push({ line, message });
      if (record.fields !== header.length) return lineOwner(record, header, funds, problem);
      const type = record.type as LedgerType;
      const kind = (record.kind || null) as DistributionKind | null;
      const before = problems.length;
      const owner = lineOwner(record, header, funds, problem);
      if (!IMPORT_TYPES.includes(type)) problem(`type must be one of ${IMPORT_TYPES.join(', ')}`);
      if (type === 'distribution' && !DISTRIBUTION_KINDS.includes(kind as DistributionKind))
        problem(`kind must be one of ${DISTRIBUTION_KINDS.join(', ')} for a distribution`);
      if (type !== 'distribution' && kind) problem('only a distribution has a kind');
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(record.amount ?? '') || Number(record.amount) === 0)
        problem(`bad amount ${record.amount || '(empty)'}: dollars and cents above zero, like 1250.00`);
      if (!isIsoDate(record.effective_date))
        problem(`bad effective_date ${record.effective_date || '(empty)'}: a date like 2026-03-31`);
      if ((record.note ?? '').length > 2000) problem('note is longer than 2000 characters');
      if (problems.length > before || !owner) return;
      const { fund, investor, email } = owner;
      const entry = {
        fund: { id: fund.id, documentId: fund.documentId, name: fund.name },
        syndUser: { id: investor.id, documentId: investor.documentId, email },
        type,
        kind,
        amount_cents: Math.round(Number(record.amount) * 100),
        effective_date: record.effective_date,
        note: record.note || null,
      };
      // The same money twice is a duplicate whatever its note says.
      const fingerprint = crypto
        .createHash('sha256')
        .update(
          JSON.stringify([entry.fund.id, entry.syndUser.id, type, kind, entry.amount_cents, entry.effective_date]),
        )
        .digest('hex')
        .slice(0, 40);
      const earlier = seen.get(fingerprint);
      if (earlier !== undefined) return problem(`duplicate of line ${earlier}`);
      seen.set(fingerprint, line);
      lines.push({ line, entry: { ...entry, entryKey: `import:${fingerprint}`, fundEvent: null } });
    });
    // A contribution of exactly an unpaid call's share pays that call (the oldest such), as the desk's funding of the
    // call does: under the call's payment key, so the same money is never counted twice, however it comes in.
    for (const fund of new Set(
      lines.filter(({ entry }) => entry.type === 'contribution').map(({ entry }) => entry.fund.id),
    )) {
      const ofFund = lines.filter(({ entry }) => entry.type === 'contribution' && entry.fund.id === fund);
      const open = await openItemsOf(fund, [...new Set(ofFund.map(({ entry }) => entry.syndUser.id))]);
      for (const { entry } of ofFund) {
        const items = open.get(entry.syndUser.id) ?? [];
        const item = items.find(
          (each) => each.amount_cents === entry.amount_cents && each.event.date <= entry.effective_date,
        );
        if (!item) continue;
        items.splice(items.indexOf(item), 1);
        Object.assign(entry, {
          entryKey: item.paymentKey,
          fundEvent: { id: item.event.id, documentId: item.event.documentId },
          note: entry.note ?? `Capital call of ${item.event.date}`,
        });
      }
      // Money for the commitment itself is never more than is left of it once the calls still unpaid are paid, as on
      // the desk: the ledger's contributions, the calls not paid, and the file's lines before this one.
      const ids = [...new Set(ofFund.map(({ entry }) => entry.syndUser.id))];
      const [funded, called] = await Promise.all([
        ledger(strapi).fundedBySyndUser(fund, ids),
        ledger(strapi).openCalledBySyndUser(fund, ids),
      ]);
      const committed = new Map(
        [...funds.values()]
          .flatMap((each) => (each?.id === fund ? [...each.investors.values()] : []))
          .map((each) => [each.id, each.committedCents]),
      );
      for (const { line, entry } of ofFund) {
        if (entry.fundEvent) continue;
        const id = entry.syndUser.id;
        const total = (funded.get(id) ?? 0) + (called.get(id) ?? 0) + entry.amount_cents;
        funded.set(id, (funded.get(id) ?? 0) + entry.amount_cents);
        if (total > (committed.get(id) ?? 0)) {
          problems.push({
            line,
            message: `more than is left of the commitment of ${entry.syndUser.email}: ${usd(committed.get(id) ?? 0)} committed, ${usd(total - entry.amount_cents)} funded or called before this line`,
          });
        }
      }
    }
    // Money the ledger holds already: a line imported before (its key), a call paid already, or the same entry recorded
    // on the desk (same investor, type, kind, date and amount).
    for (let start = 0; start < lines.length; start += 500) {
      const batch = lines.slice(start, start + 500);
      const known = (await strapi.db.query(LEDGER_ENTRY).findMany({
        where: { entryKey: { $in: batch.map(({ entry }) => entry.entryKey) } },
        select: ['entryKey'],
      })) as Pick<Row<typeof LEDGER_ENTRY>, 'entryKey'>[];
      const keys = new Set(known.map((row) => row.entryKey));
      const recorded = (await strapi.db.query(LEDGER_ENTRY).findMany({
        where: {
          syndUser: { id: { $in: [...new Set(batch.map(({ entry }) => entry.syndUser.id))] } },
          effective_date: { $in: [...new Set(batch.map(({ entry }) => entry.effective_date))] },
        },
        select: ['type', 'kind', 'amount_cents', 'effective_date'],
        populate: { syndUser: { select: ['id'] } },
      })) as (Pick<Row<typeof LEDGER_ENTRY>, 'type' | 'kind' | 'amount_cents' | 'effective_date'> & {
        syndUser: Pick<Row<typeof SYND_USER>, 'id'> | null;
      })[];
      const same = new Set(
        recorded.map((row) =>
          JSON.stringify([
            row.syndUser?.id,
            row.type,
            row.kind ?? null,
            cents(row.amount_cents),
            String(row.effective_date).slice(0, 10),
          ]),
        ),
      );
      for (const { line, entry } of batch) {
        if (keys.has(entry.entryKey))
          problems.push({ line, message: 'duplicate: already in the ledger (imported before)' });
        else if (
          same.has(
            JSON.stringify([entry.syndUser.id, entry.type, entry.kind, entry.amount_cents, entry.effective_date]),
          )
        )
          problems.push({
            line,
            message: 'duplicate: the ledger has this entry already (same investor, type, date and amount)',
          });
      }
    }
    problems.sort((a, b) => a.line - b.line);
    const bad = new Set(problems.map((each) => each.line));
    return { lines: lines.filter(({ line }) => !bad.has(line)), problems };
  }

  return { fundsNamed, checkImport };
}
