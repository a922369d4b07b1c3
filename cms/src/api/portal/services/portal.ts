import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

/** Portal fields any visitor may read: branding, links and the public keys of outside services. */
export const PUBLIC_PORTAL_FIELDS = [
  'name', 'pageTitle', 'slug', 'isDefault', 'domains', 'portalColor', 'primaryColor', 'secondaryColor',
  'facebookUrl', 'instagramUrl', 'youtubeUrl', 'twitterUrl', 'signInUrl', 'signUpUrl', 'educationLabel',
  'recaptchaSiteKey', 'signInWithGoogleClientId',
] as const;

const PORTAL = 'api::portal.portal';

/** What our services read of a portal (sign-in, and every portal-scoped list). */
export interface PortalRow {
  id: number;
  documentId: string;
  slug: string;
  isDefault?: boolean | null;
  domains?: unknown;
  recaptchaSiteKey?: string | null;
  signInWithGoogleClientId?: string | null;
}

/** The portal look-ups other APIs use. */
export interface PortalLookups {
  findBySlugOrDefault(slug?: string | null): Promise<PortalRow | null>;
  requireBySlug(slug: string): Promise<PortalRow>;
  findAll(): Promise<PortalRow[]>;
}

/** The portal service, typed for its look-ups. */
export const portals = (strapi: Core.Strapi) => strapi.service(PORTAL) as unknown as PortalLookups;

export default factories.createCoreService('api::portal.portal', ({ strapi }) => ({
  /** Every portal with its public fields, default portal first, then by name. */
  async listPublic() {
    return strapi.documents('api::portal.portal').findMany({
      fields: [...PUBLIC_PORTAL_FIELDS],
      sort: [{ isDefault: 'desc' }, { name: 'asc' }],
      limit: -1,
    } as never);
  },

  /** The portal with this slug; with no slug, the default portal (else the first one). */
  async findBySlugOrDefault(slug?: string | null): Promise<PortalRow | null> {
    if (slug) return strapi.db.query(PORTAL).findOne({ where: { slug } });
    return strapi.db.query(PORTAL).findOne({ orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] });
  },

  /** The portal with this slug; 404 'Portal not found' when there is none (every portal-scoped call starts here). */
  async requireBySlug(slug: string): Promise<PortalRow> {
    const portal: PortalRow | null = await strapi.db.query(PORTAL).findOne({ where: { slug } });
    if (!portal) throw new errors.NotFoundError('Portal not found');
    return portal;
  },

  /** Every portal (few: one per brand), for checks that span them all (domains, Google client ids). */
  async findAll(): Promise<PortalRow[]> {
    return strapi.db.query(PORTAL).findMany({ orderBy: { id: 'asc' } });
  },
}));
