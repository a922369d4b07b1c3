import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { serviceAccessor } from '../../../utils/service';
import { deliverNotices } from '../../fund-event/notices';
import type { PortalScope } from '../../portal/staff-scope';
import { readCsv, type ImportedEntry } from '../import-file';
import { ledger } from './ledger-entry';
import { ledgerImportCheck } from './ledger-import-check';
import { transferDates } from './transfer-dates';
import { FUND_EVENT, LEDGER_ENTRY } from '../../../utils/uids';

/** The accountant's CSV import (docs/capital-accounts.md, Imports): entries or capital accounts, checked, then written once. */
const ledgerImportService = ({ strapi }: { strapi: Core.Strapi }) => {
  const { fundsNamed, checkImport } = ledgerImportCheck(strapi);

  /** The distribution an imported line belongs to: its fund, day and kind. */
  const distributionKey = (entry: Pick<ImportedEntry, 'fund' | 'effective_date' | 'kind'>) =>
    `${entry.fund.id}:${entry.effective_date}:${entry.kind}`;

  /**
   * An accountant's distributions as the desk's: one posted distribution event per fund, day and kind of the file's
   * lines (its total their sum, 'Imported' its note), which the lines' entries name, so their investors get the notices
   * a posted distribution sends and the desk lists it with its allocation. In the caller's transaction; answers each
   * event's id by distributionKey.
   */
  async function importedDistributions(entries: ImportedEntry[], staffName: string): Promise<Map<string, number>> {
    const groups = new Map<string, ImportedEntry[]>();
    for (const entry of entries.filter((each) => each.type === 'distribution'))
      groups.set(distributionKey(entry), [...(groups.get(distributionKey(entry)) ?? []), entry]);
    const events = new Map<string, number>();
    for (const [key, group] of groups) {
      const [{ fund, effective_date: date, kind }] = group;
      const event = (await strapi.db.query(FUND_EVENT).create({
        data: {
          fund: fund.id,
          type: 'distribution',
          date,
          total_cents: group.reduce((sum, each) => sum + each.amount_cents, 0),
          basis: null,
          kind,
          state: 'posted',
          note: 'Imported from the accountant’s CSV',
          createdByName: staffName,
          postedByName: staffName,
          posted_at: new Date(),
        },
      })) as { id: number };
      events.set(key, event.id);
    }
    return events;
  }

  return {
    /**
     * A CSV from the fund's accountant (docs/capital-accounts.md, Imports): every line checked (unknown fund or
     * investor, bad amount, date, type or kind, a line twice, a line imported before), all problems listed; written
     * only when asked and clean, in one transaction, each line once (its entry key is the line's fingerprint). A
     * write checks the file once, in the turn of the funds it names (inFundTurn), as funding and posting check where
     * they write; a dry run checks it without waiting for their turn.
     */
    async importCsv(
      text: string,
      { dryRun }: { dryRun: boolean },
      staffName: string,
      scope: PortalScope = { every: true },
    ) {
      const file = readCsv(text);
      const named = await fundsNamed(file.records, scope);
      if (dryRun) {
        const { lines, problems } = await checkImport(file, named);
        return {
          dryRun,
          lines: lines.length,
          problems,
          written: 0,
          entries: lines.map(({ entry, line }) => ({ line, ...entry })),
        };
      }
      const funds = [...new Set([...named.values()].flatMap((fund) => (fund ? [fund.id] : [])))];
      const { written, distributed } = await ledger(strapi).inFundTurn(
        funds,
        async () => {
          const checked = await checkImport(file, named);
          if (checked.problems.length)
            throw new errors.ValidationError(
              `The file has ${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}: nothing was written`,
              { problems: checked.problems },
            );
          for (const fund of funds) {
            const paying = checked.lines
              .filter(({ entry }) => entry.fund.id === fund && entry.type === 'contribution')
              .map(({ entry }) => entry.syndUser.id);
            await ledger(strapi).recordFundedBeforeLedger(fund, staffName, new Set(paying));
          }
          const events = await importedDistributions(
            checked.lines.map(({ entry }) => entry),
            staffName,
          );
          for (const { entry } of checked.lines) {
            const event = entry.type === 'distribution' ? events.get(distributionKey(entry)) : entry.fundEvent?.id;
            await strapi.db.query(LEDGER_ENTRY).create({
              data: {
                syndUser: entry.syndUser.id,
                fund: entry.fund.id,
                type: entry.type,
                kind: entry.kind,
                amount_cents: entry.amount_cents,
                effective_date: entry.effective_date,
                note: entry.note,
                entryKey: entry.entryKey,
                fundEvent: event ?? null,
                recordedBy: staffName,
              },
            });
          }
          await transferDates(strapi).extendTransferDates(
            checked.lines
              .filter(({ entry }) => entry.type === 'contribution')
              .map(({ entry }) => ({
                syndUser: entry.syndUser.id,
                fund: entry.fund.id,
                date: entry.effective_date,
                paysCall: entry.fundEvent !== null,
              })),
          );
          return { written: checked.lines, distributed: [...events.values()] };
        },
        'Lines of this file were imported by another request at the same moment: nothing was written; check the file again',
      );
      // Each investor paid gets the notice a posted distribution sends (bell, mail, PDF), after the answer.
      for (const id of distributed) {
        void deliverNotices(strapi, id).catch((error: unknown) =>
          strapi.log.error(`The notices of imported distribution ${id} stopped: ${String(error)}`),
        );
      }
      return {
        dryRun,
        lines: written.length,
        problems: [],
        written: written.length,
        entries: written.map(({ entry, line }) => ({ line, ...entry })),
      };
    },
  };
};

export type LedgerImportService = ReturnType<typeof ledgerImportService>;

/** The ledger's CSV import, typed. */
export const ledgerImport = serviceAccessor<LedgerImportService>('api::ledger-entry.ledger-import');

export default ledgerImportService;
