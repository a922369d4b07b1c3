import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { storageSettings } from '../../../providers/storage';
import { receiveLocalUpload, UploadRefusal } from '../../../providers/storage/local-upload';
import { portalConfig } from '../../../utils/portal-config';

const ERROR_NAMES = { 400: 'ValidationError', 403: 'ForbiddenError', 413: 'PayloadTooLargeError' } as const;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/storage/upload: one file posted under a signed local upload policy; 204 once stored. */
  async upload(ctx: Context) {
    // Only the local storage receives files itself; with S3 the browser posts to the bucket.
    if (storageSettings().provider !== 'local') throw new errors.NotFoundError('Not found');
    try {
      await receiveLocalUpload(
        portalConfig(strapi).privateFilesDir,
        ctx.req,
        String(ctx.state.uploadContentType ?? ctx.get('content-type')),
      );
      ctx.status = 204;
    } catch (error) {
      if (!(error instanceof UploadRefusal)) throw error;
      // The rest of a refused body is not read: the connection closes after the answer.
      ctx.set('Connection', 'close');
      ctx.status = error.status;
      ctx.body = {
        data: null,
        error: { status: error.status, name: ERROR_NAMES[error.status], message: error.message, details: {} },
      };
    }
  },
});
