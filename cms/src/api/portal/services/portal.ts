import { factories } from '@strapi/strapi';

/** Portal fields any visitor may read: branding, links and the public keys of outside services. */
export const PUBLIC_PORTAL_FIELDS = [
  'name', 'pageTitle', 'slug', 'isDefault', 'domains', 'portalColor', 'primaryColor', 'secondaryColor',
  'facebookUrl', 'instagramUrl', 'youtubeUrl', 'twitterUrl', 'signInUrl', 'signUpUrl', 'educationLabel',
  'recaptchaSiteKey', 'signInWithGoogleClientId',
] as const;

export default factories.createCoreService('api::portal.portal', ({ strapi }) => ({
  /** Every portal with its public fields, default portal first, then by name. */
  async listPublic() {
    return strapi.documents('api::portal.portal').findMany({
      fields: [...PUBLIC_PORTAL_FIELDS],
      sort: [{ isDefault: 'desc' }, { name: 'asc' }],
      limit: -1,
    } as never);
  },
}));
