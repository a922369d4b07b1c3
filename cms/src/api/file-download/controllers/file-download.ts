import type { Core } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import { cmsOrigin } from '../../../utils/file-links';
import { validateBody, validateQuery } from '../../../utils/validation';
import { fileDownloads, type DownloadCollection, type Downloader } from '../services/file-download';

/** A row id as the site sends it: a number or a string (checked as an id or documentId by the service). */
const rowId = (name: string) =>
  yup
    .mixed<string | number>()
    .test(
      'id',
      `${name} must be an id or documentId`,
      (value) => value === undefined || ['string', 'number'].includes(typeof value),
    );

const schemas = {
  body: yup.object({ id: rowId('id').required('id is required') }),
  query: yup.object({ fundId: rowId('fundId') }),
};

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** POST /api/profile/{collection}/download {id} (?fundId= for synd_documents): `{url, originalName}`. */
    async download(ctx: Context) {
      const { id } = await validateBody(schemas.body, ctx.request.body);
      const { fundId } = await validateQuery(schemas.query, ctx.query);
      ctx.body = await fileDownloads(strapi).link(
        ctx.state.user as Downloader,
        ctx.params.collection as DownloadCollection,
        {
          id: String(id),
          fundId: fundId === undefined ? undefined : String(fundId),
          ip: ctx.request.ip || null,
          guestSession: Boolean((ctx.state.userAuth as { isGuestSession?: boolean } | undefined)?.isGuestSession),
          origin: cmsOrigin(strapi, ctx),
        },
      );
    },
  });
