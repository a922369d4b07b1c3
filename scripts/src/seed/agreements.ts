import path from 'node:path';
import { createRequire } from 'node:module';
import type { Core } from '@strapi/strapi';
import { SIGNING, SYND_USER } from '../lib/uids';
import { demoAgreements, type AgreementStage } from './data/people';

/** What the seed asks of the CMS's signing service (cms/src/api/signing/services/signing.ts), typed here by hand. */
interface SigningService {
  openAsStaff(syndUserId: number): Promise<void>;
  linkTokenOf(signer: { tokenNonce: string | null }): string | null;
}

/** A syndication user as the CMS's signing modules read it (opaque here: only handed back to them). */
interface SyndUserRecord {
  id: number;
}

/** A signer row of an agreement, the fields the demo reads. */
interface SignerRow {
  id: number;
  role: 'investor' | 'spouse' | 'management';
  name: string | null;
  documentKey: string | null;
}

interface Management {
  name: string;
  email: string;
}

/**
 * The CMS's signing modules the demo agreements are made with (cms/src/api/signing/services), typed here by hand:
 * loaded from the CMS the seed booted, so they are the very modules its Strapi runs.
 */
interface SigningModules {
  signers(strapi: Core.Strapi): {
    readSyndUser(id: number): Promise<SyndUserRecord>;
    investorSide(syndUserId: number): Promise<SignerRow[]>;
    updateFlags(row: SyndUserRecord, rows: SignerRow[]): Promise<SyndUserRecord>;
  };
  signingByLink(strapi: Core.Strapi): {
    recordSignature(
      signer: SignerRow,
      input: { name: string },
      request: { ip: string | null; userAgent: string | null },
      at: Date,
    ): Promise<boolean>;
  };
  sealing(strapi: Core.Strapi): {
    seal(
      row: SyndUserRecord,
      rows: SignerRow[],
      documentKey: string,
      management: Management & { ip: string | null; userAgent: string | null },
      completedAt: Date,
    ): Promise<void>;
  };
}

/** One of the compiled CMS's signing modules (the seed boots Strapi on cms/dist). */
function signingModule<K extends keyof SigningModules>(strapi: Core.Strapi, file: string, name: K): SigningModules[K] {
  return (
    createRequire(__filename)(path.join(strapi.dirs.dist.src, 'api', 'signing', 'services', `${file}.js`)) as Pick<
      SigningModules,
      K
    >
  )[name];
}

/** A signer's personal link that nobody has used yet. */
export interface OpenSigningLink {
  name: string;
  email: string;
  path: string;
}

const signingService = (strapi: Core.Strapi) => strapi.service('api::signing.signing') as unknown as SigningService;

/**
 * Gives a seeded syndication user an agreement at `stage`, signed by the CMS's local signer at the given times,
 * without mail or notifications: 'spouse to sign' (investor signed, spouse's link open), 'management to sign' (the
 * investor side complete), or 'complete' (countersigned by `management`, sealed, stored). Does nothing when the
 * syndication user has signer rows already, so the seed can run again.
 */
async function demoAgreement(
  strapi: Core.Strapi,
  syndUserId: number,
  stage: AgreementStage,
  at: Date,
  management?: Management,
): Promise<boolean> {
  if ((await strapi.db.query(SIGNING).count({ where: { syndUser: { id: syndUserId } } })) > 0) return false;
  const { readSyndUser, investorSide, updateFlags } = signingModule(strapi, 'signers', 'signers')(strapi);
  const { recordSignature } = signingModule(strapi, 'signing-by-link', 'signingByLink')(strapi);
  const { seal } = signingModule(strapi, 'sealing', 'sealing')(strapi);
  const row = await readSyndUser(syndUserId);
  await signingService(strapi).openAsStaff(row.id);
  const rows = await investorSide(row.id);
  const demo = { ip: '127.0.0.1', userAgent: 'Demo data (npm run seed)' };
  const minutes = (count: number) => new Date(at.getTime() + count * 60_000);
  for (const [index, signer] of rows.entries()) {
    if (signer.role === 'spouse' && stage === 'spouse to sign') continue;
    await recordSignature(signer, { name: signer.name ?? '' }, demo, minutes(index * 30));
  }
  const signed = await investorSide(row.id);
  await strapi.db.query(SYND_USER).update({ where: { id: row.id }, data: { sa_start_date: at } });
  await updateFlags(row, signed);
  if (stage === 'complete') {
    if (!management) throw new Error('A complete demo agreement needs the management signer');
    await seal(
      await readSyndUser(row.id),
      signed,
      signed[0].documentKey as string,
      { ...management, ...demo },
      minutes(120),
    );
  }
  return true;
}

