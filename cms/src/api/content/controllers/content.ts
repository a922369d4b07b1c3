import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import type { ContentsBySlug, ContentUpdateAnswer } from '@portal/rules';
import { readCache } from '../../../utils/read-cache';
import { requiredText, text, validateBody } from '../../../utils/validation';
import { portals, type PortalRow } from '../../portal/services/portal';
import { contents } from '../services/content';

/** The site batches every content block of a page into one call; 100 is far above any page. */
const MAX_SLUGS = 100;
/** Quill inlines pasted images as data: URLs, so a body can be large (the JSON body limit, 1 MB, comes first). */
const BODY_MAX = 1_000_000;

const bySlugSchema = yup.object({
  slug: yup
    .array()
    .typeError('slug must be a list of slugs')
    .of(yup.string().typeError('each slug must be a string').max(200, 'each slug must be at most 200 characters'))
    .required('slug is required')
    .min(1, 'slug must name at least one item')
    .max(MAX_SLUGS, `slug may name at most ${MAX_SLUGS} items`),
  portal: text('portal', 100),
});

const updateSchema = yup.object({
  // A new slug becomes a key in the site's code and URLs, so keep it to plain characters.
  slug: requiredText('slug', 200).matches(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'slug may hold only letters, digits, ".", "-" and "_"',
  ),
  portal: text('portal', 100),
  title: text('title', 500),
  body: text('body', BODY_MAX),
});

export default factories.createCoreController('api::content.content', ({ strapi }) => {
  return {
    /** POST /api/contents/byslug: the portal's content items for a list of slugs, keyed by slug (docs/api-public.md). */
    async bySlug(ctx) {
      const { slug } = await validateBody(bySlugSchema, ctx.request.body);
      const portal = await portals(strapi).forRequest(ctx);
      // Sorted and without repeats: the same set of slugs is one cached answer whatever order the page lists them in.
      const slugs = [...new Set((slug ?? []).filter((item): item is string => Boolean(item)))].sort();
      const answer = await readCache(strapi).get(
        ['contents', portal.id, slugs],
        async (): Promise<ContentsBySlug> => ({
          contents: await contents(strapi).bySlug(slugs, portal),
        }),
      );
      readCache(strapi).send(ctx, answer);
    },

    /** POST /api/contents/update: a superadmin saves (or creates) a content item of their own portal (the own-portal policy). */
    async updateBySlug(ctx) {
      const { slug, title, body } = await validateBody(updateSchema, ctx.request.body);
      const changes = { ...(title === undefined ? {} : { title }), ...(body === undefined ? {} : { body }) };
      ctx.body = {
        success: true,
        content: await contents(strapi).saveBySlug(ctx.state.portal as PortalRow, slug, changes),
      } satisfies ContentUpdateAnswer;
    },
  };
});
