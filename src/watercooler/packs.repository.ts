import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import { isRetired, LIBRARY, libraryPromptKey, libraryPromptText } from './library.js';
import type { AdjustmentKind, Pack, Prompt } from './tables.js';

/** A pack or prompt this workspace sees: the library's (no workspace) or its own. */
const libraryOr = (workspaceId: number) => sql<boolean>`(workspace_id is null or workspace_id = ${workspaceId})`;

/**
 * Packs, prompts, subscriptions and adjustments. The shipped library belongs to no workspace; everything else
 * is scoped by the workspace id each method takes, through a join to a table that has one where the table itself
 * has none (subscriptions, adjustments).
 */
export class PacksRepository {
  constructor(private readonly db: Db) {}

  /** This workspace's watercooler with this id, as a subquery (scopes the tables that have no workspace_id). */
  private watercoolerOf(workspaceId: number, programId: number) {
    return this.db.selectFrom('watercoolers').select('program_id').where('workspace_id', '=', workspaceId).where('program_id', '=', programId);
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

  libraryPacks(trx: Trx, keys: string[]): Promise<Pack[]> {
    if (!keys.length) return Promise.resolve([]);
    return trx.selectFrom('watercooler_packs').selectAll().where('workspace_id', 'is', null).where('library_key', 'in', keys).execute();
  }

  /** Every shipped prompt with its pack (suggestions draw from these). */
  libraryPromptRows(): Promise<Array<{ id: number; text: string; pack_id: number; name: string; description: string }>> {
    return this.db
      .selectFrom('watercooler_prompts as q')
      .innerJoin('watercooler_packs as p', 'p.id', 'q.pack_id')
      .select(['q.id', 'q.text', 'p.id as pack_id', 'p.name', 'p.description'])
      .where('p.workspace_id', 'is', null)
      .where('p.library_key', 'is not', null)
      .where('p.retired', '=', false)
      .where('q.retired', '=', false)
      .orderBy('p.position')
      .orderBy('q.position')
      .execute();
  }

  // ---- packs --------------------------------------------------------------------------------------

  /** The library and this workspace's own packs, in library order then by creation. */
  visiblePacks(workspaceId: number): Promise<Pack[]> {
    return this.db
      .selectFrom('watercooler_packs')
      .selectAll()
      .where('retired', '=', false)
      .where(libraryOr(workspaceId))
      .orderBy(sql`workspace_id is not null`)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** A pack this workspace can see (the library's or its own), or undefined. */
  visiblePack(workspaceId: number, packId: number): Promise<Pack | undefined> {
    return this.db.selectFrom('watercooler_packs').selectAll().where('id', '=', packId).where('retired', '=', false).where(libraryOr(workspaceId)).executeTakeFirst();
  }

  lockPack(trx: Trx, workspaceId: number, packId: number): Promise<Pack | undefined> {
    return trx.selectFrom('watercooler_packs').selectAll().where('id', '=', packId).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
  }

  /** The prompts of packs this workspace can see, in pack order. */
  packPrompts(workspaceId: number, packIds: number[], ex: Executor = this.db): Promise<Prompt[]> {
    if (!packIds.length) return Promise.resolve([]);
    return ex
      .selectFrom('watercooler_prompts')
      .selectAll()
      .where('pack_id', 'in', packIds)
      .where(libraryOr(workspaceId))
      .where('retired', '=', false)
      .orderBy('pack_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async countCustomPacks(trx: Trx, workspaceId: number): Promise<number> {
    const row = await trx.selectFrom('watercooler_packs').select((eb) => eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
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

  async customPackNames(trx: Trx, workspaceId: number, exceptId?: number): Promise<string[]> {
    let q = trx.selectFrom('watercooler_packs').select('name').where('workspace_id', '=', workspaceId);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.execute()).map((r) => r.name);
  }

  async updatePack(trx: Trx, workspaceId: number, packId: number, values: { name?: string; description?: string; emoji?: string; updated_at: Date }): Promise<void> {
    await trx.updateTable('watercooler_packs').set(values).where('workspace_id', '=', workspaceId).where('id', '=', packId).execute();
  }

  // ---- subscriptions ------------------------------------------------------------------------------

  /** This workspace's watercoolers subscribed to a pack. */
  async subscribers(workspaceId: number, packId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('watercooler_pack_subscriptions as s')
      .innerJoin('watercoolers as w', 'w.program_id', 's.program_id')
      .select('s.program_id')
      .where('w.workspace_id', '=', workspaceId)
      .where('s.pack_id', '=', packId)
      .execute();
    return rows.map((r) => r.program_id);
  }

  /** Subscribes this workspace's watercooler to a pack it can see (nothing when either is not found). */
  async subscribe(trx: Trx, workspaceId: number, programId: number, packId: number, now: Date): Promise<void> {
    await trx
      .insertInto('watercooler_pack_subscriptions')
      .columns(['program_id', 'pack_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('watercoolers as w')
          .innerJoin('watercooler_packs as p', (j) => j.on('p.id', '=', packId).on((e) => e.or([e('p.workspace_id', 'is', null), e('p.workspace_id', '=', workspaceId)])))
          .select(['w.program_id', 'p.id', eb.cast<Date>(eb.val(now), 'timestamptz').as('created_at')])
          .where('w.workspace_id', '=', workspaceId)
          .where('w.program_id', '=', programId),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unsubscribe(trx: Trx, workspaceId: number, programId: number, packId: number): Promise<void> {
    await trx.deleteFrom('watercooler_pack_subscriptions').where('program_id', 'in', this.watercoolerOf(workspaceId, programId)).where('pack_id', '=', packId).execute();
    // Adjustments of that pack's prompts no longer mean anything for this watercooler.
    await trx
      .deleteFrom('watercooler_prompt_adjustments')
      .where('program_id', 'in', this.watercoolerOf(workspaceId, programId))
      .where('prompt_id', 'in', (eb) => eb.selectFrom('watercooler_prompts').select('id').where('pack_id', '=', packId))
      .execute();
  }

  async subscribedPackIds(workspaceId: number, programId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('watercooler_pack_subscriptions').select('pack_id').where('program_id', 'in', this.watercoolerOf(workspaceId, programId)).orderBy('created_at').execute();
    return rows.map((r) => r.pack_id);
  }

  // ---- custom prompts (a watercooler's own, or in a custom pack) -----------------------------------

  /** One of this workspace's own prompts (library prompts are never changed by id). */
  prompt(workspaceId: number, id: number): Promise<Prompt | undefined> {
    return this.db.selectFrom('watercooler_prompts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).where('retired', '=', false).executeTakeFirst();
  }

  ownPrompts(trx: Trx, workspaceId: number, programId: number): Promise<Prompt[]> {
    return trx
      .selectFrom('watercooler_prompts')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('program_id', '=', programId)
      .where('retired', '=', false)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async nextPosition(trx: Trx, workspaceId: number, owner: { packId: number } | { programId: number }): Promise<number> {
    const q = trx.selectFrom('watercooler_prompts').select((eb) => eb.fn.max('position').as('max')).where('workspace_id', '=', workspaceId);
    const row = await ('packId' in owner ? q.where('pack_id', '=', owner.packId) : q.where('program_id', '=', owner.programId)).executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  async insertPrompts(
    trx: Trx,
    workspaceId: number,
    rows: Array<{ packId: number | null; programId: number | null; text: string; position: number; sourcePackId: number | null; creatorMemberId: number }>,
    now: Date,
  ): Promise<Prompt[]> {
    if (!rows.length) return [];
    return trx
      .insertInto('watercooler_prompts')
      .values(
        rows.map((r) => ({
          workspace_id: workspaceId,
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

  async updatePromptText(trx: Trx, workspaceId: number, id: number, text: string, now: Date): Promise<void> {
    await trx.updateTable('watercooler_prompts').set({ text, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  async deletePrompt(trx: Trx, workspaceId: number, id: number): Promise<void> {
    await trx.deleteFrom('watercooler_prompts').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  async setPositions(trx: Trx, workspaceId: number, orderedIds: number[], now: Date): Promise<void> {
    for (const [i, id] of orderedIds.entries())
      await trx.updateTable('watercooler_prompts').set({ position: i, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  // ---- adjustments --------------------------------------------------------------------------------

  /** Skips or pins a prompt this workspace can see for its watercooler (nothing when either is not found). */
  async setAdjustment(trx: Trx, workspaceId: number, programId: number, promptId: number, kind: AdjustmentKind, now: Date): Promise<void> {
    await trx
      .insertInto('watercooler_prompt_adjustments')
      .columns(['program_id', 'prompt_id', 'kind', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('watercoolers as w')
          .innerJoin('watercooler_prompts as q', (j) => j.on('q.id', '=', promptId).on((e) => e.or([e('q.workspace_id', 'is', null), e('q.workspace_id', '=', workspaceId)])))
          .select(['w.program_id', 'q.id', eb.cast<AdjustmentKind>(eb.val(kind), 'text').as('kind'), eb.cast<Date>(eb.val(now), 'timestamptz').as('created_at')])
          .where('w.workspace_id', '=', workspaceId)
          .where('w.program_id', '=', programId),
      )
      .onConflict((oc) => oc.columns(['program_id', 'prompt_id']).doUpdateSet({ kind, created_at: now }))
      .execute();
  }

  /** Removes a skip or pin (of `kind`, when given); returns how many were removed. */
  async clearAdjustment(trx: Trx, workspaceId: number, programId: number, promptId: number, kind?: AdjustmentKind): Promise<number> {
    let q = trx.deleteFrom('watercooler_prompt_adjustments').where('program_id', 'in', this.watercoolerOf(workspaceId, programId)).where('prompt_id', '=', promptId);
    if (kind) q = q.where('kind', '=', kind);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
