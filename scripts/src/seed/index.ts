import type { Core, UID } from '@strapi/strapi';
import { ADMIN_USER, SIGNING, USER } from '../lib/uids';
import { openSigningLinks, seedAgreements, type OpenSigningLink } from './agreements';
import { seedDocuments } from './documents';
import { seedLedger } from './ledger';
import { adminPasswordWorks, adminUserStore } from './admin-users';
import { seedPlan, type PlanOptions } from './data';
import { createSeeder, Ref, type Outcome } from './engine';

export type SeedOptions = PlanOptions;

export interface SeedCount {
  uid: UID.ContentType;
  /** The type's name as content staff see it in the admin panel. */
  label: string;
  created: number;
  skipped: number;
}

export interface SeedAccount {
  kind: 'site' | 'admin';
  email: string;
  /** The site level (superadmin, admin, user, guest) or the admin role code. */
  role: string;
  portal?: string;
  /** False for accounts that were seeded as not yet confirmed (they cannot sign in). */
  active: boolean;
  created: boolean;
  /** Whether this run's password signs the account in (an account kept from an earlier run may have another). */
  passwordWorks: boolean;
}

export interface SeedReport {
  counts: SeedCount[];
  accounts: SeedAccount[];
  /** The demo's signing links nobody has used yet (a spouse's mail never sent), as site paths. */
  signingLinks: OpenSigningLink[];
}

// Strapi's admin password rule; site accounts need less (6+ characters), so one password serves both.
const ADMIN_PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

/**
 * Creates every demo record that does not exist yet and leaves existing ones exactly as they are, so it is safe to
 * run on a database staff already work in. Answers what was created and skipped, and the demo accounts.
 */
export async function seed(strapi: Core.Strapi, options: SeedOptions): Promise<SeedReport> {
  if (!ADMIN_PASSWORD_RULE.test(options.password)) {
    throw new Error(
      "The seed password needs 8+ characters with an upper-case letter, a lower-case letter and a digit (Strapi's admin rule)",
    );
  }
  const plan = seedPlan(options);
  const seeder = createSeeder(strapi, { [ADMIN_USER]: adminUserStore(strapi) });
  const outcomes: Outcome[] = [];
  for (const wanted of plan) outcomes.push(await seeder.ensure(wanted));

  const agreements = await seedAgreements(strapi);
  const documents = await seedDocuments(strapi);
  const ledger = await seedLedger(strapi, options.now);

  const counts = Object.entries(seeder.tally).map(([uid, tally]) => ({
    uid: uid as UID.ContentType,
    label: labelOf(strapi, uid as UID.ContentType),
    ...tally,
  }));
  counts.push({ uid: SIGNING, label: labelOf(strapi, SIGNING), ...agreements });
  counts.push({
    uid: 'api::tax-document.tax-document',
    label: 'Demo documents (due diligence, tax, news)',
    ...documents,
  });
  counts.push({
    uid: 'api::ledger-entry.ledger-entry' as UID.ContentType,
    label: 'Fund histories (funding, calls, distributions, valuations)',
    ...ledger,
  });
  const accounts: SeedAccount[] = [];
  for (const outcome of outcomes) {
    if (outcome.record.uid === USER || outcome.record.uid === ADMIN_USER)
      accounts.push(await checkAccount(strapi, outcome, options.password));
  }
  return { counts, accounts, signingLinks: await openSigningLinks(strapi) };
}

/** The type's admin panel name; the admin's own types say so, or its "User" would read like the site's. */
function labelOf(strapi: Core.Strapi, uid: UID.ContentType): string {
  const name = strapi.getModel(uid).info.displayName;
  return uid.startsWith('admin::') ? `Admin panel ${name.toLowerCase()}` : name;
}

/** Describes a seeded account and proves a newly created one stored a hash that the password matches. */
async function checkAccount(strapi: Core.Strapi, { record, created }: Outcome, password: string): Promise<SeedAccount> {
  const { data } = record;
  const email = String(data.email);
  const site = record.uid === USER;
  const passwordWorks = site
    ? await sitePasswordWorks(strapi, email, password)
    : await adminPasswordWorks(strapi, email, password);
  if (created && !passwordWorks)
    throw new Error(
      `The password of the new account ${email} does not verify: it was not stored as a hash of the seed password`,
    );
  return {
    kind: site ? 'site' : 'admin',
    email,
    role: String(site ? data.level : data.role),
    portal: data.portal instanceof Ref ? String(data.portal.key.slug) : undefined,
    active: data.isActive !== false,
    created,
    passwordWorks,
  };
}

interface UserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
}

async function sitePasswordWorks(strapi: Core.Strapi, email: string, password: string): Promise<boolean> {
  // The password is private: only a database query (not the Document Service) reads it back.
  const user = await strapi.db.query(USER).findOne({ where: { email }, select: ['password'] });
  if (!user?.password) return false;
  return (strapi.plugin('users-permissions').service('user') as UserService).validatePassword(password, user.password);
}
