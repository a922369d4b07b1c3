import { createHash, randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { raiseState } from '@portal/rules';
import { NOTIFICATION, SYND_USER, USER } from '../lib/uids';
import { rowCopies, type Item, type Row } from './volume-rows';

/**
 * `npm run seed -- --volume N`: adds N × `unitSize` investors (UNIT_SIZE, 1,000, unless `--unit-size` says
 * otherwise), made of the demo's own rows, not N copies of the demo. Each unit adds `unitSize` investors spread over
 * the demo portals; each is a copy of one of the demo's investors (so every state of
 * a commitment is there: reviewed, declined, committed, signed, spouse signed, countersigned, funded; see stateVariant),
 * with copies of that investor's syndication users, signatures, agreements, ledger entries and documents, plus NOTIFICATIONS_EACH
 * notifications, DOWNLOADS_EACH downloads and SESSIONS_EACH sign-in sessions (one of them ended). The copies go
 * straight into the tables, a batch of investors per transaction, with their relation rows; every copy signs in with
 * the demo password (the demo's hash is reused: no bcrypt per user) and its documents are the demo's files. Each
 * fund grows with the commitments copied to it (growFunds), so an open offering still has room to invest.
 * Idempotent: investors are numbered, and a run adds only the numbers missing up to N units.
 */

export const UNIT_SIZE = 1000;
const NOTIFICATIONS_EACH = 10;
const DOWNLOADS_EACH = 5;
const SESSIONS_EACH = 3;
/** Investors per transaction. */
const BATCH = 250;
const DAY = 24 * 60 * 60 * 1000;

/** What an investor owns, copied from their template, by the relation that names the owner. */
const OWNED_BY_USER = [
  SYND_USER,
  'api::tax-document.tax-document',
  'api::news-document.news-document',
  'api::proof-document.proof-document',
];
const OWNED_BY_SYND_USER = [
  'api::signing.signing',
  'api::synd-agreement.synd-agreement',
  'api::ledger-entry.ledger-entry',
];
/** What a copy must not share with its source: a signing link's token, a ledger entry's key (unique: one write once). */
const UNIQUE_COLUMNS: Record<string, Record<string, null>> = {
  'api::signing.signing': { token_hash: null, token_nonce: null },
  'api::ledger-entry.ledger-entry': { entry_key: null },
};

/** How a copied syndication user differs from its source: its columns, and its signatures' (or none copied). */
interface Variant {
  change: Row;
  withoutChildren?: boolean;
  childChange?: (child: string, row: Row) => Row;
}

export interface VolumeReport {
  /** Volume investors in the database after the run. */
  investors: number;
  added: number;
  /** Rows inserted, by table. */
  rows: Record<string, number>;
}

/** A copy's email: volume.investor.<n>@<its portal's domain>. */
export const volumeEmail = (n: number, domain: string) => `volume.investor.${n}@${domain}`;

export async function seedVolume(
  strapi: Core.Strapi,
  units: number,
  { unitSize = UNIT_SIZE, log = (_line: string) => {} } = {},
): Promise<VolumeReport> {
  if (!Number.isInteger(units) || units < 0)
    throw new Error('--volume takes a whole number of units of investors, e.g. --volume 100');
  const knex = strapi.db.connection;
  const isPostgres = strapi.db.dialect.client === 'postgres';
  const inserted: VolumeReport['rows'] = {};
  const { meta, ownedBy, insert } = rowCopies(strapi, inserted);
  const usersTable = meta(USER).tableName;

  const existing = Number(
    (await knex(usersTable).where('email', 'like', 'volume.investor.%').count({ count: '*' }))[0].count,
  );
  const wanted = units * unitSize;
  const report: VolumeReport = { investors: Math.max(existing, wanted), added: 0, rows: inserted };
  if (existing >= wanted) return report;

  const templates = await demoInvestors();
  if (!templates.length) throw new Error('The volume seed copies the demo investors: run `npm run seed` first');
  const templateIds = templates.map((template) => Number(template.user.id));
  const owned = new Map(
    await Promise.all(OWNED_BY_USER.map(async (uid) => [uid, await ownedBy(uid, 'user', templateIds)] as const)),
  );
  const syndUserIds = [...owned.get(SYND_USER)!.values()].flat().map((row) => Number(row.id));
  const ownedBySyndUser = new Map(
    await Promise.all(
      OWNED_BY_SYND_USER.map(async (uid) => [uid, await ownedBy(uid, 'syndUser', syndUserIds)] as const),
    ),
  );
  const notifications = await investorNotifications();
  const committedBefore = await acceptedByFund();

  for (let first = existing; first < wanted; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, wanted - first) }, (_, index) => first + index);
    await knex.transaction(async (trx) => {
      const now = new Date();
      const picks = numbers.map((n) => templates[n % templates.length]);
      const userIds = await insert(
        trx,
        USER,
        picks.map((pick, index) => {
          const email = volumeEmail(numbers[index], pick.domain);
          return {
            source: pick.user,
            change: {
              email,
              username: email,
              first_name: `Investor ${numbers[index]}`,
              created_at: now,
              updated_at: now,
            },
          };
        }),
      );

      // The template's own rows, each copy linked to its new investor; then its syndication users' signatures and
      // agreements, linked to the copied syndication users.
      const bySyndUser = new Map<string, Item[]>(OWNED_BY_SYND_USER.map((uid) => [uid, []]));
      for (const uid of OWNED_BY_USER) {
        const items = picks.flatMap((pick, index) =>
          (owned.get(uid)!.get(Number(pick.user.id)) ?? []).map((source) => {
            const variant =
              uid === SYND_USER ? stateVariant(source, Math.floor(numbers[index] / templates.length)) : undefined;
            return { source, links: { user: userIds[index] }, change: variant?.change, variant };
          }),
        );
        const ids = await insert(trx, uid, items);
        if (uid !== SYND_USER) continue;
        items.forEach(({ source, variant }, index) => {
          for (const child of OWNED_BY_SYND_USER) {
            if (variant?.withoutChildren) continue;
            for (const row of ownedBySyndUser.get(child)!.get(Number(source.id)) ?? []) {
              // A copied signature is signed or waiting already; its link stays the template's alone.
              bySyndUser.get(child)!.push({
                source: row,
                links: { syndUser: ids[index] },
                change: { ...UNIQUE_COLUMNS[child], ...variant?.childChange?.(child, row) },
              });
            }
          }
        });
      }
      for (const [uid, items] of bySyndUser) await insert(trx, uid, items);

      // Notifications (copies of the demo's), downloads and sessions.
      if (notifications.length) {
        await insert(
          trx,
          NOTIFICATION,
          userIds.flatMap((user, index) =>
            Array.from({ length: NOTIFICATIONS_EACH }, (_, k) => ({
              source: notifications[(index + k) % notifications.length],
              links: { user },
              change: { created_at: new Date(now.getTime() - k * DAY), updated_at: now },
            })),
          ),
        );
      }
      await insert(
        trx,
        'api::file-download.file-download',
        userIds.flatMap((user) =>
          Array.from({ length: DOWNLOADS_EACH }, (_, k) => ({
            change: {
              file_name: `letter-${k + 1}.pdf`,
              kind: 'news_document',
              file_id: k + 1,
              ip: '127.0.0.1',
              guest_session: false,
              created_at: new Date(now.getTime() - k * DAY),
              updated_at: now,
            },
            links: { user },
          })),
        ),
      );
      await insert(
        trx,
        'api::session.user-auth',
        userIds.flatMap((user, index) =>
          Array.from({ length: SESSIONS_EACH }, (_, k) => ({
            change: {
              auth_code: createHash('sha256').update(randomBytes(24)).digest('hex'),
              is_guest_session: false,
              label: `${volumeEmail(numbers[index], picks[index].domain)} · volume seed`,
              created_at: now,
              updated_at: now,
              // The last one ended a day ago (the upkeep deletes it).
              expires_at: new Date(now.getTime() + (k === SESSIONS_EACH - 1 ? -DAY : 30 * DAY)),
            },
            links: { user },
          })),
        ),
      );
    });
    report.added += numbers.length;
    log(`  ${first + numbers.length} of ${wanted} volume investors`);
  }
  await growFunds(committedBefore, await acceptedByFund());
  // PostgreSQL plans from statistics that autovacuum gathers only a while after a bulk load: until then it takes
  // the grown tables for the small ones they were and picks plans that walk them whole (the sponsor desk's page of a
  // 75,000-investor fund took 5 s instead of 0.4 s). Gathered now, as after any bulk load.
  if (isPostgres && report.added > 0) await knex.raw('ANALYZE');
  report.investors = wanted;
  return report;

  /** The demo's notifications to investors (not the notices its staff get), to copy to the volume investors. */
  async function investorNotifications(): Promise<Row[]> {
    const owner = meta(NOTIFICATION).attributes.user.joinTable!;
    const table = meta(NOTIFICATION).tableName;
    return (await knex(table)
      .join(owner.name, `${owner.name}.${owner.joinColumn.name}`, `${table}.id`)
      .join(usersTable, `${usersTable}.id`, `${owner.name}.${owner.inverseJoinColumn.name}`)
      .where(`${usersTable}.level`, 'user')
      .orderBy(`${table}.id`)
      .limit(50)
      .select(`${table}.*`)) as Row[];
  }

  /** What the accepted commitments to each fund add up to. */
  async function acceptedByFund(): Promise<Map<number, number>> {
    const fund = meta(SYND_USER).attributes.fund.joinTable!;
    const rows = (await knex(`${meta(SYND_USER).tableName} as s`)
      .join(`${fund.name} as l`, `l.${fund.joinColumn.name}`, 's.id')
      .where('s.invest_status', 'Accepted investment')
      .groupBy(`l.${fund.inverseJoinColumn.name}`)
      .select({ fund: `l.${fund.inverseJoinColumn.name}` })
      .sum({ total: 's.invest_amount' })) as { fund: number | string; total: number | string | null }[];
    return new Map(rows.map((row) => [Number(row.fund), Number(row.total ?? 0)]));
  }

  /**
   * A fund raised from a hundred times the investors is a hundred times larger: each fund's size grows with what is
   * committed to it, so the copied commitments do not oversubscribe it and what is left to invest keeps its share.
   */
  async function growFunds(before: Map<number, number>, after: Map<number, number>): Promise<void> {
    const funds = meta('api::fund.fund').tableName;
    for (const [fund, committed] of after) {
      const was = before.get(fund) ?? 0;
      if (was <= 0 || committed <= was) continue;
      const row = (await knex(funds).where('id', fund).first('total_inv_amount')) as
        | { total_inv_amount: number | string | null }
        | undefined;
      if (!row?.total_inv_amount) continue;
      // Amounts in dollars are numeric(15, 2) on PostgreSQL (migration widen-money-columns): a grown fund fits.
      await knex(funds)
        .where('id', fund)
        .update({ total_inv_amount: Math.round((Number(row.total_inv_amount) * committed) / was) });
    }
  }

  /**
   * The states of a commitment the demo's investors do not hold, made of some copies so that a grown portal has
   * every state the sponsor desk counts (RAISE_STATES), in every third round of copies (`round`: how many copies of
   * its template were made before this one): of a commitment nobody has signed, the
   * investor only looked (`reviewed`: no answer, no amount, no signing link); of one waiting for the spouse's
   * signature, the spouse has signed (`spouse_signed`: their signature row signed too); of a funded one the ledger
   * does not carry (no entries), the money is not in yet (`countersigned`). Every other copy keeps its source's state.
   */
  function stateVariant(source: Row, round: number): Variant | undefined {
    if (round % 3 !== 0) return undefined;
    const state = raiseState({
      invest_status: source.invest_status as string | null,
      sa_complete_date: source.sa_complete_date as string | null,
      ft_complete_date: source.ft_complete_date as string | null,
      method_of_inv: source.method_of_inv as string | null,
      is_married: Boolean(source.is_married),
      cosub_email: source.cosub_email as string | null,
      syndAgreementSignedByCurrentUser: Boolean(source.synd_agreement_signed_by_current_user),
      syndAgreementSignedByCurrentUserCosub: Boolean(source.synd_agreement_signed_by_current_user_cosub),
    });
    const entries = ownedBySyndUser.get('api::ledger-entry.ledger-entry')!.get(Number(source.id)) ?? [];
    if (state === 'committed')
      return { change: { invest_status: null, invest_amount: null, sa_start_date: null }, withoutChildren: true };
    if (state === 'investor_signed' && source.cosub_email && !source.synd_agreement_signed_by_current_user_cosub) {
      return {
        change: { synd_agreement_signed_by_current_user_cosub: true },
        childChange: (child, row) =>
          child === 'api::signing.signing' && row.role === 'spouse' && !row.signed_at ? { signed_at: new Date() } : {},
      };
    }
    if (state === 'funded' && !entries.length) return { change: { ft_complete_date: null } };
    return undefined;
  }

  /** The demo's investors (site users of level user who are active and not copies), with their portal's domain. */
  async function demoInvestors(): Promise<{ user: Row; domain: string }[]> {
    const portalLink = meta(USER).attributes.portal.joinTable!;
    const rows = (await knex(usersTable)
      .join(portalLink.name, `${usersTable}.id`, `${portalLink.name}.${portalLink.joinColumn.name}`)
      .join('portals', 'portals.id', `${portalLink.name}.${portalLink.inverseJoinColumn.name}`)
      .where(`${usersTable}.level`, 'user')
      .where(`${usersTable}.is_active`, true)
      .whereNot(`${usersTable}.email`, 'like', 'volume.investor.%')
      .where(`${usersTable}.email`, 'like', 'investor%')
      .orderBy(`${usersTable}.id`)
      .select(`${usersTable}.*`, 'portals.domains as portal_domains', 'portals.slug as portal_slug')) as Row[];
    return rows.map(({ portal_domains: domains, portal_slug: slug, ...user }) => {
      const list =
        typeof domains === 'string' ? (JSON.parse(domains) as string[]) : ((domains as string[] | null) ?? []);
      return { user, domain: list[0] ?? `${String(slug)}.example` };
    });
  }
}
