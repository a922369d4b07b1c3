import { createHash } from 'node:crypto';
import { signInAt } from './deployment';
import { callAt } from './instances';

/** What the demo's committed investor sees on a running portal: the dashboard's answers and a document's bytes. */
export interface PortalState {
  summary: unknown;
  mine: { items: { documentId: string; name: string; syndUser: unknown }[] };
  news: { documentId: string; title: string }[];
  /** sha256 of the first news document's bytes, as downloaded through the API. */
  documentSha256: string;
}

export const DEMO_INVESTOR = 'investor.investing@wasabistallions.com';

/** Signs the demo investor in at `base` and reads their dashboard, news documents and one document's bytes. */
export async function portalState(base: string): Promise<PortalState> {
  const authcode = await signInAt(base, DEMO_INVESTOR);
  const read = async (route: string) => {
    const answer = await callAt(base, 'GET', route, undefined, { authcode });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const news = (await read('/api/news_documents?mine=true&limit=999')).items as PortalState['news'];
  if (!news.length) throw new Error(`${DEMO_INVESTOR} has no news document to download`);
  const link = await callAt(base, 'POST', '/api/profile/news_documents/download', { id: news[0].documentId }, { authcode });
  if (link.status !== 200) throw new Error(`the download link answered ${link.status}: ${JSON.stringify(link.body)}`);
  const file = await fetch(new URL(link.body.url, base), { headers: { authcode } });
  if (file.status !== 200) throw new Error(`the document answered ${file.status}`);
  return {
    summary: await read('/api/syndication/summary'),
    mine: await read('/api/syndication/mine'),
    news,
    documentSha256: createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex'),
  };
}
