import type { Db, Executor, Trx } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import type { AdjustmentKind, Pack, Prompt, Watercooler } from './tables.js';

export interface SubscribedPack extends Pack {
  subscribed_at: Date;
}

export interface QueueRows {
  own: Prompt[];
  packs: SubscribedPack[];
  packPrompts: Prompt[];
  adjustments: Array<{ prompt_id: number; kind: AdjustmentKind; created_at: Date }>;
  sentThisCycle: number[];
}

export type WatercoolerValues = Partial<Pick<Watercooler, 'weekdays' | 'minute_of_day' | 'hide_inactive_prompts' | 'queue_order' | 'cycle' | 'next_run_at'>> & { updated_at: Date };

/**
 * The watercoolers' own rows, the shared program rows they read and what a queue draws from. Every method takes
 * the workspace id and filters by it (the tenant boundary); every timestamp comes from the caller's clock.
 */
export class WatercoolerRepository {
  constructor(private readonly db: Db) {}

  /** The workspace's Watercoolers, paused ones included (the free plan's one-program rule). */
  async countPrograms(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('channel_programs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('type', '=', 'Watercooler')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One transaction for a service's several steps (services open none themselves). */
  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- the shared program rows and the directory --------------------------------------------------

  program(workspaceId: number, id: number, ex: Executor = this.db): Promise<ChannelProgram | undefined> {
    return ex.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }


  /** Reachable humans in each of a workspace's channel rosters, by channel. */
  async channelHumans(workspaceId: number, channelIds: string[]): Promise<Map<string, number>> {
    if (!channelIds.length) return new Map();
    const rows = await this.db
      .selectFrom('channel_members as cm')
      .innerJoin('members as m', (j) => j.onRef('m.workspace_id', '=', 'cm.workspace_id').onRef('m.slack_user_id', '=', 'cm.slack_user_id'))
      .select(['cm.channel_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cm.workspace_id', '=', workspaceId)
      .where('cm.channel_id', 'in', [...new Set(channelIds)])
      .where('m.is_bot', '=', false)
      .where('m.deleted', '=', false)
      .where('m.is_external', '=', false)
      .groupBy('cm.channel_id')
      .execute();
    return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
  }

  /** Active watercoolers in channels this member is in, by channel name. */
  memberWatercoolers(workspaceId: number, slackUserId: string): Promise<Array<{ id: number; channel_id: string; tz: string; name: string | null }>> {
    return this.db
      .selectFrom('channel_programs as p')
      .innerJoin('channel_members as cm', (j) => j.onRef('cm.workspace_id', '=', 'p.workspace_id').onRef('cm.channel_id', '=', 'p.channel_id'))
      .leftJoin('channels as c', (j) => j.onRef('c.workspace_id', '=', 'p.workspace_id').onRef('c.channel_id', '=', 'p.channel_id'))
      .select(['p.id', 'p.channel_id', 'p.tz', 'c.name'])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.type', '=', 'Watercooler')
      .where('p.is_active', '=', true)
      .where('cm.slack_user_id', '=', slackUserId)
      .orderBy('c.name')
      .execute();
  }

  // ---- watercoolers -------------------------------------------------------------------------------

  async insert(trx: Trx, row: { programId: number; workspaceId: number; weekdays: number[]; minuteOfDay: number; nextRunAt: Date | null; now: Date }): Promise<void> {
    await trx
      .insertInto('watercoolers')
      .values({
        program_id: row.programId,
        workspace_id: row.workspaceId,
        weekdays: row.weekdays,
        minute_of_day: row.minuteOfDay,
        queue_order: [],
        next_run_at: row.nextRunAt,
        created_at: row.now,
        updated_at: row.now,
      })
      .execute();
  }

  get(workspaceId: number, programId: number): Promise<Watercooler | undefined> {
    return this.db.selectFrom('watercoolers').selectAll().where('workspace_id', '=', workspaceId).where('program_id', '=', programId).executeTakeFirst();
  }

  lock(trx: Trx, workspaceId: number, programId: number): Promise<Watercooler | undefined> {
    return trx.selectFrom('watercoolers').selectAll().where('workspace_id', '=', workspaceId).where('program_id', '=', programId).forUpdate().executeTakeFirst();
  }

  byPrograms(workspaceId: number, programIds: number[]): Promise<Watercooler[]> {
    if (!programIds.length) return Promise.resolve([]);
    return this.db.selectFrom('watercoolers').selectAll().where('workspace_id', '=', workspaceId).where('program_id', 'in', programIds).execute();
  }

  async update(trx: Trx, workspaceId: number, programId: number, values: WatercoolerValues): Promise<void> {
    await trx.updateTable('watercoolers').set(values).where('workspace_id', '=', workspaceId).where('program_id', '=', programId).execute();
  }

  // ---- what the queue draws from ------------------------------------------------------------------

  /** The watercooler's own prompts, its packs (the library's and its workspace's) with their prompts, adjustments and this cycle's posts. */
  async queueRows(wc: Watercooler, opts: { paid: boolean }, ex: Executor = this.db): Promise<QueueRows> {
    const workspaceId = wc.workspace_id;
    const own = opts.paid
      ? await ex
          .selectFrom('watercooler_prompts')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .where('program_id', '=', wc.program_id)
          .where('retired', '=', false)
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    let packQuery = ex
      .selectFrom('watercooler_pack_subscriptions as s')
      .innerJoin('watercoolers as w', 'w.program_id', 's.program_id')
      .innerJoin('watercooler_packs as p', 'p.id', 's.pack_id')
      .selectAll('p')
      .select('s.created_at as subscribed_at')
      .where('w.workspace_id', '=', workspaceId)
      .where('s.program_id', '=', wc.program_id)
      .where('p.retired', '=', false)
      .where((eb) => eb.or([eb('p.workspace_id', 'is', null), eb('p.workspace_id', '=', workspaceId)]));
    if (!opts.paid) packQuery = packQuery.where('p.is_free', '=', true);
    const packs = await packQuery.orderBy('s.created_at').orderBy('p.id').execute();
    const packPrompts = packs.length
      ? await ex
          .selectFrom('watercooler_prompts')
          .selectAll()
          .where('pack_id', 'in', packs.map((p) => p.id))
          .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '=', workspaceId)]))
          .where('retired', '=', false)
          .orderBy('pack_id')
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    const adjustments = await ex
      .selectFrom('watercooler_prompt_adjustments as a')
      .innerJoin('watercoolers as w', 'w.program_id', 'a.program_id')
      .select(['a.prompt_id', 'a.kind', 'a.created_at'])
      .where('w.workspace_id', '=', workspaceId)
      .where('a.program_id', '=', wc.program_id)
      .orderBy('a.created_at')
      .orderBy('a.prompt_id')
      .execute();
    const sent = await ex
      .selectFrom('watercooler_posts')
      .select('prompt_id')
      .where('workspace_id', '=', workspaceId)
      .where('program_id', '=', wc.program_id)
      .where('state', '=', 'queued')
      .where('cycle', '=', wc.cycle)
      .where('prompt_id', 'is not', null)
      .execute();
    return { own, packs, packPrompts, adjustments, sentThisCycle: sent.map((s) => s.prompt_id!) };
  }
}
