import type { Core } from '@strapi/strapi';
import { secret } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: { secret: secret('ADMIN_JWT_SECRET') },
  apiToken: { salt: secret('API_TOKEN_SALT') },
  transfer: { token: { salt: secret('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: secret('ENCRYPTION_KEY') },
  autoOpen: false,
  watchIgnoreFiles: ['**/tests/**'],
  flags: {
    nps: env.bool('FLAG_NPS', false),
    promoteEE: env.bool('FLAG_PROMOTE_EE', false),
  },
});
