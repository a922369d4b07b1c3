import type { Core } from '@strapi/strapi';
import { FUND, FUND_EVENT, SYND_USER } from '../lib/uids';
import { WASABI_CLOSED, WASABI_DONE } from './data/offerings';

const STAFF = 'Demo seed';

/** What the seed asks of the CMS's fund events service (cms/src/api/fund-event/services/fund-event.ts), typed by hand. */
interface FundEventService {
  draft(
    input: Record<string, unknown>,
    staffName: string,
  ): Promise<{ documentId: string; allocation: { syndUser: { documentId: string }; amount_cents: number }[] }>;
  post(id: string, staffName: string): Promise<{ notices: Promise<number> }>;
}

/** What the seed asks of the CMS's funding service (cms/src/api/ledger-entry/services/funding.ts), typed by hand. */
interface FundingService {
  confirm(input: Record<string, unknown>, staffName: string): Promise<unknown>;
}

/** What the seed asks of the CMS's valuations service (cms/src/api/valuation/services/valuation.ts), typed by hand. */
interface ValuationService {
  record(input: Record<string, unknown>, staffName: string): Promise<unknown>;
}

/**
 * Two years of a fund's money, as staff would record it on the sponsor desk, in days from today: half of each
 * commitment funded at the start, two capital calls of a fifth each (each investor's money arriving on a day of its
 * own around the due date, some early, some a few days late), then quarterly distributions and valuations; Fund IV
 * also has a call of a tenth made ten days ago and not paid yet, which brings its calls to the whole commitment.
 */
interface History {
  slug: string;
  /** Distributions: days ago, total as a percent of the fund's funded capital, and their kind. */
  distributions: { daysAgo: number; percent: number; kind: 'income' | 'return_of_capital' | 'gain' }[];
  valuations: { daysAgo: number; percent: number }[];
  /** A capital call made lately and not yet paid: the investor sees it under 'Please Complete:'. */
  openCall?: { daysAgo: number; dueInDays: number; percent: number };
}

const FUNDED_DAYS_AGO = 730;
const CALLS = [
  { daysAgo: 640, dueInDays: 21, percent: 20 },
  { daysAgo: 550, dueInDays: 21, percent: 20 },
];
/** When the n-th investor's money for a call arrives: from five days before the due date to two days after it. */
const paidDaysAfterDue = (index: number) => (index % 8) - 5;
const HISTORIES: History[] = [
  {
    // Fund III: a stallion sold in 2024, paying out well.
    slug: WASABI_DONE,
    distributions: [
      { daysAgo: 455, percent: 4, kind: 'income' },
      { daysAgo: 364, percent: 5, kind: 'income' },
      { daysAgo: 273, percent: 30, kind: 'return_of_capital' },
      { daysAgo: 182, percent: 6, kind: 'income' },
      { daysAgo: 91, percent: 12, kind: 'gain' },
    ],
    valuations: [
      { daysAgo: 545, percent: 104 },
      { daysAgo: 365, percent: 112 },
      { daysAgo: 180, percent: 88 },
      { daysAgo: 30, percent: 74 },
    ],
  },
  {
    // Fund IV: younger horses, income starting.
    slug: WASABI_CLOSED,
    distributions: [
      { daysAgo: 364, percent: 2, kind: 'income' },
      { daysAgo: 273, percent: 2.5, kind: 'income' },
      { daysAgo: 182, percent: 3, kind: 'income' },
      { daysAgo: 91, percent: 3, kind: 'income' },
    ],
    valuations: [
      { daysAgo: 545, percent: 100 },
      { daysAgo: 365, percent: 106 },
      { daysAgo: 180, percent: 112 },
      { daysAgo: 30, percent: 118 },
    ],
    openCall: { daysAgo: 10, dueInDays: 30, percent: 10 },
  },
];

const dayOf = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Gives Wasabi Stallion Fund III and IV their ledger (funding, capital calls, distributions, valuations) through the
 * CMS's own ledger service, so the demo investors see IRR, multiples and statements at once. A fund that has any
 * event already is left as it is (a re-run creates nothing). Answers how many funds it gave a history.
 */
