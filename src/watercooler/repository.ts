import { sql } from 'kysely';
import { isRetired, LIBRARY, libraryPromptKey, libraryPromptText } from './library.js';
import type { ChannelProgram } from '../db/types.js';
import type { AdjustmentKind, Pack, Post, Prompt, Watercooler } from './tables.js';
import type { Db, Executor, Trx } from '../db/index.js';

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

export interface PostWithEngagement extends Post {
  outbox_state: string | null;
  outbox_ts: string | null;
  replies: number;
  reactions: number;
  participants: number;
}

/** The watercooler's SQL. Every timestamp comes from the caller's clock; every query is scoped by workspace or program. */
export class WatercoolerRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- the shipped library ------------------------------------------------------------------------

  /** Writes the shipped packs and prompts (upserts by key, retires what the code no longer ships). Idempotent. */
  async syncLibrary(now: Date, inTrx?: Trx): Promise<void> {
    const run = async (trx: Trx) => {
      const packs = await trx
        .insertInto('watercooler_packs')
        .values(
          LIBRARY.map((p, i) => ({
            workspace_id: null,
            library_key: p.key,
            name: p.name,
            description: p.description,
            emoji: p.emoji,
            is_free: p.isFree,
            position: i,
            retired: false,
            creator_member_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('library_key').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            emoji: eb.ref('excluded.emoji'),
            is_free: eb.ref('excluded.is_free'),
            position: eb.ref('excluded.position'),
            retired: false,
          })),
        )
        .returning(['id', 'library_key'])
        .execute();
      const idOf = new Map(packs.map((p) => [p.library_key!, p.id]));
      const prompts = LIBRARY.flatMap((pack) =>
        pack.prompts.map((p, i) => ({
          workspace_id: null,
          pack_id: idOf.get(pack.key)!,
          program_id: null,
          library_key: libraryPromptKey(pack.key, i),
          text: libraryPromptText(p),
          position: i,
          source_pack_id: null,
          retired: isRetired(p),
          creator_member_id: null,
          created_at: now,
          updated_at: now,
        })),
      );
      await trx
        .insertInto('watercooler_prompts')
        .values(prompts)
        .onConflict((oc) =>
          oc.column('library_key').doUpdateSet((eb) => ({
            text: eb.ref('excluded.text'),
            position: eb.ref('excluded.position'),
            pack_id: eb.ref('excluded.pack_id'),
            retired: eb.ref('excluded.retired'),
          })),
        )
        .execute();
      await trx.updateTable('watercooler_packs').set({ retired: true }).where('library_key', 'is not', null).where('library_key', 'not in', LIBRARY.map((p) => p.key)).execute();
      await trx
        .updateTable('watercooler_prompts')
        .set({ retired: true })
        .where('library_key', 'is not', null)
        .where('library_key', 'not in', prompts.map((p) => p.library_key))
        .execute();
    };
    if (inTrx) await run(inTrx);
    else await this.db.transaction().execute(run);
  }

  libraryPacks(ex: Executor, keys: string[]): Promise<Pack[]> {
    if (!keys.length) return Promise.resolve([]);
    return ex.selectFrom('watercooler_packs').selectAll().where('library_key', 'in', keys).execute();
  }

  /** Every shipped prompt with its pack (suggestions draw from these). */
  libraryPromptRows(): Promise<Array<{ id: number; text: string; pack_id: number; name: string; description: string }>> {
    return this.db
      .selectFrom('watercooler_prompts as q')
      .innerJoin('watercooler_packs as p', 'p.id', 'q.pack_id')
      .select(['q.id', 'q.text', 'p.id as pack_id', 'p.name', 'p.description'])
      .where('p.library_key', 'is not', null)
      .where('p.retired', '=', false)
      .where('q.retired', '=', false)
      .orderBy('p.position')
      .orderBy('q.position')
      .execute();
  }

  // ---- the shared program rows and the directory --------------------------------------------------

  program(ex: Executor, id: number): Promise<ChannelProgram | undefined> {
    return ex.selectFrom('channel_programs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateProgram(trx: Trx, id: number, values: { tz: string; is_active: boolean; updated_at: Date }): Promise<void> {
    await trx.updateTable('channel_programs').set(values).where('id', '=', id).execute();
  }

  /** Reachable humans in each (workspace, channel) roster, keyed `{workspace}:{channel}`. */
  async channelHumans(channels: Array<{ workspaceId: number; channelId: string }>): Promise<Map<string, number>> {
    if (!channels.length) return new Map();
    const rows = await this.db
      .selectFrom('channel_members as cm')
      .innerJoin('members as m', (j) => j.onRef('m.workspace_id', '=', 'cm.workspace_id').onRef('m.slack_user_id', '=', 'cm.slack_user_id'))
      .select(['cm.workspace_id', 'cm.channel_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cm.workspace_id', 'in', [...new Set(channels.map((c) => c.workspaceId))])
      .where('cm.channel_id', 'in', [...new Set(channels.map((c) => c.channelId))])
      .where('m.is_bot', '=', false)
      .where('m.deleted', '=', false)
      .where('m.is_external', '=', false)
      .groupBy(['cm.workspace_id', 'cm.channel_id'])
      .execute();
    return new Map(rows.map((r) => [`${r.workspace_id}:${r.channel_id}`, Number(r.n)]));
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

  get(ex: Executor, programId: number): Promise<Watercooler | undefined> {
    return ex.selectFrom('watercoolers').selectAll().where('program_id', '=', programId).executeTakeFirst();
  }

  lock(trx: Trx, programId: number): Promise<Watercooler | undefined> {
    return trx.selectFrom('watercoolers').selectAll().where('program_id', '=', programId).forUpdate().executeTakeFirst();
  }

  byPrograms(programIds: number[]): Promise<Watercooler[]> {
    if (!programIds.length) return Promise.resolve([]);
    return this.db.selectFrom('watercoolers').selectAll().where('program_id', 'in', programIds).execute();
  }

  async update(
    ex: Executor,
    programId: number,
    values: Partial<Pick<Watercooler, 'weekdays' | 'minute_of_day' | 'hide_inactive_prompts' | 'queue_order' | 'cycle' | 'next_run_at'>> & { updated_at: Date },
  ): Promise<void> {
    await ex.updateTable('watercoolers').set(values).where('program_id', '=', programId).execute();
  }

  // ---- what the queue draws from ------------------------------------------------------------------

  async queueRows(ex: Executor, wc: Watercooler, opts: { paid: boolean }): Promise<QueueRows> {
    const own = opts.paid
      ? await ex.selectFrom('watercooler_prompts').selectAll().where('program_id', '=', wc.program_id).where('retired', '=', false).orderBy('position').orderBy('id').execute()
      : [];
    let packQuery = ex
      .selectFrom('watercooler_pack_subscriptions as s')
      .innerJoin('watercooler_packs as p', 'p.id', 's.pack_id')
      .selectAll('p')
      .select('s.created_at as subscribed_at')
      .where('s.program_id', '=', wc.program_id)
      .where('p.retired', '=', false)
      .where((eb) => eb.or([eb('p.workspace_id', 'is', null), eb('p.workspace_id', '=', wc.workspace_id)]));
    if (!opts.paid) packQuery = packQuery.where('p.is_free', '=', true);
    const packs = await packQuery.orderBy('s.created_at').orderBy('p.id').execute();
    const packPrompts = packs.length
      ? await ex
          .selectFrom('watercooler_prompts')
          .selectAll()
          .where('pack_id', 'in', packs.map((p) => p.id))
          .where('retired', '=', false)
          .orderBy('pack_id')
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [];
    const adjustments = await ex
      .selectFrom('watercooler_prompt_adjustments')
      .select(['prompt_id', 'kind', 'created_at'])
      .where('program_id', '=', wc.program_id)
      .orderBy('created_at')
      .orderBy('prompt_id')
      .execute();
    const sent = await ex
      .selectFrom('watercooler_posts')
      .select('prompt_id')
      .where('program_id', '=', wc.program_id)
      .where('state', '=', 'queued')
      .where('cycle', '=', wc.cycle)
      .where('prompt_id', 'is not', null)
      .execute();
    return { own, packs, packPrompts, adjustments, sentThisCycle: sent.map((s) => s.prompt_id!) };
  }

  promptsByIds(ex: Executor, ids: number[]): Promise<Prompt[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.selectFrom('watercooler_prompts').selectAll().where('id', 'in', ids).execute();
  }

  // ---- packs --------------------------------------------------------------------------------------

  /** The library and this workspace's own packs, in library order then by creation. */
  visiblePacks(workspaceId: number): Promise<Pack[]> {
    return this.db
      .selectFrom('watercooler_packs')
      .selectAll()
      .where('retired', '=', false)
      .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '=', workspaceId)]))
      .orderBy(sql`workspace_id is not null`)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** A pack this workspace can see (the library's or its own), or undefined. */
  visiblePack(ex: Executor, workspaceId: number, packId: number): Promise<Pack | undefined> {
    return ex
      .selectFrom('watercooler_packs')
      .selectAll()
      .where('id', '=', packId)
      .where('retired', '=', false)
      .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '=', workspaceId)]))
      .executeTakeFirst();
  }

  lockPack(trx: Trx, workspaceId: number, packId: number): Promise<Pack | undefined> {
    return trx.selectFrom('watercooler_packs').selectAll().where('id', '=', packId).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
  }

  packPrompts(ex: Executor, packIds: number[]): Promise<Prompt[]> {
    if (!packIds.length) return Promise.resolve([]);
    return ex.selectFrom('watercooler_prompts').selectAll().where('pack_id', 'in', packIds).where('retired', '=', false).orderBy('pack_id').orderBy('position').orderBy('id').execute();
  }

  async countCustomPacks(ex: Executor, workspaceId: number): Promise<number> {
    const row = await ex.selectFrom('watercooler_packs').select((eb) => eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertPack(trx: Trx, row: { workspaceId: number; name: string; description: string; emoji: string; creatorMemberId: number; now: Date }): Promise<Pack> {
    return trx
      .insertInto('watercooler_packs')
      .values({
        workspace_id: row.workspaceId,
        library_key: null,
        name: row.name,
        description: row.description,
        emoji: row.emoji,
        is_free: false,
        position: 0,
        creator_member_id: row.creatorMemberId,
        created_at: row.now,
        updated_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async customPackNames(ex: Executor, workspaceId: number, exceptId?: number): Promise<string[]> {
    let q = ex.selectFrom('watercooler_packs').select('name').where('workspace_id', '=', workspaceId);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.execute()).map((r) => r.name);
  }

  async updatePack(trx: Trx, packId: number, values: { name?: string; description?: string; emoji?: string; updated_at: Date }): Promise<void> {
    await trx.updateTable('watercooler_packs').set(values).where('id', '=', packId).execute();
  }

  /** Programs (in this workspace) subscribed to a pack. */
  async subscribers(ex: Executor, packId: number): Promise<number[]> {
    return (await ex.selectFrom('watercooler_pack_subscriptions').select('program_id').where('pack_id', '=', packId).execute()).map((r) => r.program_id);
  }

  async subscribe(trx: Trx, programId: number, packId: number, now: Date): Promise<void> {
    await trx.insertInto('watercooler_pack_subscriptions').values({ program_id: programId, pack_id: packId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  }

  async unsubscribe(trx: Trx, programId: number, packId: number): Promise<void> {
    await trx.deleteFrom('watercooler_pack_subscriptions').where('program_id', '=', programId).where('pack_id', '=', packId).execute();
    // Adjustments of that pack's prompts no longer mean anything for this watercooler.
    await trx
      .deleteFrom('watercooler_prompt_adjustments')
      .where('program_id', '=', programId)
      .where('prompt_id', 'in', (eb) => eb.selectFrom('watercooler_prompts').select('id').where('pack_id', '=', packId))
      .execute();
  }

  async subscribedPackIds(ex: Executor, programId: number): Promise<number[]> {
    return (await ex.selectFrom('watercooler_pack_subscriptions').select('pack_id').where('program_id', '=', programId).orderBy('created_at').execute()).map((r) => r.pack_id);
  }

  // ---- prompts ------------------------------------------------------------------------------------

  prompt(ex: Executor, id: number): Promise<Prompt | undefined> {
    return ex.selectFrom('watercooler_prompts').selectAll().where('id', '=', id).where('retired', '=', false).executeTakeFirst();
  }

  ownPrompts(ex: Executor, programId: number): Promise<Prompt[]> {
    return ex.selectFrom('watercooler_prompts').selectAll().where('program_id', '=', programId).where('retired', '=', false).orderBy('position').orderBy('id').execute();
  }

  async nextPosition(trx: Trx, owner: { packId: number } | { programId: number }): Promise<number> {
    const q = trx.selectFrom('watercooler_prompts').select((eb) => eb.fn.max('position').as('max'));
    const row = await ('packId' in owner ? q.where('pack_id', '=', owner.packId) : q.where('program_id', '=', owner.programId)).executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  async insertPrompts(
    trx: Trx,
    rows: Array<{ workspaceId: number; packId: number | null; programId: number | null; text: string; position: number; sourcePackId: number | null; creatorMemberId: number }>,
    now: Date,
  ): Promise<Prompt[]> {
    if (!rows.length) return [];
    return trx
      .insertInto('watercooler_prompts')
      .values(
        rows.map((r) => ({
          workspace_id: r.workspaceId,
          pack_id: r.packId,
          program_id: r.programId,
          library_key: null,
          text: r.text,
          position: r.position,
          source_pack_id: r.sourcePackId,
          creator_member_id: r.creatorMemberId,
          created_at: now,
          updated_at: now,
        })),
      )
      .returningAll()
      .execute();
  }

  async updatePromptText(trx: Trx, id: number, text: string, now: Date): Promise<void> {
    await trx.updateTable('watercooler_prompts').set({ text, updated_at: now }).where('id', '=', id).execute();
  }

  async deletePrompt(trx: Trx, id: number): Promise<void> {
    await trx.deleteFrom('watercooler_prompts').where('id', '=', id).execute();
  }

  async setPositions(trx: Trx, orderedIds: number[], now: Date): Promise<void> {
    for (const [i, id] of orderedIds.entries()) await trx.updateTable('watercooler_prompts').set({ position: i, updated_at: now }).where('id', '=', id).execute();
  }

  // ---- adjustments --------------------------------------------------------------------------------

  async setAdjustment(trx: Trx, programId: number, promptId: number, kind: AdjustmentKind, now: Date): Promise<void> {
    await trx
      .insertInto('watercooler_prompt_adjustments')
      .values({ program_id: programId, prompt_id: promptId, kind, created_at: now })
      .onConflict((oc) => oc.columns(['program_id', 'prompt_id']).doUpdateSet({ kind, created_at: now }))
      .execute();
  }

  async clearAdjustment(trx: Trx, programId: number, promptId: number, kind?: AdjustmentKind): Promise<number> {
    let q = trx.deleteFrom('watercooler_prompt_adjustments').where('program_id', '=', programId).where('prompt_id', '=', promptId);
    if (kind) q = q.where('kind', '=', kind);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  // ---- posts: claiming, composing, sending --------------------------------------------------------

  /**
   * Claims every due slot of active watercoolers (SKIP LOCKED, so ticks running at once share the work): a post
   * row per slot (unique per program and slot) and next_run_at moved to the following slot. Returns the new posts.
   */
  async claimDue(now: Date, limit: number, nextAfter: (wc: { weekdays: number[]; minute_of_day: number; tz: string }, after: Date) => Date): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('watercoolers as w')
        .innerJoin('channel_programs as p', 'p.id', 'w.program_id')
        .select(['w.program_id', 'w.workspace_id', 'w.next_run_at', 'w.weekdays', 'w.minute_of_day', 'p.tz', 'p.channel_id'])
        .where('w.next_run_at', '<=', now)
        .where('p.is_active', '=', true)
        .orderBy('w.next_run_at')
        .limit(limit)
        .forUpdate('w')
        .skipLocked()
        .execute();
      const ids: number[] = [];
      for (const d of due) {
        const slot = d.next_run_at!;
        const inserted = await trx
          .insertInto('watercooler_posts')
          .values({ workspace_id: d.workspace_id, program_id: d.program_id, slot_at: slot, source: 'schedule', channel_id: d.channel_id, claimed_at: now })
          .onConflict((oc) => oc.columns(['program_id', 'slot_at']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) ids.push(inserted.id);
        const next = nextAfter(d, slot > now ? slot : now);
        await trx.updateTable('watercoolers').set({ next_run_at: next, updated_at: now }).where('program_id', '=', d.program_id).execute();
      }
      return ids;
    });
  }

  /** Posts claimed but not composed for a while (their job was lost or failed): picked up again. */
  async staleClaims(before: Date, limit = 200): Promise<number[]> {
    return (
      await this.db.selectFrom('watercooler_posts').select('id').where('state', '=', 'claimed').where('claimed_at', '<', before).orderBy('id').limit(limit).execute()
    ).map((r) => r.id);
  }

  /** Claims active watercoolers whose channel roster is older than `before` (or never read) by stamping them now. */
  async claimRosters(now: Date, before: Date, limit = 100): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('watercoolers as w')
        .innerJoin('channel_programs as p', 'p.id', 'w.program_id')
        .select('w.program_id')
        .where('p.is_active', '=', true)
        .where((eb) => eb.or([eb('w.roster_synced_at', 'is', null), eb('w.roster_synced_at', '<', before)]))
        .orderBy('w.program_id')
        .limit(limit)
        .forUpdate('w')
        .skipLocked()
        .execute();
      const ids = due.map((d) => d.program_id);
      if (ids.length) await trx.updateTable('watercoolers').set({ roster_synced_at: now }).where('program_id', 'in', ids).execute();
      return ids;
    });
  }

  async nextRosterDue(everyMs: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('watercoolers as w')
      .innerJoin('channel_programs as p', 'p.id', 'w.program_id')
      .select((eb) => [eb.fn.min('w.roster_synced_at').as('oldest'), eb.fn.countAll<number>().filterWhere('w.roster_synced_at', 'is', null).as('never')])
      .where('p.is_active', '=', true)
      .executeTakeFirst();
    if (!row) return null;
    if (Number(row.never) > 0) return new Date(0);
    return row.oldest ? new Date(new Date(row.oldest as Date | string).getTime() + everyMs) : null;
  }

  async nextDue(staleAfterMs: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('watercoolers as w')
      .innerJoin('channel_programs as p', 'p.id', 'w.program_id')
      .select((eb) => eb.fn.min('w.next_run_at').as('next'))
      .where('p.is_active', '=', true)
      .executeTakeFirst();
    const stale = await this.db.selectFrom('watercooler_posts').select((eb) => eb.fn.min('claimed_at').as('oldest')).where('state', '=', 'claimed').executeTakeFirst();
    const candidates = [row?.next ? new Date(row.next as Date | string) : null, stale?.oldest ? new Date(new Date(stale.oldest as Date | string).getTime() + staleAfterMs) : null].filter(
      (d): d is Date => d !== null,
    );
    return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
  }

  async insertSendNow(programId: number, workspaceId: number, channelId: string, at: Date): Promise<number | undefined> {
    const row = await this.db
      .insertInto('watercooler_posts')
      .values({ workspace_id: workspaceId, program_id: programId, slot_at: at, source: 'send_now', channel_id: channelId, claimed_at: at })
      .onConflict((oc) => oc.columns(['program_id', 'slot_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  post(ex: Executor, id: number): Promise<Post | undefined> {
    return ex.selectFrom('watercooler_posts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lockPost(trx: Trx, id: number): Promise<Post | undefined> {
    return trx.selectFrom('watercooler_posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async markQueued(trx: Trx, id: number, values: { promptId: number; text: string; cycle: number; outboxId: number; now: Date }): Promise<void> {
    await trx
      .updateTable('watercooler_posts')
      .set({ state: 'queued', prompt_id: values.promptId, text: values.text, cycle: values.cycle, outbox_id: values.outboxId, queued_at: values.now })
      .where('id', '=', id)
      .execute();
  }

  async markSkipped(trx: Trx, id: number, reason: string): Promise<void> {
    await trx.updateTable('watercooler_posts').set({ state: 'skipped', skip_reason: reason }).where('id', '=', id).execute();
  }

  // ---- engagement ---------------------------------------------------------------------------------

  /** Copies the message ts from sent outbox rows onto their posts (the ts is only known once Slack answered). */
  async backfillTs(workspaceId: number, channelId?: string): Promise<void> {
    await sql`
      update watercooler_posts p
         set ts = o.result->>'ts'
        from outbox o
       where o.id = p.outbox_id
         and p.ts is null
         and p.workspace_id = ${workspaceId}
         ${channelId ? sql`and p.channel_id = ${channelId}` : sql``}
         and o.state = 'sent'
         and o.result->>'ts' is not null
    `.execute(this.db);
  }

  async postByTs(workspaceId: number, channelId: string, ts: string): Promise<number | undefined> {
    const find = () =>
      this.db.selectFrom('watercooler_posts').select('id').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).where('ts', '=', ts).executeTakeFirst();
    let row = await find();
    if (!row) {
      await this.backfillTs(workspaceId, channelId);
      row = await find();
    }
    return row?.id;
  }

  /** Whether any watercooler posts in this channel (cheap filter for every message event). */
  async channelHasPosts(workspaceId: number, channelId: string): Promise<boolean> {
    return (await this.db.selectFrom('watercooler_posts').select('id').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).limit(1).executeTakeFirst()) !== undefined;
  }

  async addReply(postId: number, ts: string, userId: string, now: Date): Promise<void> {
    await this.db.insertInto('watercooler_replies').values({ post_id: postId, ts, user_id: userId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  }

  async removeReply(postId: number, ts: string): Promise<void> {
    await this.db.deleteFrom('watercooler_replies').where('post_id', '=', postId).where('ts', '=', ts).execute();
  }

  async addReaction(postId: number, userId: string, name: string, now: Date): Promise<void> {
    await this.db.insertInto('watercooler_reactions').values({ post_id: postId, user_id: userId, name, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  }

  async removeReaction(postId: number, userId: string, name: string): Promise<void> {
    await this.db.deleteFrom('watercooler_reactions').where('post_id', '=', postId).where('user_id', '=', userId).where('name', '=', name).execute();
  }

  /** The latest posts of a program, newest first, with their send state and engagement. */
  async posts(programId: number, limit: number): Promise<PostWithEngagement[]> {
    const rows = await this.db
      .selectFrom('watercooler_posts as p')
      .leftJoin('outbox as o', 'o.id', 'p.outbox_id')
      .selectAll('p')
      .select((eb) => [
        'o.state as outbox_state',
        sql<string | null>`o.result->>'ts'`.as('outbox_ts'),
        eb.selectFrom('watercooler_replies as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.post_id', '=', 'p.id').as('replies'),
        eb.selectFrom('watercooler_reactions as x').select((e) => e.fn.countAll<number>().as('n')).whereRef('x.post_id', '=', 'p.id').as('reactions'),
        sql<number>`(select count(*) from (select user_id from watercooler_replies where post_id = p.id union select user_id from watercooler_reactions where post_id = p.id) u)`.as('participants'),
      ])
      .where('p.program_id', '=', programId)
      .where('p.state', '!=', 'claimed')
      .orderBy('p.slot_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, replies: Number(r.replies ?? 0), reactions: Number(r.reactions ?? 0), participants: Number(r.participants ?? 0) }));
  }

  /** For each program, its latest queued post with its reply count. */
  async latestPosts(programIds: number[]): Promise<Map<number, { text: string; ts: string | null; channel_id: string; replies: number }>> {
    if (!programIds.length) return new Map();
    const rows = await this.db
      .selectFrom('watercooler_posts as p')
      .leftJoin('outbox as o', 'o.id', 'p.outbox_id')
      .select((eb) => [
        'p.program_id',
        'p.text',
        'p.channel_id',
        sql<string | null>`coalesce(p.ts, o.result->>'ts')`.as('ts'),
        eb.selectFrom('watercooler_replies as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.post_id', '=', 'p.id').as('replies'),
      ])
      .distinctOn('p.program_id')
      .where('p.program_id', 'in', programIds)
      .where('p.state', '=', 'queued')
      .where('o.state', '=', 'sent')
      .orderBy('p.program_id')
      .orderBy('p.slot_at', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.program_id, { text: r.text ?? '', ts: r.ts, channel_id: r.channel_id, replies: Number(r.replies ?? 0) }]));
  }
}
