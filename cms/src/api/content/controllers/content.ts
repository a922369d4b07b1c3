import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { requiredText, validateBody } from '../../../utils/validation';

/** The site batches every content block of a page into one call; 100 is far above any page. */
const MAX_SLUGS = 100;

const bySlugSchema = yup.object({
  slug: yup
    .array()
    .typeError('slug must be a list of slugs')
    .of(yup.string().typeError('each slug must be a string').max(200, 'each slug must be at most 200 characters'))
    .required('slug is required')
    .min(1, 'slug must name at least one item')
    .max(MAX_SLUGS, `slug may name at most ${MAX_SLUGS} items`),
  portal: requiredText('portal', 100),
});

interface ContentService {
  bySlug(slugs: string[], portal: string): Promise<Record<string, { title: string | null; body: string | null }>>;
}

export default factories.createCoreController('api::content.content', ({ strapi }) => ({
  /** POST /api/contents/byslug: the portal's content items for a list of slugs, keyed by slug (docs/api-public.md). */
  async bySlug(ctx) {
    const { slug, portal } = await validateBody(bySlugSchema, ctx.request.body);
    const service = strapi.service('api::content.content') as unknown as ContentService;
    ctx.body = { contents: await service.bySlug((slug ?? []).filter((item): item is string => Boolean(item)), portal) };
  },
}));
