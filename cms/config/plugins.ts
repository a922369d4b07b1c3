import type { Core } from '@strapi/strapi';
import { secret } from '../src/utils/env';
import { mailSettings, smtpProviderOptions } from '../src/providers/mail';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      // Tests sign in many times from one address; everywhere else the plugin's limiter stays on.
      ratelimit: { enabled: env('NODE_ENV') !== 'test' },
    },
  },
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
