import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { SITE_PATHS } from '@portal/rules';
import { portalConfig } from '../../../utils/portal-config';
import { completeAgreement, sealingCertificate, type AuditEntry } from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import type { SigningEvent } from './signer-trail';
import { investorName, type SyndUserRow } from '../../synd-user/services/synd-user';
import { sha256, signers, type SigningRow } from './signers';
import { signingLinks } from './signing-links';
import { pageOf } from '../../portal/services/portal';
import { SIGNING, SYND_AGREEMENT, SYND_USER } from '../../../utils/uids';

/** A time as the signature page prints it: 2026-01-02 03:04:05 UTC. */
const utc = (date: Date): string => `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** How the signature page names each event of a signer's link. */
const EVENT_TITLES: Record<SigningEvent['event'], string> = {
  'link-opened': 'link opened',
  'disclosure-accepted': 'disclosure accepted,',
  'paper-requested': 'asked to sign on paper (consent to electronic records withdrawn)',
  'code-sent': 'one-time code sent',
  'code-wrong': 'wrong code,',
  'link-locked': 'link locked',
  'link-suspended': 'link suspended',
  'link-reissued': 'new link sent',
  'refused-locked': 'refused while locked:',
  'code-verified': 'code entered',
  'session-verified': 'identified by their signed-in session',
  signed: 'signed',
  'events-left-out': 'not listed here:',
};

/**
 * How a completed agreement is sealed and stored: the signed document with a signature page listing every signature
 * and its audit trail, sealed, kept as a Synd Agreement with its fingerprint.
 */
export function sealing(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { fundOf } = signers(strapi);
  const { portalSiteOf } = signingLinks(strapi);

  /** A signer's consent, identity check and link events as the signature page lists them (taken here for either signer). */
  function auditOf(entry: SigningRow): Pick<AuditEntry, 'consent' | 'identity' | 'events'> {
    const wording = entry.disclosureSha256
      ? `version ${entry.disclosureVersion}, SHA-256 ${entry.disclosureSha256}`
      : `version ${entry.disclosureVersion}`;
    const consent = entry.disclosureAcceptedAt
      ? `electronic records disclosure (${wording}) accepted ${utc(new Date(entry.disclosureAcceptedAt))}`
      : undefined;
    const identity =
      entry.verifiedBy === 'email-code' && entry.verifiedAt
        ? `one-time code mailed to ${entry.email}, entered ${utc(new Date(entry.verifiedAt))}`
        : entry.verifiedBy === 'session'
          ? `signed in to the investor portal as ${entry.email}`
          : entry.role === 'management'
            ? `countersigned by ${entry.email}, signed in as the portal's staff`
            : undefined;
    const events = (entry.auditEvents ?? []).map(
      (event) =>
        `${utc(new Date(event.at))}  ${EVENT_TITLES[event.event]}${event.detail ? ` ${event.detail}` : ''}${event.ip ? ` from ${event.ip}` : ''}${event.userAgent ? `, ${event.userAgent}` : ''}`,
    );
    return { consent, identity, events };
  }

  /**
   * Management's signature and the completed agreement: the signed document, a signature page with every signature
   * and its audit trail, sealed; stored as a SyndAgreement, and the syndication user marked complete at `completedAt`.
   * Undoes its own rows when it fails.
   */
  async function seal(
    row: SyndUserRow,
    rows: SigningRow[],
    documentKey: string,
    management: { name: string; email: string; ip: string | null; userAgent: string | null },
    completedAt: Date,
  ): Promise<void> {
    const storage = fileStorage(strapi);
    const document = await storage.get(documentKey);
    const documentSha256 = sha256(document);
    const signer: SigningRow = await db().create({
      data: {
        label: `management · ${management.name} · ${row.fund?.name ?? ''}`,
        syndUser: row.id,
        role: 'management',
        name: management.name,
        email: management.email,
        provider: 'local',
        signedAt: completedAt,
        ip: management.ip,
        userAgent: management.userAgent,
        documentSha256,
        typedName: management.name,
      },
    });
    try {
      const fund = await fundOf(row);
      const portalName = fund.company?.portal?.name ?? 'Investor Portal';
      const trail: AuditEntry[] = [...rows, signer].map((entry) => ({
        role: entry.role,
        name: entry.name ?? '',
        email: entry.email ?? '',
        signedAt: new Date(entry.signedAt as string),
        ip: entry.ip,
        userAgent: entry.userAgent,
        documentSha256: entry.documentSha256 ?? documentSha256,
        typedName: entry.typedName,
        drawnSignature: entry.drawnSignature,
        collectedBy: entry.provider === 'dropbox-sign' ? 'Dropbox Sign' : undefined,
        ...auditOf(entry),
      }));
      const title = `Subscription Agreement - ${fund.name ?? 'Fund'} - ${investorName(row)}`;
      const completed = await completeAgreement(document, trail, sealingCertificate(portalConfig(strapi).signing), {
        title,
        portalName,
        completedAt,
        verifyUrl: pageOf(await portalSiteOf(row), SITE_PATHS.verifyAgreement.path),
      });
      const key = `agreements/${row.documentId}/${crypto.randomBytes(8).toString('hex')}-subscription-agreement.pdf`;
      await storage.put(key, completed);
      // Through the query engine: a Synd Agreement and its fingerprint are made by sealing only, and the Document Service
      // refuses every caller (docs/record-rules.md).
      await strapi.db.query(SYND_AGREEMENT).create({
        data: {
          originalName: `${title.replace(/[^A-Za-z0-9 ._-]+/g, '_')}.pdf`,
          title,
          docPath: key,
          bucketId: storage.name,
          syndUser: row.id,
          isDeleted: false,
          fingerprint: sha256(completed),
        },
      });
      const agreements = await strapi.db
        .query(SYND_AGREEMENT)
        .count({ where: { syndUser: { id: row.id }, isDeleted: { $ne: true }, voidedAt: { $null: true } } });
      await strapi.db.query(SYND_USER).update({
        where: { id: row.id },
        data: {
          managementSignedAt: completedAt,
          sa_complete_date: row.sa_complete_date ?? completedAt,
          hasSyndAgreement: true,
          syndAgreementsCount: agreements,
        },
      });
    } catch (error) {
      await db().delete({ where: { id: signer.id } });
      throw error;
    }
  }

  return { seal };
}
