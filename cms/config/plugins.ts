import { secret } from '../src/utils/env';

export default ({ env }: { env: any }) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      // Tests sign in many times from one address; everywhere else the plugin's limiter stays on.
      ratelimit: { enabled: env('NODE_ENV') !== 'test' },
    },
  },
});
