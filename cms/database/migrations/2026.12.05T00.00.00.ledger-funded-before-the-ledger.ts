import type { Knex } from 'knex';
import { newDocumentId } from '../../src/utils/document-id';
import { isoOf } from '../../src/utils/list-query';

/**
 * From a fund's first ledger entry on, the dashboard, statements and returns read the fund's money from the ledger
 * alone (docs/capital-accounts.md, Funded before the ledger). Since this release, whatever writes a fund's first money
 * also writes a contribution 'Funded before the ledger' for each commitment whose funds transfer completed before
 * (ft_complete_date set, no contribution recorded). A database of an earlier release may hold funds that got their
 * first entry without that: their investors funded the spec's way would read as having invested nothing. This writes
 * the missing contributions once, as the service does (the whole commitment, dated the day the transfer completed,
 * keyed `before-ledger:<commitment>` so that it is never written twice), a batch of commitments at a time.
 */
const BATCH = 500;
const NOTE = 'Funded before the ledger';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('ledger_entries'))) return;
  const funds = (await knex('ledger_entries_fund_lnk').distinct('fund_id').orderBy('fund_id')) as { fund_id: number }[];
  for (const { fund_id: fundId } of funds) {
    for (let after = 0; ; ) {
      const rows = (await knex('synd_users as s')
        .join('synd_users_fund_lnk as f', 'f.synd_user_id', 's.id')
        .where('f.fund_id', fundId)
        .where('s.id', '>', after)
        .where('s.invest_status', 'Accepted investment')
        .whereNotNull('s.sa_complete_date')
        .whereNotNull('s.ft_complete_date')
        .whereNotExists((paid) =>
          paid
            .select(knex.raw('1'))
            .from('ledger_entries_synd_user_lnk as o')
            .join('ledger_entries as e', 'e.id', 'o.ledger_entry_id')
            .whereRaw('o.synd_user_id = s.id')
            .where('e.type', 'contribution'),
        )
        .orderBy('s.id')
        .limit(BATCH)
        .select('s.id', 's.document_id', 's.invest_amount', 's.ft_complete_date')) as {
        id: number;
        document_id: string;
        invest_amount: string | number | null;
        ft_complete_date: unknown;
      }[];
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      await knex.transaction(async (trx) => {
        for (const row of rows) {
          const amountCents = Math.round(Number(row.invest_amount ?? 0) * 100);
          const completed = isoOf(row.ft_complete_date);
          if (amountCents <= 0 || !completed) continue;
          const now = new Date();
          const documentId = newDocumentId();
          await trx('ledger_entries').insert({
            document_id: documentId,
            type: 'contribution',
            amount_cents: amountCents,
            effective_date: completed.slice(0, 10),
            note: NOTE,
            entry_key: `before-ledger:${row.document_id}`,
            recorded_by: 'Upgrade',
            created_at: now,
            updated_at: now,
            published_at: now,
          });
          const entry = (await trx('ledger_entries').where('document_id', documentId).first('id')) as { id: number };
          await trx('ledger_entries_synd_user_lnk').insert({ ledger_entry_id: entry.id, synd_user_id: row.id });
          await trx('ledger_entries_fund_lnk').insert({ ledger_entry_id: entry.id, fund_id: fundId });
        }
      });
    }
  }
}

/** The entries stay: a ledger entry is never deleted (a correction is an adjustment). */
export async function down(): Promise<void> {}
