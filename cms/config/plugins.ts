import type { Core } from '@strapi/strapi';
import { secret } from '../src/utils/env';
import { mailSettings, smtpProviderOptions } from '../src/providers/mail';
import { storageSettings } from '../src/providers/storage/settings';

/**
 * With STORAGE_PROVIDER=s3 the media library (portal images, logos) goes to the same bucket, under media/, readable by
 * anyone like public/uploads; the private files stay private objects beside it (src/providers/storage).
 */
function mediaLibrary() {
  const { provider, s3 } = storageSettings();
  if (provider !== 's3') return {};
  return {
    upload: {
      config: {
        provider: 'aws-s3',
        providerOptions: {
          rootPath: 'media',
          s3Options: {
            region: s3.region,
            ...(s3.endpoint && { endpoint: s3.endpoint }),
            forcePathStyle: s3.forcePathStyle,
            ...(s3.accessKeyId && {
              credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
            }),
            params: { Bucket: s3.bucket, ACL: 'public-read' },
          },
        },
      },
    },
  };
}

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  ...mediaLibrary(),
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      // Tests sign in many times from one address; everywhere else the plugin's limiter stays on.
      ratelimit: { enabled: env('NODE_ENV') !== 'test' },
    },
  },
  // Capital calls, distributions, funding and valuations: admin routes under /sponsor-desk (src/plugins/sponsor-desk).
  'sponsor-desk': { enabled: true, resolve: './src/plugins/sponsor-desk' },
  // Portal and notification colours are edited with Strapi's colour picker (stored as '#RRGGBB' strings).
  'color-picker': { enabled: true },
  // SMTP when SMTP_HOST is set; otherwise bootstrap swaps in the outbox (src/bootstrap/mail-provider.ts).
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: smtpProviderOptions(),
      settings: mailSettings(),
    },
  },
});
