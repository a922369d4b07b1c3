import type { Core } from '@strapi/strapi';
import { SIGNING, SYND_USER } from '../lib/uids';
import { WASABI_STARTED } from './data/offerings';

type Stage = 'spouse to sign' | 'management to sign' | 'complete';

/** What the seed asks of the CMS's signing service (cms/src/api/signing/services/signing.ts), typed here by hand. */
interface SigningService {
  demoAgreement(syndUserId: number, stage: Stage, at: Date, management?: { name: string; email: string }): Promise<boolean>;
}

/**
 * Agreements of the demo investors, made by the CMS's own local signer so they are real: the PDF rendered with their
 * terms, signatures with an audit trail, and for the complete one a sealed PDF stored as a SyndAgreement.
 */
const DEMO_AGREEMENTS: { email: string; offering: string; stage: Stage }[] = [
  { email: 'investor.investing@wasabistallions.com', offering: WASABI_STARTED, stage: 'complete' },
  { email: 'investor.spouse@wasabistallions.com', offering: WASABI_STARTED, stage: 'spouse to sign' },
  { email: 'investor.signed@wasabistallions.com', offering: WASABI_STARTED, stage: 'management to sign' },
];

/** Who countersigned the demo's complete agreement. */
const MANAGEMENT = { name: 'Ada Admin', email: 'admin@wasabistallions.com' };

/**
 * Gives each demo investor their agreement unless their syndication user has signer rows already (so a re-run
 * creates nothing). Answers how many signer rows it created and how many it found.
 */
export async function seedAgreements(strapi: Core.Strapi): Promise<{ created: number; skipped: number }> {
  const service = strapi.service('api::signing.signing') as unknown as SigningService;
  const before = await strapi.db.query(SIGNING).count();
  for (const { email, offering, stage } of DEMO_AGREEMENTS) {
    const row: { id: number; sa_start_date: string | null; sa_complete_date: string | null } | null = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { user: { email }, fund: { url_slug: offering } } });
    if (!row) throw new Error(`The demo agreement of ${email} needs their syndication user on ${offering}`);
    // Signed the day the investor committed; the complete one countersigned shortly before it was marked complete.
    const at = stage === 'complete' && row.sa_complete_date ? new Date(new Date(row.sa_complete_date).getTime() - 3 * 3_600_000) : new Date(row.sa_start_date ?? Date.now());
    await service.demoAgreement(row.id, stage, at, MANAGEMENT);
  }
  const after = await strapi.db.query(SIGNING).count();
  return { created: after - before, skipped: before };
}
