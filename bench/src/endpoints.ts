import { INVESTOR, PASSWORD, PORTAL } from './config';
import { fetchCall, type Call, type Endpoint } from './measure';

/** Signs the demo investor in: their session header and user id. */
export async function signInInvestor(base: string): Promise<{ session: Record<string, string>; userId: number }> {
  const signIn = await fetchCall(base, {
    method: 'POST',
    path: '/api/auth/auth',
    body: JSON.stringify({ username: INVESTOR, password: PASSWORD, portal: PORTAL }),
  });
  if (signIn.status !== 200)
    throw new Error(`the investor's sign-in answered ${signIn.status}: ${signIn.body.slice(0, 200)}`);
  const { authCode, me } = JSON.parse(signIn.body) as { authCode: string; me: { id: number } };
  return { session: { authcode: authCode }, userId: me.id };
}

const stockCall =
  (token: string) =>
  (routePath: string): Call => ({ method: 'GET', path: routePath, headers: { authorization: `Bearer ${token}` } });

/** The site's most frequent public calls and the stock routes that answer the same rows. */
export async function publicEndpoints(base: string, token: string): Promise<Endpoint[]> {
  const stock = stockCall(token);
  const contents = JSON.parse(
    (
      await fetchCall(
        base,
        stock(`/api/stock/contents?filters[portal][slug][$eq]=${PORTAL}&fields[0]=slug&pagination[limit]=10&sort=id`),
      )
    ).body,
  ) as { data: { slug: string }[] };
  const slugs = contents.data.map((row) => row.slug);
  const slugFilter = slugs.map((slug, index) => `filters[slug][$in][${index}]=${encodeURIComponent(slug)}`).join('&');
  return [
    {
      name: 'portals',
      custom: { method: 'GET', path: '/api/auth/portals' },
      stock: stock('/api/stock/portals?pagination[limit]=100'),
    },
    {
      name: `contents by slug (${slugs.length})`,
      custom: { method: 'POST', path: '/api/contents/byslug', body: JSON.stringify({ slug: slugs, portal: PORTAL }) },
      stock: stock(
        `/api/stock/contents?filters[portal][slug][$eq]=${PORTAL}&${slugFilter}&fields[0]=slug&fields[1]=title&fields[2]=body`,
      ),
    },
    {
      name: 'education list',
      custom: { method: 'GET', path: `/api/contents/education?portal=${PORTAL}&limit=8` },
      stock: stock(
        `/api/stock/blog-items?filters[portal][slug][$eq]=${PORTAL}&filters[isPublished][$eq]=true&sort[0]=sortOrder:desc&sort[1]=createdAt:desc&pagination[limit]=8`,
      ),
    },
    {
      name: 'portfolio list',
      custom: { method: 'GET', path: `/api/contents/portfolio?portal=${PORTAL}` },
      stock: stock(
        `/api/stock/assets-items?filters[portal][slug][$eq]=${PORTAL}&populate[fund][fields][0]=name&sort=createdAt:desc&pagination[limit]=999`,
      ),
    },
  ];
}

/**
 * The signed-in calls the site makes (as the demo investor, with the URLs the site builds) and the stock routes that
 * answer the same rows: Strapi's core `find` of the type, filtered to the investor (or the portal) and populated as
 * the answer is. Stock Strapi computes no summary: its nearest answer is the rows the summary is computed from.
 */
export async function signedInEndpoints(base: string, token: string): Promise<Endpoint[]> {
  const stock = stockCall(token);
  const { session, userId } = await signInInvestor(base);
  const ours = (routePath: string): Call => ({ method: 'GET', path: routePath, headers: session });
  const mine = `/api/stock/synd-users?filters[user][id][$eq]=${userId}&populate[fund]=true&populate[investment]=true&pagination[limit]=100`;
  const available = JSON.parse((await fetchCall(base, ours('/api/syndication/available'))).body) as {
    items: { url_slug: string; fund: { documentId: string; id: number } }[];
  };
  const [investment] = available.items;
  if (!investment) throw new Error('the demo investor sees no available investment');
  const taxes = JSON.parse((await fetchCall(base, ours('/api/tax_documents?mine=true&limit=999'))).body) as {
    items: { year: number }[];
  };
  const year = taxes.items[0]?.year ?? new Date().getFullYear() - 1;
  const own = `filters[user][id][$eq]=${userId}`;
  return [
    {
      name: 'me',
      custom: ours('/api/auth/me'),
      stock: stock(`/api/stock/users/${userId}?populate[portal][fields][0]=slug`),
    },
    { name: 'my investments', custom: ours('/api/syndication/mine'), stock: stock(mine) },
    {
      name: 'available investments',
      custom: ours('/api/syndication/available'),
      stock: stock(
        `/api/stock/investments?filters[fund][company][portal][slug][$eq]=${PORTAL}&populate[fund]=true&pagination[limit]=100`,
      ),
    },
    { name: 'investment summary', custom: ours('/api/syndication/summary'), stock: stock(mine) },
    {
      name: 'investment by slug',
      custom: ours(`/api/syndication/byslug/${encodeURIComponent(investment.url_slug)}`),
      stock: stock(
        `/api/stock/investments?filters[url_slug][$eq]=${encodeURIComponent(investment.url_slug)}&populate[fund]=true`,
      ),
    },
    {
      name: 'notifications',
      custom: ours('/api/notifications?mine=true&populate=template&sort=-createdAt&limit=10'),
      stock: stock(`/api/stock/notifications?${own}&populate[template]=true&sort=createdAt:desc&pagination[limit]=10`),
    },
    {
      name: 'tax documents',
      custom: ours(`/api/tax_documents?mine=true&filters%5Byear%5D=${year}&populate=fund&limit=999`),
      stock: stock(
        `/api/stock/tax-documents?${own}&filters[year][$eq]=${year}&populate[fund]=true&pagination[limit]=999`,
      ),
    },
    {
      name: 'news documents',
      custom: ours('/api/news_documents?mine=true&populate=fund&limit=999'),
      stock: stock(`/api/stock/news-documents?${own}&populate[fund]=true&pagination[limit]=999`),
    },
    {
      name: 'proof documents',
      custom: ours('/api/proof_documents?mine=true&limit=999'),
      stock: stock(`/api/stock/proof-documents?${own}&pagination[limit]=999`),
    },
    {
      name: 'due-diligence documents',
      custom: ours(`/api/funds/${investment.fund.documentId}/synd_documents?limit=999`),
      stock: stock(`/api/stock/synd-documents?filters[fund][id][$eq]=${investment.fund.id}&pagination[limit]=999`),
    },
    { name: 'synd_users mine', custom: ours('/api/synd_users?mine=true&limit=999'), stock: stock(mine) },
    {
      // The transactions page's first page (50 rows, newest first, with the running balance).
      name: 'transactions',
      custom: ours('/api/profile/transactions?page=1&pageSize=50'),
      stock: stock(
        `/api/stock/ledger-entries?filters[syndUser][user][id][$eq]=${userId}&populate[fund]=true&sort=effective_date:desc&pagination[pageSize]=50`,
      ),
    },
    {
      name: 'ledger entries',
      custom: ours('/api/ledger_entries?mine=true&limit=999'),
      stock: stock(
        `/api/stock/ledger-entries?filters[syndUser][user][id][$eq]=${userId}&populate[fund]=true&populate[syndUser]=true&pagination[limit]=999`,
      ),
    },
  ];
}
