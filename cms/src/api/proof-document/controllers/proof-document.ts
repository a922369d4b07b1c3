import type { Core } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import type { Context } from 'koa';
import { keepErrorMessages } from '../../../utils/error-messages';
import { cmsOrigin } from '../../../utils/file-links';
import { requiredText, validateBody } from '../../../utils/validation';
import { proofDocuments, type Uploader } from '../services/proof-document';

const schemas = {
  upload: yup.object({ path: requiredText('path', 255) }),
  save: yup.object({
    path: requiredText('path', 400),
    name: requiredText('name', 255),
    bucket: requiredText('bucket', 100),
  }),
};

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages({
    /** POST /api/profile/proof_documents/upload {path}: where and how the browser posts the file. */
    async upload(ctx: Context) {
      const { path } = await validateBody(schemas.upload, ctx.request.body);
      ctx.body = await proofDocuments(strapi).uploadPolicy(ctx.state.user as Uploader, path, cmsOrigin(strapi, ctx));
    },

    /** POST /api/profile/proof_documents/save {path, name, bucket}: records the uploaded file. */
    async save(ctx: Context) {
      const body = await validateBody(schemas.save, ctx.request.body);
      ctx.body = await proofDocuments(strapi).save(ctx.state.user as Uploader, body);
    },
  });
