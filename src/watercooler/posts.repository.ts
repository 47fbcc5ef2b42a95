import { sql } from 'kysely';
import type { Db, Trx } from '../db/index.js';
import type { Post } from './tables.js';
import { activeWorkspaceIds } from '../workspaces/repository.js';

export interface PostWithEngagement extends Post {
  outbox_state: string | null;
  outbox_ts: string | null;
  replies: number;
  reactions: number;
  participants: number;
}

/** A unit of the tick's work, with the workspace its job is scoped to. */
export interface Claimed {
  workspaceId: number;
  id: number;
}

/**
 * Posts (one per slot), their claiming and composing, and the engagement counted on them. The tick's sweeps
 * (`claimDue`, `staleClaims`, `claimRosters`, `nextDue`, `nextRosterDue`) run across workspaces by design and
 * hand each claim back with its workspace id; every other method takes the workspace id and filters by it.
 */
export class PostsRepository {
  constructor(private readonly db: Db) {}

  /** This workspace's post with this id, as a subquery (scopes replies and reactions, which have no workspace_id). */
  private postOf(workspaceId: number, postId: number) {
    return this.db.selectFrom('watercooler_posts').select('id').where('workspace_id', '=', workspaceId).where('id', '=', postId);
  }

  // ---- the tick's sweeps --------------------------------------------------------------------------

