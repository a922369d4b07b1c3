import { factories } from '@strapi/strapi';
import { yup } from '@strapi/utils';
import { NewsletterError } from '../../../providers/newsletter';
import { isEmail, text, validateBody } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { normalizeEmail } from '../list-key';
import { subscribers } from '../services/subscriber';

const INVALID_EMAIL = 'Enter a valid email address';

const subscribeSchema = yup.object({
  email: yup
    .string()
    .typeError(INVALID_EMAIL)
    .required(INVALID_EMAIL)
    .test('email', INVALID_EMAIL, (value) => value === undefined || isEmail(normalizeEmail(value))),
  portal: text('portal', 100),
});

export default factories.createCoreController('api::subscriber.subscriber', ({ strapi }) => ({
  /** POST /api/email/mailchimpsubscribe: puts an address on the portal's newsletter list. */
  async subscribe(ctx) {
    const { email } = await validateBody(subscribeSchema, ctx.request.body);
    const portal = await portals(strapi).forRequest(ctx);
    try {
      await subscribers(strapi).subscribe(normalizeEmail(email), portal);
    } catch (error) {
      if (!(error instanceof NewsletterError)) throw error;
      // The visitor learns only that it failed; the log keeps the service's reason.
      strapi.log.warn(`Newsletter subscription failed: ${error.message}`);
      return ctx.badGateway('Error subscribing');
    }
    ctx.body = { success: true };
  },
}));