/** A demo agreement's syndication user, with the dates its signatures are placed at. */
interface DemoRow {
  id: number;
  sa_start_date: string | null;
  sa_complete_date: string | null;
}

/**
 * The syndication user of each demo agreement (data/people.ts: demoAgreements), in the same order; null where it is
 * missing. One query for all: the demo investors' commitments, found by their accounts' emails (a handful of rows,
 * however many investors the portal has since).
 */
async function demoRows(strapi: Core.Strapi): Promise<(DemoRow | null)[]> {
  const agreements = demoAgreements();
  const rows: (DemoRow & { user: { email: string } | null; fund: { url_slug: string | null } | null })[] =
    await strapi.db.query(SYND_USER).findMany({
      // By each email whatever its case (LOWER(email) = LOWER(?)), which the users' lower(email) index answers.
      where: {
        user: { $or: [...new Set(agreements.map(({ email }) => email))].map((email) => ({ email: { $eqi: email } })) },
      },
      select: ['id', 'sa_start_date', 'sa_complete_date'],
      populate: { user: { select: ['email'] }, fund: { select: ['url_slug'] } },
      orderBy: { id: 'asc' },
    });
  return agreements.map(
    ({ email, offering }) =>
      rows.find((row) => row.user?.email.toLowerCase() === email.toLowerCase() && row.fund?.url_slug === offering) ??
      null,
  );
}

/** How many signer rows the demo's agreements have: counted on their own rows, not on every signing the portal holds. */
const demoSignings = (strapi: Core.Strapi, rows: DemoRow[]): Promise<number> =>
  rows.length
    ? strapi.db.query(SIGNING).count({ where: { syndUser: { id: { $in: rows.map((row) => row.id) } } } })
    : Promise.resolve(0);

/**
 * Gives each demo investor their agreement (data/people.ts: demoAgreements), made by the CMS's own local signer so
 * it is real: the PDF rendered with their terms, signatures with an audit trail, and for the complete ones a sealed
 * PDF stored as a SyndAgreement; skipped where the syndication user has signer rows already (a re-run creates nothing). Answers how many signer rows it created and how many it found.
 */
export async function seedAgreements(strapi: Core.Strapi): Promise<{ created: number; skipped: number }> {
  const agreements = demoAgreements();
  const rows = await demoRows(strapi);
  const found = rows.map((row, index) => {
    if (!row)
      throw new Error(
        `The demo agreement of ${agreements[index].email} needs their syndication user on ${agreements[index].offering}`,
      );
    return row;
  });
  const before = await demoSignings(strapi, found);
  for (const [index, { stage, management }] of agreements.entries()) {
    const row = found[index];
    // Signed the day the investor committed; the complete one countersigned shortly before it was marked complete.
    const at =
      stage === 'complete' && row.sa_complete_date
        ? new Date(new Date(row.sa_complete_date).getTime() - 3 * 3_600_000)
        : new Date(row.sa_start_date ?? Date.now());
    await demoAgreement(strapi, row.id, stage, at, management);
  }
  const after = await demoSignings(strapi, found);
  return { created: after - before, skipped: before };
}

/**
 * The links of the demo's signers who have not signed (the seed sends no mail), so the demo's spouse step can be
 * tried: open one on the site to sign as that person. Only the demo agreements' signers: every start seeds, and a
 * grown portal holds tens of thousands of unsigned links that are not the demo's to show.
 */
export async function openSigningLinks(strapi: Core.Strapi): Promise<OpenSigningLink[]> {
  const service = signingService(strapi);
  const syndUserIds = (await demoRows(strapi)).flatMap((row) => (row ? [row.id] : []));
  if (!syndUserIds.length) return [];
  const open: { name: string | null; email: string | null; tokenNonce: string | null; expiresAt: string | null }[] =
    await strapi.db.query(SIGNING).findMany({
      where: { syndUser: { id: { $in: syndUserIds } }, signedAt: { $null: true }, role: { $ne: 'management' } },
      orderBy: { id: 'asc' },
    });
  return open.flatMap((signer) => {
    const token = service.linkTokenOf(signer);
    const live = !signer.expiresAt || new Date(signer.expiresAt).getTime() > Date.now();
    return token && live && signer.email
      ? [{ name: signer.name ?? signer.email, email: signer.email, path: `/sign/${token}` }]
      : [];
  });
}