export async function seedLedger(strapi: Core.Strapi, now: Date): Promise<{ created: number; skipped: number }> {
  const fundEvents = strapi.service('api::fund-event.fund-event') as unknown as FundEventService;
  const funding = strapi.service('api::ledger-entry.funding') as unknown as FundingService;
  const valuations = strapi.service('api::valuation.valuation') as unknown as ValuationService;
  let created = 0;
  let skipped = 0;
  for (const history of HISTORIES) {
    const fund = (await strapi.db
      .query(FUND)
      .findOne({ where: { url_slug: history.slug }, select: ['id', 'documentId'] })) as {
      id: number;
      documentId: string;
    } | null;
    if (!fund) throw new Error(`The demo ledger needs the fund ${history.slug}`);
    if (await strapi.db.query(FUND_EVENT as never).count({ where: { fund: { id: fund.id } } })) {
      skipped += 1;
      continue;
    }
    const commitments = (await strapi.db.query(SYND_USER).findMany({
      where: { fund: { id: fund.id }, invest_status: 'Accepted investment', sa_complete_date: { $notNull: true } },
      select: ['documentId', 'invest_amount'],
    })) as { documentId: string; invest_amount: string | number }[];
    for (const commitment of commitments) {
      const cents = Math.round(Number(commitment.invest_amount) * 100);
      await funding.confirm(
        { syndUser: commitment.documentId, amount_cents: Math.round(cents / 2), date: dayOf(now, FUNDED_DAYS_AGO) },
        STAFF,
      );
    }
    const funded = commitments.reduce((sum, commitment) => sum + Math.round(Number(commitment.invest_amount) * 100), 0);
    const post = async (input: Record<string, unknown>) => {
      const draft = await fundEvents.draft({ fund: fund.documentId, ...input }, STAFF);
      // The seed waits for the notices the desk sends after answering, so a seeded database has them all.
      await (
        await fundEvents.post(draft.documentId, STAFF)
      ).notices;
      return draft;
    };
    for (const call of CALLS) {
      const posted = await post({
        type: 'capital_call',
        date: dayOf(now, call.daysAgo),
        due_date: dayOf(now, call.daysAgo - call.dueInDays),
        percent: call.percent,
        basis: 'commitment',
      });
      for (const [index, share] of posted.allocation.entries()) {
        const paid = dayOf(now, call.daysAgo - call.dueInDays - paidDaysAfterDue(index));
        await funding.confirm(
          {
            syndUser: share.syndUser.documentId,
            amount_cents: share.amount_cents,
            date: paid,
            fundEvent: posted.documentId,
          },
          STAFF,
        );
      }
    }
    for (const distribution of history.distributions) {
      await post({
        type: 'distribution',
        date: dayOf(now, distribution.daysAgo),
        total_cents: Math.round((funded * distribution.percent) / 100),
        basis: 'funded',
        kind: distribution.kind,
      });
    }
    for (const valuation of history.valuations) {
      await valuations.record(
        { fund: fund.documentId, date: dayOf(now, valuation.daysAgo), value_percent: valuation.percent },
        STAFF,
      );
    }
    if (history.openCall) {
      const { daysAgo, dueInDays, percent } = history.openCall;
      await post({
        type: 'capital_call',
        date: dayOf(now, daysAgo),
        due_date: dayOf(now, daysAgo - dueInDays),
        percent,
        basis: 'commitment',
      });
    }
    created += 1;
  }
  // This year's K-1s of each fund with a history, expected by March 15 next year (the dashboard says so); set again
  // on every seed, which keeps one schedule per fund and year.
  const schedules = strapi.service('api::tax-schedule.tax-schedule' as never) as unknown as {
    set(input: Record<string, unknown>): Promise<unknown>;
  };
  for (const history of HISTORIES) {
    await schedules.set({
      fund: history.slug,
      taxYear: now.getUTCFullYear(),
      expectedDate: `${now.getUTCFullYear() + 1}-03-15`,
    });
  }
  return { created, skipped };
}
