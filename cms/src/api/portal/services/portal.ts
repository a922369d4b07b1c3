import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { PUBLIC_PORTAL_FIELDS } from '@portal/rules';
import type { Request } from 'koa';
import { portalConfig } from '../../../utils/portal-config';
import { readCache } from '../../../utils/read-cache';
import { serviceAccessor } from '../../../utils/service';
import { PORTAL } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** What our services read of a portal (sign-in, and every portal-scoped list). */
export type PortalRow = Pick<Row<typeof PORTAL>, 'id' | 'documentId' | 'slug'> &
  Partial<Pick<Row<typeof PORTAL>, 'isDefault' | 'domains' | 'recaptchaSiteKey' | 'signInWithGoogleClientId'>>;

/** A portal's domains as lower-case host names (the admin panel may store any JSON there). */
export function domainsOf(portal: Pick<PortalRow, 'domains'>): string[] {
  const value = portal.domains;
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').map((item) => item.trim().toLowerCase())
    : [];
}

/** A site of a portal: its origin, and the query string that chooses the portal there ('' or ?portal=<slug>). */
export interface Site {
  origin: string;
  query: string;
}

/** A page of the site, e.g. /agreements/verify, with the query that chooses the portal. */
export const pageOf = (site: Site, path: string): string => `${site.origin}${path}${site.query}`;

/** The host name of an Origin or Host header value, lower-case, without port; null when it is not one. */
function hostOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The parts of a request that say which portal it is for (a policy's context carries the request, not all of ctx). */
type PortalRequest = { request: Pick<Request, 'query' | 'get'> & { body?: unknown } };

/** The `portal` a request names in its JSON body or its query string, when it names one. */
function namedPortal({ request }: PortalRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const named =
    (body && typeof body === 'object' && !Array.isArray(body) ? body.portal : undefined) ?? request.query.portal;
  return typeof named === 'string' && named.trim() ? named.trim() : undefined;
}

const portalService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * Every portal (few: one per brand), for checks that span them all (domains, Google client ids). Read through the
   * read cache, as every portal-scoped request resolves its portal from this list; the rows are frozen.
   */
  const findAll = async (): Promise<readonly PortalRow[]> =>
    (
      await readCache(strapi).get(
        ['portals:rows'],
        () => strapi.db.query(PORTAL).findMany({ orderBy: { id: 'asc' } }) as Promise<PortalRow[]>,
      )
    ).value;

  /** The default portal (else the first one); null only before any portal exists. */
  const findDefault = async (): Promise<PortalRow | null> => {
    const all = await findAll();
    return all.find((portal) => portal.isDefault) ?? all[0] ?? null;
  };

  /** The portal with this slug; 404 'Portal not found' when there is none. */
  async function requireBySlug(slug: string): Promise<PortalRow> {
    const portal = (await findAll()).find((row) => row.slug === slug);
    if (!portal) throw new errors.NotFoundError('Portal not found');
    return portal;
  }

  return {
    findAll,
    requireBySlug,

    /** The answer of GET /api/auth/portals: every portal with its public fields, default portal first, then by name. */
    async listPublic() {
      return readCache(strapi).get(['portals:public'], async () => ({
        items: await strapi.documents(PORTAL).findMany({
          fields: [...PUBLIC_PORTAL_FIELDS],
          sort: [{ isDefault: 'desc' }, { name: 'asc' }],
          limit: -1,
        } as never),
      }));
    },

    /**
     * The one answer to "which portal is this request for", used by every portal-scoped endpoint: the `portal` slug
     * the request names (body or query; an unknown one is a 404), else the portal whose domains hold the host of the
     * request's Origin (or, without one, its Host), else the default portal.
     */
    async forRequest(ctx: PortalRequest): Promise<PortalRow> {
      const named = namedPortal(ctx);
      if (named) return requireBySlug(named);
      const host = hostOf(ctx.request.get('origin')) ?? hostOf(ctx.request.get('host'));
      const all = await findAll();
      const found =
        (host && all.find((portal) => domainsOf(portal).includes(host))) ||
        all.find((portal) => portal.isDefault) ||
        all[0];
      if (!found) throw new errors.NotFoundError('Portal not found');
      return found;
    },

    /**
     * The address of a portal's own site, whatever site a request came from (the admin panel's, say), for the links
     * of its mails and documents: its first domain (with SITE_URL's scheme), else SITE_URL, which chooses a portal
     * other than the default by ?portal=<slug>. No portal (or an unknown one): the default portal's.
     */
    async siteOf(portalId: number | null | undefined): Promise<Site> {
      const siteUrl = new URL(portalConfig(strapi).siteUrl);
      const all = await findAll();
      const portal = all.find((each) => each.id === portalId);
      const isDefault = !portal || portal === (all.find((each) => each.isDefault) ?? all[0]);
      const [domain] = portal ? domainsOf(portal) : [];
      if (domain) return { origin: `${siteUrl.protocol}//${domain}`, query: '' };
      return {
        origin: siteUrl.origin,
        query: isDefault || !portal ? '' : `?portal=${encodeURIComponent(portal.slug)}`,
      };
    },

    /** The portal a user belongs to: their own, or the default portal for an account made before portals existed. */
    async ofUser(user: { portal?: { id: number } | null }): Promise<PortalRow | null> {
      const id = user.portal?.id;
      return id === undefined ? findDefault() : ((await findAll()).find((portal) => portal.id === id) ?? null);
    },
  };
};

export type PortalService = ReturnType<typeof portalService>;

/** The portal service, typed. */
export const portals = serviceAccessor<PortalService>(PORTAL);

export default factories.createCoreService(PORTAL, portalService);
