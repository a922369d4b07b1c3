import type { Core } from '@strapi/strapi';
import { stringify } from 'csv-stringify/sync';
import { RAISE_STATE_LABELS } from '@portal/rules';
import { inertCell } from '../../../utils/csv';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { commitmentLines } from './commitment-lines';
import type { CommitmentQuery } from './commitment-query';

/** The CSV export reads the filter's rows this many at a time. */
const CSV_BATCH = 1_000;
/** The export's columns: the table's, and whether the investor will be asked their accreditation again. */
const CSV_HEADER = [
  'Investor',
  'Email',
  'State',
  'Accreditation',
  'Accreditation date',
  'Amount',
  'Method',
  'Married',
  'Spouse',
  'Spouse email',
  'Investor signed',
  'Spouse signed',
  'Countersigned',
  'Funded',
  'Funded amount',
  'Last reminder',
  'Feedback',
  'Ask again',
];

/** The commitments table as CSV, exactly what its filter shows. */
export function commitmentsCsv(strapi: Core.Strapi) {
  const { orderedIds, linesOf } = commitmentLines(strapi);
  return {
    /** The CSV text of the table's filtered rows, streamed in batches (board.ts says how and why). */
    async commitmentsCsv(
      fundDocumentId: string,
      query: Omit<CommitmentQuery, 'page' | 'pageSize'>,
      { batch = CSV_BATCH }: { batch?: number } = {},
    ): Promise<{ name: string; csv: AsyncGenerator<string> }> {
      const fund = await ledger(strapi).fundNamed(fundDocumentId);
      const slug =
        (fund.name ?? 'fund')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'fund';
      async function* csv(): AsyncGenerator<string> {
        yield stringify([CSV_HEADER]);
        const ids = await orderedIds(fund.id, query);
        for (let from = 0; from < ids.length; from += batch) {
          const lines = await linesOf(fund.id, ids.slice(from, from + batch));
          yield stringify(
            lines.map((line) =>
              (
                [
                  line.investor.name,
                  line.investor.email ?? '',
                  RAISE_STATE_LABELS[line.state],
                  line.investor.accreditation?.label ?? '',
                  line.investor.accreditationDate?.slice(0, 10) ?? '',
                  line.amount ?? '',
                  line.method ?? '',
                  line.is_married ? 'yes' : 'no',
                  line.spouse?.name ?? '',
                  line.spouse?.email ?? '',
                  line.investorSignedAt ?? '',
                  line.spouseSignedAt ?? '',
                  line.countersignedAt ?? '',
                  line.fundedAt?.slice(0, 10) ?? '',
                  line.fundedAmount ?? '',
                  line.lastReminderFailedAt ? `failed ${line.lastReminderFailedAt}` : (line.lastRemindedAt ?? ''),
                  line.feedback ?? '',
                  line.investor.accreditationDue ? 'yes' : 'no',
                ] as (string | number)[]
              ).map(inertCell),
            ),
          );
        }
      }
      return { name: `${slug}-commitments${query.state ? `-${query.state}` : ''}.csv`, csv: csv() };
    },
  };
}
