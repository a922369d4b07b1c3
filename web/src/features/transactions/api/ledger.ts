import type { DownloadLink, TransactionsPage } from '@portal/rules';
import useSWR from 'swr';
import { env } from '@/config/env';
import { useSession } from '@/lib/auth/session-context';
import { api } from '@/lib/api-client';

/** Which entries the page shows: a fund's documentId, a type, a year ('' for all); kept in the address. */
export interface LedgerFilter {
  fund: string;
  type: string;
  year: string;
}

export const PAGE_SIZE = 50;

/** The filter's parameters as the CMS reads them (those left empty are not sent). */
const filterParams = (filter: LedgerFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value));

/** One page of the investor's ledger as the filter shows it: the server pages, filters and keeps the running balance. */
export function useTransactions(filter: LedgerFilter, page: number) {
  const { me } = useSession();
  return useSWR(
    me ? ['transactions', me.id, filter.fund, filter.type, filter.year, page] : null,
    () =>
      api.get<TransactionsPage>('/api/profile/transactions', { ...filterParams(filter), page, pageSize: PAGE_SIZE }),
    { keepPreviousData: true },
  );
}

/** Every row the filter shows, as the CMS writes them to a CSV (formula-like text made inert there). Throws ApiError. */
export function transactionsCsv(filter: LedgerFilter): Promise<Blob> {
  const query = new URLSearchParams(filterParams(filter)).toString();
  return api.file(`${env.apiUrl}/api/profile/transactions.csv${query ? `?${query}` : ''}`);
}

/** A link (valid 5 minutes) to a new sealed capital account statement of one investment. Throws ApiError. */
export const statementDownload = (syndUserId: string, from: string, to: string) =>
  api.post<DownloadLink>('/api/profile/statements/download', { syndUserId, from, to });
