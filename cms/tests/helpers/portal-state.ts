import { createHash } from 'node:crypto';
import { signInAt } from './deployment';
import { callAt } from './instances';

/** What the demo's committed investor sees on a running portal: the dashboard's answers and every file's bytes. */
export interface PortalState {
  summary: unknown;
  mine: { items: { documentId: string; name: string; syndUser: unknown }[] };
  news: { documentId: string; title: string }[];
  /** The transactions page (the ledger with its running balance), every row. */
  transactions: unknown;
  /** sha256 of each file the investor can download, by `<kind> <title or fund>`: news, tax and proof documents, completed agreements. */
  files: Record<string, string>;
}

export const DEMO_INVESTOR = 'investor.investing@wasabistallions.com';

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

/** Signs the demo investor in at `base` and reads their dashboard, ledger and documents, downloading every file. */
export async function portalState(base: string): Promise<PortalState> {
  const authcode = await signInAt(base, DEMO_INVESTOR);
  const read = async (route: string) => {
    const answer = await callAt(base, 'GET', route, undefined, { authcode });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const download = async (route: string, body: Record<string, unknown>) => {
    const link = await callAt(base, 'POST', route, body, { authcode });
    if (link.status !== 200) throw new Error(`${route} answered ${link.status}: ${JSON.stringify(link.body)}`);
    const file = await fetch(new URL(link.body.url, base), { headers: { authcode } });
    if (file.status !== 200) throw new Error(`the file of ${route} answered ${file.status}`);
    return sha256(await file.arrayBuffer());
  };
  const files: Record<string, string> = {};
  const news = (await read('/api/news_documents?mine=true&limit=999')).items as PortalState['news'];
  if (!news.length) throw new Error(`${DEMO_INVESTOR} has no news document to download`);
  for (const kind of ['news_documents', 'tax_documents', 'proof_documents'] as const) {
    for (const item of (await read(`/api/${kind}?mine=true&limit=999`)).items as {
      documentId: string;
      title?: string;
      name?: string;
      year?: number;
    }[]) {
      files[`${kind} ${item.title ?? item.name ?? ''} ${item.year ?? ''} ${item.documentId}`] = await download(
        `/api/profile/${kind}/download`,
        { id: item.documentId },
      );
    }
  }
  const mine = (await read('/api/syndication/mine')) as PortalState['mine'];
  for (const item of mine.items) {
    const syndUser = item.syndUser as { id: number; sa_complete_date?: string | null };
    if (syndUser.sa_complete_date)
      files[`agreement ${item.name}`] = await download('/api/profile/synd_agreements/download', {
        syndUserId: syndUser.id,
      });
  }
  return {
    summary: await read('/api/syndication/summary'),
    mine,
    news,
    transactions: await read('/api/profile/transactions?page=1&pageSize=100'),
    files,
  };
}
