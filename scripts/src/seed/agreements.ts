import type { Core } from '@strapi/strapi';
import { SIGNING, SYND_USER } from '../lib/uids';
import { demoAgreements, type AgreementStage } from './data/people';

/** What the seed asks of the CMS's signing service (cms/src/api/signing/services/signing.ts), typed here by hand. */
interface SigningService {
  demoAgreement(syndUserId: number, stage: AgreementStage, at: Date, management?: { name: string; email: string }): Promise<boolean>;
  linkTokenOf(signer: { tokenNonce: string | null }): string | null;
}

/** A signer's personal link that nobody has used yet. */
export interface OpenSigningLink {
  name: string;
  email: string;
  path: string;
}

const signingService = (strapi: Core.Strapi) => strapi.service('api::signing.signing') as unknown as SigningService;

/**
 * Gives each demo investor their agreement (data/people.ts: demoAgreements), made by the CMS's own local signer so
 * it is real: the PDF rendered with their terms, signatures with an audit trail, and for the complete ones a sealed
 * PDF stored as a SyndAgreement; skipped where the syndication user has signer rows already (a re-run creates nothing). Answers how many signer rows it created and how many it found.
 */
export async function seedAgreements(strapi: Core.Strapi): Promise<{ created: number; skipped: number }> {
  const service = signingService(strapi);
  const before = await strapi.db.query(SIGNING).count();
  for (const { email, offering, stage, management } of demoAgreements()) {
    const row: { id: number; sa_start_date: string | null; sa_complete_date: string | null } | null = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { user: { email }, fund: { url_slug: offering } } });
    if (!row) throw new Error(`The demo agreement of ${email} needs their syndication user on ${offering}`);
    // Signed the day the investor committed; the complete one countersigned shortly before it was marked complete.
    const at = stage === 'complete' && row.sa_complete_date ? new Date(new Date(row.sa_complete_date).getTime() - 3 * 3_600_000) : new Date(row.sa_start_date ?? Date.now());
    await service.demoAgreement(row.id, stage, at, management);
  }
  const after = await strapi.db.query(SIGNING).count();
  return { created: after - before, skipped: before };
}

/**
 * The links of the demo's signers who have not signed (the seed sends no mail), so the demo's spouse step can be
 * tried: open one on the site to sign as that person.
 */
export async function openSigningLinks(strapi: Core.Strapi): Promise<OpenSigningLink[]> {
  const service = signingService(strapi);
  const open: { name: string | null; email: string | null; tokenNonce: string | null; expiresAt: string | null }[] = await strapi.db
    .query(SIGNING)
    .findMany({ where: { signedAt: { $null: true }, role: { $ne: 'management' } }, orderBy: { id: 'asc' } });
  return open.flatMap((signer) => {
    const token = service.linkTokenOf(signer);
    const live = !signer.expiresAt || new Date(signer.expiresAt).getTime() > Date.now();
    return token && live && signer.email ? [{ name: signer.name ?? signer.email, email: signer.email, path: `/sign/${token}` }] : [];
  });
}
