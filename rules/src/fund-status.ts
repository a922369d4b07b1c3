export const FUND_STATUSES = ['New', 'Open', 'Started', 'Closed', 'Done'] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];

/** Stored fund_status values that override the dates. */
export const STORED_FUND_STATUSES = ['Closed', 'Done'] as const;

export interface FundDates {
  fund_status?: string | null;
  open_date?: string | Date | null;
  start_date?: string | Date | null;
  close_date?: string | Date | null;
  end_date?: string | Date | null;
}

function isBefore(now: Date, date: string | Date | null | undefined): boolean {
  if (date === null || date === undefined || date === '') return true;
  const time = new Date(date).getTime();
  return Number.isNaN(time) || now.getTime() < time;
}

/**
 * A fund's status: Closed or Done when stored so; otherwise by dates: New before open_date (or none),
 * Open before start_date (or none), Started before close_date (or none), Closed before end_date (or none), else Done.
 */
export function fundStatus(fund: FundDates, now: Date = new Date()): FundStatus {
  if (fund.fund_status === 'Closed' || fund.fund_status === 'Done') return fund.fund_status;
  if (isBefore(now, fund.open_date)) return 'New';
  if (isBefore(now, fund.start_date)) return 'Open';
  if (isBefore(now, fund.close_date)) return 'Started';
  if (isBefore(now, fund.end_date)) return 'Closed';
  return 'Done';
}

/** A fund takes new commitments only while Started. */
export function isAvailableForInvesting(fund: FundDates, now: Date = new Date()): boolean {
  return fundStatus(fund, now) === 'Started';
}