  /**
   * Claims every due slot of active watercoolers (SKIP LOCKED, so ticks running at once share the work): a post
   * row per slot (unique per program and slot) and next_run_at moved to the following slot. Returns the new posts.
   */
  async claimDue(now: Date, limit: number, nextAfter: (wc: { weekdays: number[]; minute_of_day: number; tz: string }, after: Date) => Date): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('watercoolers as w')
        .innerJoin('channel_programs as p', (j) => j.onRef('p.id', '=', 'w.program_id').onRef('p.workspace_id', '=', 'w.workspace_id'))
        .select(['w.program_id', 'w.workspace_id', 'w.next_run_at', 'w.weekdays', 'w.minute_of_day', 'p.tz', 'p.channel_id'])
        .where('w.next_run_at', '<=', now)
        .where('p.is_active', '=', true)
        .where('w.workspace_id', 'in', activeWorkspaceIds(this.db))
        .orderBy('w.next_run_at')
        .limit(limit)
        .forUpdate('w')
        .skipLocked()
        .execute();
      const claimed: Claimed[] = [];
      for (const d of due) {
        const slot = d.next_run_at!;
        const inserted = await trx
          .insertInto('watercooler_posts')
          .values({ workspace_id: d.workspace_id, program_id: d.program_id, slot_at: slot, source: 'schedule', channel_id: d.channel_id, claimed_at: now })
          .onConflict((oc) => oc.columns(['program_id', 'slot_at']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) claimed.push({ workspaceId: d.workspace_id, id: inserted.id });
        const next = nextAfter(d, slot > now ? slot : now);
        await trx.updateTable('watercoolers').set({ next_run_at: next, updated_at: now }).where('workspace_id', '=', d.workspace_id).where('program_id', '=', d.program_id).execute();
      }
      return claimed;
    });
  }

  /** Posts claimed at or before `upTo` and not composed (their job was lost or failed): picked up again. */
  async staleClaims(upTo: Date, limit = 200): Promise<Claimed[]> {
    const rows = await this.db
      .selectFrom('watercooler_posts')
      .select(['id', 'workspace_id'])
      .where('state', '=', 'claimed')
      .where('claimed_at', '<=', upTo)
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id }));
  }

  /**
   * Claims active watercoolers whose channel roster was read at or before `upTo` (or never) by stamping them now:
   * due at exactly the instant `nextRosterDue` gives, so the tick that instant claims it.
   */
  async claimRosters(now: Date, upTo: Date, limit = 100): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('watercoolers as w')
        .innerJoin('channel_programs as p', (j) => j.onRef('p.id', '=', 'w.program_id').onRef('p.workspace_id', '=', 'w.workspace_id'))
        .select(['w.program_id', 'w.workspace_id'])
        .where('p.is_active', '=', true)
        .where('w.workspace_id', 'in', activeWorkspaceIds(this.db))
        .where((eb) => eb.or([eb('w.roster_synced_at', 'is', null), eb('w.roster_synced_at', '<=', upTo)]))
        .orderBy('w.program_id')
        .limit(limit)
        .forUpdate('w')
        .skipLocked()
        .execute();
      if (due.length)
        await trx
          .updateTable('watercoolers')
          .set({ roster_synced_at: now })
          .where('program_id', 'in', due.map((d) => d.program_id))
          .execute();
      return due.map((d) => ({ workspaceId: d.workspace_id, id: d.program_id }));
    });
  }

  async nextRosterDue(everyMs: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('watercoolers as w')
      .innerJoin('channel_programs as p', 'p.id', 'w.program_id')
      .select((eb) => [eb.fn.min('w.roster_synced_at').as('oldest'), eb.fn.countAll<number>().filterWhere('w.roster_synced_at', 'is', null).as('never')])
      .where('p.is_active', '=', true)
      .where('w.workspace_id', 'in', activeWorkspaceIds(this.db))
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
      .where('w.workspace_id', 'in', activeWorkspaceIds(this.db))
      .executeTakeFirst();
    const stale = await this.db.selectFrom('watercooler_posts').select((eb) => eb.fn.min('claimed_at').as('oldest')).where('state', '=', 'claimed').where('workspace_id', 'in', activeWorkspaceIds(this.db)).executeTakeFirst();
    const candidates = [row?.next ? new Date(row.next as Date | string) : null, stale?.oldest ? new Date(new Date(stale.oldest as Date | string).getTime() + staleAfterMs) : null].filter(
      (d): d is Date => d !== null,
    );
    return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
  }

  // ---- one post -----------------------------------------------------------------------------------

  async insertSendNow(workspaceId: number, programId: number, channelId: string, at: Date): Promise<number | undefined> {
    const row = await this.db
      .insertInto('watercooler_posts')
      .values({ workspace_id: workspaceId, program_id: programId, slot_at: at, source: 'send_now', channel_id: channelId, claimed_at: at })
      .onConflict((oc) => oc.columns(['program_id', 'slot_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  post(workspaceId: number, id: number): Promise<Post | undefined> {
    return this.db.selectFrom('watercooler_posts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  lockPost(trx: Trx, workspaceId: number, id: number): Promise<Post | undefined> {
    return trx.selectFrom('watercooler_posts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async markQueued(trx: Trx, workspaceId: number, id: number, values: { promptId: number; text: string; cycle: number; outboxId: number; now: Date }): Promise<void> {
    await trx
      .updateTable('watercooler_posts')
      .set({ state: 'queued', prompt_id: values.promptId, text: values.text, cycle: values.cycle, outbox_id: values.outboxId, queued_at: values.now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }

  async markSkipped(trx: Trx, workspaceId: number, id: number, reason: string): Promise<void> {
    await trx.updateTable('watercooler_posts').set({ state: 'skipped', skip_reason: reason }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  // ---- engagement ---------------------------------------------------------------------------------

  /** Copies the message ts from sent outbox rows onto their posts (the ts is only known once Slack answered). */
  async backfillTs(workspaceId: number, channelId?: string): Promise<void> {
    await sql`
      update watercooler_posts p
         set ts = o.result->>'ts'
        from outbox o
       where o.id = p.outbox_id
         and o.workspace_id = p.workspace_id
         and p.ts is null
         and p.workspace_id = ${workspaceId}
         ${channelId ? sql`and p.channel_id = ${channelId}` : sql``}
         and o.state = 'sent'
         and o.result->>'ts' is not null
    `.execute(this.db);
  }

  /** The post whose message has this ts in this workspace's channel. */
  async postByTs(workspaceId: number, channelId: string, ts: string): Promise<{ id: number; program_id: number } | undefined> {
    const find = () =>
      this.db
        .selectFrom('watercooler_posts')
        .select(['id', 'program_id'])
        .where('workspace_id', '=', workspaceId)
        .where('channel_id', '=', channelId)
        .where('ts', '=', ts)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      await this.backfillTs(workspaceId, channelId);
      row = await find();
    }
    return row;
  }

  /** Whether any watercooler posts in this channel (cheap filter for every message event). */
  async channelHasPosts(workspaceId: number, channelId: string): Promise<boolean> {
    return (await this.db.selectFrom('watercooler_posts').select('id').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).limit(1).executeTakeFirst()) !== undefined;
  }

  /** Records a reply once per message ts: true when this call recorded it. */
  async addReply(trx: Trx, workspaceId: number, postId: number, ts: string, userId: string, now: Date): Promise<boolean> {
    const row = await trx
      .insertInto('watercooler_replies')
      .columns(['post_id', 'ts', 'user_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('watercooler_posts')
          .select(['id', eb.cast<string>(eb.val(ts), 'text').as('ts'), eb.cast<string>(eb.val(userId), 'text').as('user_id'), eb.cast<Date>(eb.val(now), 'timestamptz').as('created_at')])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', postId),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async removeReply(workspaceId: number, postId: number, ts: string): Promise<void> {
    await this.db.deleteFrom('watercooler_replies').where('post_id', 'in', this.postOf(workspaceId, postId)).where('ts', '=', ts).execute();
  }

  async addReaction(workspaceId: number, postId: number, userId: string, name: string, now: Date): Promise<void> {
    await this.db
      .insertInto('watercooler_reactions')
      .columns(['post_id', 'user_id', 'name', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('watercooler_posts')
          .select(['id', eb.cast<string>(eb.val(userId), 'text').as('user_id'), eb.cast<string>(eb.val(name), 'text').as('name'), eb.cast<Date>(eb.val(now), 'timestamptz').as('created_at')])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', postId),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeReaction(workspaceId: number, postId: number, userId: string, name: string): Promise<void> {
    await this.db.deleteFrom('watercooler_reactions').where('post_id', 'in', this.postOf(workspaceId, postId)).where('user_id', '=', userId).where('name', '=', name).execute();
  }

  /** The latest posts of a program, newest first, with their send state and engagement. */
  async posts(workspaceId: number, programId: number, limit: number): Promise<PostWithEngagement[]> {
    const rows = await this.db
      .selectFrom('watercooler_posts as p')
      .leftJoin('outbox as o', (j) => j.onRef('o.id', '=', 'p.outbox_id').onRef('o.workspace_id', '=', 'p.workspace_id'))
      .selectAll('p')
      .select((eb) => [
        'o.state as outbox_state',
        sql<string | null>`o.result->>'ts'`.as('outbox_ts'),
        eb.selectFrom('watercooler_replies as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.post_id', '=', 'p.id').as('replies'),
        eb.selectFrom('watercooler_reactions as x').select((e) => e.fn.countAll<number>().as('n')).whereRef('x.post_id', '=', 'p.id').as('reactions'),
        sql<number>`(select count(*) from (select user_id from watercooler_replies where post_id = p.id union select user_id from watercooler_reactions where post_id = p.id) u)`.as('participants'),
      ])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.program_id', '=', programId)
      .where('p.state', '!=', 'claimed')
      .orderBy('p.slot_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, replies: Number(r.replies ?? 0), reactions: Number(r.reactions ?? 0), participants: Number(r.participants ?? 0) }));
  }

  /** For each of a workspace's programs, its latest sent post with its reply count. */
  async latestPosts(workspaceId: number, programIds: number[]): Promise<Map<number, { text: string; ts: string | null; channel_id: string; replies: number }>> {
    if (!programIds.length) return new Map();
    const rows = await this.db
      .selectFrom('watercooler_posts as p')
      .leftJoin('outbox as o', (j) => j.onRef('o.id', '=', 'p.outbox_id').onRef('o.workspace_id', '=', 'p.workspace_id'))
      .select((eb) => [
        'p.program_id',
        'p.text',
        'p.channel_id',
        sql<string | null>`coalesce(p.ts, o.result->>'ts')`.as('ts'),
        eb.selectFrom('watercooler_replies as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.post_id', '=', 'p.id').as('replies'),
      ])
      .distinctOn('p.program_id')
      .where('p.workspace_id', '=', workspaceId)
      .where('p.program_id', 'in', programIds)
      .where('p.state', '=', 'queued')
      .where('o.state', '=', 'sent')
      .orderBy('p.program_id')
      .orderBy('p.slot_at', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.program_id, { text: r.text ?? '', ts: r.ts, channel_id: r.channel_id, replies: Number(r.replies ?? 0) }]));
  }
}
