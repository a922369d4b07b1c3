import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { TURNS } from '../../../utils/in-turn';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { GUEST_CODE, SIGN_IN_SESSION } from '../../../utils/session-types';

/** Rows deleted per statement: a round never holds a table (or SQLite's one writer) for long. */
export const UPKEEP_BATCH = 1000;
/** Strapi cron rule of the rounds after the first (at start): every hour, on the hour. */
const HOURLY = '0 0 * * * *';

/** One kind of dead row: which type's table, and which of its rows can never be used again. */
interface Sweep {
  kind: string;
  uid: string;
  dead: (query: Knex.QueryBuilder, now: number) => Knex.QueryBuilder;
}

/** What a round deleted, by kind; `skipped` when another instance was doing it. */
export interface UpkeepRound {
  skipped: boolean;
  deleted: Record<string, number>;
  /** Capital call and distribution notices an instance had left half-sent, sent now. */
  noticesResumed?: number;
  /** Reminders claimed on the sponsor desk whose mail an instance never sent, sent now. */
  remindersResumed?: number;
}

interface Meta {
  tableName: string;
  attributes: Record<string, { joinTable?: { name: string; joinColumn?: { name: string } } }>;
}

const upkeepService = ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * The dead rows: sessions past their end; guest codes used or past their end; rate-limit hits older than the window
   * every limit counts in (the stores also sweep as they count, this catches keys nobody uses again); leases past
   * their end (a holder that was killed never released its own).
   */
  const sweeps = (): Sweep[] => [
    { kind: 'sessions', uid: SIGN_IN_SESSION, dead: (query, now) => query.where('expires_at', '<', new Date(now)) },
    // 'Used' as a range (used at or before now), which the used_at index answers where IS NOT NULL would not on SQLite.
    {
      kind: 'guest codes',
      uid: GUEST_CODE,
      dead: (query, now) => query.where('used_at', '<=', new Date(now)).orWhere('expires_at', '<', new Date(now)),
    },
    {
      kind: 'rate-limit hits',
      uid: 'api::rate-limit.rate-limit-hit',
      dead: (query, now) => query.where('at', '<=', now - portalConfig(strapi).rateLimit.windowMs),
    },
    { kind: 'leases', uid: 'api::rate-limit.lease', dead: (query, now) => query.where('expires_at', '<', now) },
  ];

  /**
   * Deletes one kind's dead rows, a batch at a time, with their rows in the relation tables (first, so a round
   * stopped half-way leaves a dead row without links, which the next round deletes, and never a link to nothing).
   */
  async function sweep({ uid, dead }: Sweep, now: number, batch: number): Promise<number> {
    const knex = strapi.db.connection;
    const meta = strapi.db.metadata.get(uid) as unknown as Meta;
    const links = Object.values(meta.attributes).flatMap(({ joinTable }) =>
      joinTable?.joinColumn ? [{ table: joinTable.name, column: joinTable.joinColumn.name }] : [],
    );
    let deleted = 0;
    for (;;) {
      // In no order: any batch of dead rows will do, and ordering by id would have the database walk the table by its
      // key instead of finding the dead rows through their own index (expires_at, used_at, at).
      const ids = (await dead(knex(meta.tableName).select('id'), now).limit(batch)).map(
        (row: { id: number }) => row.id,
      );
      if (ids.length === 0) return deleted;
      for (const link of links) await knex(link.table).whereIn(link.column, ids).delete();
      deleted += await knex(meta.tableName).whereIn('id', ids).delete();
      if (ids.length < batch) return deleted;
    }
  }

  /**
   * On PostgreSQL, runs `work` holding a session advisory lock taken without waiting, on a connection of its own:
   * when another instance holds it, the round is theirs and this one is skipped. SQLite is one instance's file.
   */
  async function unlessElsewhere(work: () => Promise<Omit<UpkeepRound, 'skipped'>>): Promise<UpkeepRound> {
    if (strapi.db.dialect.client !== 'postgres') return { skipped: false, ...(await work()) };
    const knex = strapi.db.connection;
    const connection: unknown = await knex.client.acquireConnection();
    try {
      const { rows } = await knex.raw('SELECT pg_try_advisory_lock(?) AS taken', [TURNS.upkeep]).connection(connection);
      if (!rows[0].taken) return { skipped: true, deleted: {} };
      try {
        return { skipped: false, ...(await work()) };
      } finally {
        await knex.raw('SELECT pg_advisory_unlock(?)', [TURNS.upkeep]).connection(connection);
      }
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }

  let running: Promise<UpkeepRound> | null = null;

  /** One round: deletes every kind of dead row, in batches of `batch`; a round already under way here is joined. */
  function run({ batch = UPKEEP_BATCH }: { batch?: number } = {}): Promise<UpkeepRound> {
    running ??= unlessElsewhere(async () => {
      const now = Date.now();
      const deleted: Record<string, number> = {};
      for (const each of sweeps()) deleted[each.kind] = await sweep(each, now, batch);
      // Not a deletion, but work for one instance at a time all the same: notices an instance left half-sent.
      const fundEvents = strapi.service('api::fund-event.fund-event') as unknown as {
        resumeNotices(now: number): Promise<number>;
      };
      const reminders = strapi.service('api::reminder.reminder') as unknown as {
        resumeUnsent(now: number): Promise<number>;
      };
      return {
        deleted,
        noticesResumed: await fundEvents.resumeNotices(now),
        remindersResumed: await reminders.resumeUnsent(now),
      };
    })
      .then((round) => {
        const counts = Object.entries(round.deleted).filter(([, count]) => count > 0);
        if (counts.length)
          strapi.log.info(`Upkeep deleted ${counts.map(([kind, count]) => `${count} ${kind}`).join(', ')}`);
        if (round.noticesResumed) strapi.log.info(`Upkeep sent ${round.noticesResumed} notices left unsent`);
        if (round.remindersResumed) strapi.log.info(`Upkeep sent ${round.remindersResumed} reminders left unsent`);
        return round;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    run,

    /**
     * Runs a round as soon as the CMS serves, in the background (a start does not wait for it), then every hour
     * through Strapi's cron. A script that boots the CMS without serving (seed, portal tools) runs none. Call from
     * bootstrap().
     */
    schedule(): void {
      const round = () =>
        run().catch((error: unknown) =>
          strapi.log.error(`Upkeep failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      strapi.server.httpServer.once('listening', () => void round());
      strapi.cron.add({ upkeep: { task: round, options: { rule: HOURLY } } });
    },
  };
};

export type UpkeepService = ReturnType<typeof upkeepService>;

/** The upkeep service, typed. */
export const upkeep = serviceAccessor<UpkeepService>('api::upkeep.upkeep');

export default upkeepService;
