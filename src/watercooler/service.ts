import type { KnownBlock } from '@slack/types';
import { paymentRequired, planAccess, type PlanAccess } from '../billing/plan.js';
import type { Db, Trx } from '../db/index.js';
import type { ChannelProgram, Member, Workspace } from '../db/types.js';
import type { WatercoolerDeps } from './deps.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { ProgramKind, ProgramSummary, ProgramTemplate } from '../programs/kinds.js';
import { isReachableHuman } from '../people/service.js';
import { homeSection, permalink, promptMessage, type HomeWatercooler } from './blocks.js';
import { buildQueue, moveStep, nextPrompt, reorderUnsent, type QueueInput, type QueueState } from './queue.js';
import { WatercoolerRepository, type PostWithEngagement, type QueueRows } from './repository.js';
import { describeSchedule, isSlotOf, MAX_LATENESS_MS, nextSlot, normalizeWeekdays, upcomingSlots, type WatercoolerSchedule } from './schedule.js';
import { dedupeTexts, sameText, suggestPrompts, type SuggestionSource } from './suggest.js';
import type { AdjustmentKind, Pack, Prompt, Watercooler } from './tables.js';
import { templateSettings, WATERCOOLER_TEMPLATES } from './templates.js';

/** A claimed slot whose compose job has not run for this long is enqueued again. */
export const STALE_CLAIM_MS = 2 * 60_000;
/** Channel rosters are read again daily (member_joined/left events keep them current in between). */
export const ROSTER_EVERY_MS = 24 * 3600_000;
const CLAIM_BATCH = 200;
export const MAX_OWN_PROMPTS = 500;
export const MAX_PACK_PROMPTS = 500;
export const MAX_CUSTOM_PACKS = 50;
const SENT_SHOWN = 50;
const UPCOMING_SHOWN = 5;

export const PAGE_PATH = (id: number) => `/watercooler/${id}/edit`;
export const outboxKey = (programId: number, slot: Date) => `watercooler:${programId}:${slot.toISOString()}`;

export type { PromptJson, PackJson, QueueStatus, QueueItemJson, SentJson, WatercoolerJson } from './api-types.js';
import type { PromptJson, PackJson, QueueStatus, QueueItemJson, SentJson, WatercoolerJson } from './api-types.js';
import { watercoolerPost, watercoolerRoster } from './jobs.js';
import { requireAccess } from '../platform/access.js';

export interface UpdateInput {
  weekdays?: number[];
  hour?: number;
  minute?: number;
  tz?: string;
  is_active?: boolean;
  hideInactivePrompts?: boolean;
  ordered_unsent_prompt_ids?: number[];
}

interface QueueContext {
  rows: QueueRows;
  input: QueueInput;
  state: QueueState;
}

const promptJson = (p: Prompt): PromptJson => ({
  id: p.id,
  text: p.text,
  pack_id: p.pack_id,
  watercooler_id: p.program_id,
  position: p.position,
  source_pack_id: p.source_pack_id,
  is_custom: p.program_id !== null || p.library_key === null,
});

/**
 * Watercooler: scheduled prompts in a channel, drawn from packs, with engagement counted from the events Slack
 * sends. Routes and listeners are thin over this; SQL is in the repository; the queue and schedule are pure.
 */
export class WatercoolerService {
  readonly repo: WatercoolerRepository;
  private readonly db: Db;
  private library?: Promise<void>;

  constructor(private readonly s: WatercoolerDeps) {
    this.db = s.db;
    this.repo = new WatercoolerRepository(this.db);
  }

  /** The shipped packs are in the database (once per process; upserts, so concurrent processes agree). */
  ensureLibrary(): Promise<void> {
    this.library ??= this.repo.syncLibrary(this.s.clock.now()).catch((err: unknown) => {
      this.library = undefined;
      throw err;
    });
    return this.library;
  }

  private access(workspaceId: number, db: Db = this.s.db): Promise<PlanAccess> {
    return planAccess(db, workspaceId, this.s.clock.now());
  }

  private scheduleOf(wc: Pick<Watercooler, 'weekdays' | 'minute_of_day'>, tz: string): WatercoolerSchedule {
    return { weekdays: wc.weekdays, minuteOfDay: wc.minute_of_day, tz };
  }

  // ---- the program kind ---------------------------------------------------------------------------

  kind(): ProgramKind {
    return {
      type: 'Watercooler',
      controller: 'watercooler',
      label: 'Watercooler',
      templates: WATERCOOLER_TEMPLATES,
      checkCreate: async () => undefined,
      createConfig: (trx, program, template) => this.createConfig(trx, program, template),
      summarize: (programs) => this.summarize(programs),
      sendNow: async (program) => {
        await this.sendNow(program);
      },
      pagePath: PAGE_PATH,
    };
  }

  /** In the shared model's creating transaction: the config row, its first slot and the template's packs. */
  async createConfig(outer: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const trx = outer;
    const settings = templateSettings(template);
    const now = this.s.clock.now();
    let packs = await this.repo.libraryPacks(trx, settings.packs);
    if (packs.length < settings.packs.length) {
      await this.repo.syncLibrary(now, trx);
      packs = await this.repo.libraryPacks(trx, settings.packs);
    }
    const access = await planAccess(outer as unknown as Db, program.workspace_id, now);
    if (!access.paidFeatureAccess && packs.some((p) => !p.is_free))
      throw paymentRequired('premium', `The ${template.name} template uses Premium prompt packs. The free plan includes the Default Dozen.`, access);
    const weekdays = normalizeWeekdays(settings.weekdays);
    await this.repo.insert(trx, {
      programId: program.id,
      workspaceId: program.workspace_id,
      weekdays,
      minuteOfDay: settings.minuteOfDay,
      nextRunAt: nextSlot({ weekdays, minuteOfDay: settings.minuteOfDay, tz: program.tz }, now),
      now,
    });
    const byKey = new Map(packs.map((p) => [p.library_key, p]));
    // Subscribed one after another so the queue takes the template's packs in its order.
    for (const [i, key] of settings.packs.entries()) {
      const pack = byKey.get(key);
      if (pack) await this.repo.subscribe(trx, program.id, pack.id, new Date(now.getTime() + i));
    }
  }

  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    if (!programs.length) return out;
    const wcs = new Map((await this.repo.byPrograms(programs.map((p) => p.id))).map((w) => [w.program_id, w]));
    const counts = await this.repo.channelHumans(programs.map((p) => ({ workspaceId: p.workspace_id, channelId: p.channel_id })));
    for (const p of programs) {
      out.set(p.id, { numParticipants: counts.get(`${p.workspace_id}:${p.channel_id}`) ?? 0, nextOccurrenceAt: wcs.get(p.id)?.next_run_at ?? null });
    }
    return out;
  }

  // ---- reading ------------------------------------------------------------------------------------

  async config(program: ChannelProgram): Promise<Watercooler> {
    const wc = await this.repo.get(this.db, program.id);
    if (!wc) throw new HttpError(404, 'Not found');
    return wc;
  }

  private async queueContext(ex: Parameters<WatercoolerRepository['queueRows']>[0], wc: Watercooler, paid: boolean): Promise<QueueContext> {
    const rows = await this.repo.queueRows(ex, wc, { paid });
    const byPack = new Map<number, Prompt[]>();
    for (const p of rows.packPrompts) byPack.set(p.pack_id!, [...(byPack.get(p.pack_id!) ?? []), p]);
    const input: QueueInput = {
      own: rows.own.map((p) => ({ id: p.id, packId: null })),
      packs: rows.packs.map((pack) => ({ id: pack.id, prompts: (byPack.get(pack.id) ?? []).map((p) => ({ id: p.id, packId: pack.id })) })),
      skipped: rows.adjustments.filter((a) => a.kind === 'skip').map((a) => a.prompt_id),
      pinned: rows.adjustments.filter((a) => a.kind === 'pin').map((a) => a.prompt_id),
      manualOrder: wc.queue_order,
      sentThisCycle: rows.sentThisCycle,
    };
    return { rows, input, state: buildQueue(input) };
  }

  /** GET /watercooler/{id}: everything the page shows. */
  async pageJson(workspace: Workspace, program: ChannelProgram): Promise<WatercoolerJson> {
    await this.ensureLibrary();
    await this.repo.backfillTs(workspace.id, program.channel_id);
    const fresh = await this.s.programs.get(workspace.id, program.id, 'Watercooler');
    const wc = await this.config(fresh);
    const access = await this.access(workspace.id);
    const paid = access.paidFeatureAccess;
    const now = this.s.clock.now();
    if (wc.roster_synced_at === null) await this.s.queue.enqueue(watercoolerRoster, { programId: wc.program_id }, { jobId: `watercooler-roster:${wc.program_id}:first` });
    const [programJson] = await this.s.programs.serialize(workspace, [fresh]);
    const ctx = await this.queueContext(this.db, wc, paid);
    const { rows, state } = ctx;
    const packsById = new Map(rows.packs.map((p) => [p.id, p]));
    const promptsById = new Map([...rows.own, ...rows.packPrompts].map((p) => [p.id, p]));
    const schedule = this.scheduleOf(wc, fresh.tz);
    const slots = fresh.is_active ? upcomingSlots(schedule, now, UPCOMING_SHOWN) : [];

    const item = (id: number, status: QueueStatus, position: number | null): QueueItemJson | null => {
      const p = promptsById.get(id);
      if (!p) return null;
      const pack = p.pack_id !== null ? packsById.get(p.pack_id) : undefined;
      return {
        id,
        text: p.text,
        pack_id: p.pack_id,
        pack_name: pack?.name ?? null,
        pack_emoji: pack?.emoji ?? null,
        is_custom: p.program_id !== null,
        status,
        position,
        next_at: position !== null && slots[position - 1] ? slots[position - 1]!.toISOString() : null,
      };
    };
    const pinnedSet = new Set(state.pinned);
    const items = [
      ...state.unsent.map((id, i) => item(id, pinnedSet.has(id) ? 'pinned' : 'queued', i + 1)),
      ...state.sent.map((id) => item(id, 'sent', null)),
      ...state.skipped.map((id) => item(id, 'skipped', null)),
    ].filter((x): x is QueueItemJson => x !== null);

    const subscribedJson = rows.packs.map((p) =>
      this.packJson(p, { subscribed: true, paid, canEdit: false, prompts: (rows.packPrompts.filter((x) => x.pack_id === p.id)) }),
    );
    const posts = await this.repo.posts(fresh.id, SENT_SHOWN);
    return {
      id: fresh.id,
      program: programJson!,
      is_active: fresh.is_active,
      hideInactivePrompts: wc.hide_inactive_prompts,
      schedule: {
        weekdays: wc.weekdays,
        hour: Math.floor(wc.minute_of_day / 60),
        minute: wc.minute_of_day % 60,
        tz: fresh.tz,
        description: describeSchedule(schedule),
        next_slots: slots.map((d) => d.toISOString()),
      },
      prompts: rows.own.map(promptJson),
      packs: subscribedJson,
      ordered_unsent_prompt_ids: state.unsent,
      topicsQueue: { packs: subscribedJson.map(({ prompts: _p, ...rest }) => rest), prompts: items, promptIds: items.map((i) => i.id) },
      adjustments: rows.adjustments.map((a) => ({ prompt_id: a.prompt_id, kind: a.kind })),
      cycle: wc.cycle,
      sent: posts.map((p) => this.sentJson(workspace, p)),
      plan: { plan: access.plan, paidFeatureAccess: access.paidFeatureAccess, trialAllowed: access.trialAllowed },
      can_customize: paid,
    };
  }

  private sentJson(workspace: Workspace, p: PostWithEngagement): SentJson {
    const ts = p.ts ?? p.outbox_ts;
    const state: SentJson['state'] =
      p.state === 'skipped' ? 'skipped' : p.outbox_state === 'sent' ? 'sent' : p.outbox_state === 'failed' ? 'failed' : 'sending';
    return {
      id: p.id,
      prompt_id: p.prompt_id,
      text: p.text ?? '',
      slot_at: p.slot_at.toISOString(),
      queued_at: p.queued_at ? p.queued_at.toISOString() : null,
      source: p.source,
      state,
      skip_reason: p.skip_reason,
      permalink: ts && state === 'sent' ? permalink(workspace.domain, p.channel_id, ts) : null,
      replies: p.replies,
      reactions: p.reactions,
      participants: p.participants,
    };
  }

  private packJson(p: Pack, o: { subscribed: boolean; paid: boolean; canEdit: boolean; prompts?: Prompt[]; count?: number }): PackJson {
    const isLibrary = p.library_key !== null;
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      emoji: p.emoji,
      is_library: isLibrary,
      is_free: p.is_free,
      locked: !o.paid && !p.is_free,
      subscribed: o.subscribed,
      can_edit: !isLibrary && o.canEdit,
      num_prompts: o.prompts ? o.prompts.length : (o.count ?? 0),
      ...(o.prompts ? { prompts: o.prompts.map(promptJson) } : {}),
    };
  }

  /** GET /watercooler/{id}/packs_library_as_json: the shipped packs and this workspace's own, with their prompts. */
  async packsLibrary(auth: AuthContext, program: ChannelProgram): Promise<PackJson[]> {
    await this.ensureLibrary();
    const access = await this.access(auth.workspace.id);
    const packs = await this.repo.visiblePacks(auth.workspace.id);
    const prompts = await this.repo.packPrompts(this.db, packs.map((p) => p.id));
    const subscribed = new Set(await this.repo.subscribedPackIds(this.db, program.id));
    const out: PackJson[] = [];
    for (const p of packs)
      out.push(
        this.packJson(p, {
          subscribed: subscribed.has(p.id),
          paid: access.paidFeatureAccess,
          canEdit: p.library_key === null && (await this.canEditPack(auth, p)),
          prompts: prompts.filter((x) => x.pack_id === p.id),
        }),
      );
    return out;
  }

  // ---- settings -----------------------------------------------------------------------------------

  /** PUT /watercooler/{id}/update_as_json: schedule, zone, on/off, display, and the queue's order, all or nothing. */
  async update(auth: AuthContext, program: ChannelProgram, input: UpdateInput): Promise<void> {
    const now = this.s.clock.now();
    const access = await this.access(auth.workspace.id);
    await this.repo.transaction(async (trx) => {
      const wc = await this.repo.lock(trx, program.id);
      if (!wc) throw new HttpError(404, 'Not found');
      const current = await this.repo.program(trx, program.id);
      if (!current) throw new HttpError(404, 'Not found');
      const weekdays = input.weekdays ? normalizeWeekdays(input.weekdays) : wc.weekdays;
      const minuteOfDay = (input.hour ?? Math.floor(wc.minute_of_day / 60)) * 60 + (input.minute ?? (input.hour !== undefined ? 0 : wc.minute_of_day % 60));
      const tz = input.tz ?? current.tz;
      const isActive = input.is_active ?? current.is_active;
      let queueOrder = wc.queue_order;
      if (input.ordered_unsent_prompt_ids) {
        const ctx = await this.queueContext(trx, wc, access.paidFeatureAccess);
        const { order, unknown } = reorderUnsent(ctx.state, input.ordered_unsent_prompt_ids);
        if (unknown.length)
          throw new HttpError(400, 'The queue changed while you were reordering it; reload and try again', { ordered_unsent_prompt_ids: `not in this queue: ${unknown.join(', ')}` });
        queueOrder = order;
      }
      const schedule = { weekdays, minuteOfDay, tz };
      await this.repo.update(trx, program.id, {
        weekdays,
        minute_of_day: minuteOfDay,
        hide_inactive_prompts: input.hideInactivePrompts ?? wc.hide_inactive_prompts,
        queue_order: queueOrder,
        // The next slot from now: a paused watercooler turned back on never posts a slot it missed.
        next_run_at: nextSlot(schedule, now),
        updated_at: now,
      });
      if (tz !== current.tz || isActive !== current.is_active)
        await this.repo.updateProgram(trx, program.id, { tz, is_active: isActive, updated_at: now });
    });
  }

  // ---- packs --------------------------------------------------------------------------------------

  async canEditPack(auth: AuthContext, pack: Pack): Promise<boolean> {
    if (pack.library_key !== null || pack.workspace_id !== auth.workspace.id) return false;
    if (auth.isAdmin || pack.creator_member_id === auth.member.id) return true;
    for (const programId of await this.repo.subscribers(this.db, pack.id)) {
      const program = await this.s.programs.get(auth.workspace.id, programId).catch(() => undefined);
      if (program && (await this.s.programs.canEdit(auth, program))) return true;
    }
    return false;
  }

  /** A custom pack this member may change: 404 for another workspace's, 403 for the library's or someone else's. */
  async editablePack(auth: AuthContext, packId: number): Promise<Pack> {
    await this.ensureLibrary();
    const pack = await this.repo.visiblePack(this.db, auth.workspace.id, packId);
    if (!pack) throw new HttpError(404, 'Not found');
    if (pack.library_key !== null) throw new HttpError(403, "Hearth's own packs can't be changed. Create a pack of your own, or add prompts to your Watercooler.");
    if (!(await this.canEditPack(auth, pack))) throw new HttpError(403, "Only this pack's creator, editors of a Watercooler using it and workspace admins can change it");
    return pack;
  }

  private async requireCustomization(workspaceId: number, what: string): Promise<void> {
    const access = await this.access(workspaceId);
    if (!access.paidFeatureAccess) throw paymentRequired('custom_prompts', `${what} are part of the Premium plan. The free plan posts the Default Dozen.`, access);
  }

  async packWithPrompts(auth: AuthContext, pack: Pack): Promise<PackJson> {
    const access = await this.access(auth.workspace.id);
    const prompts = await this.repo.packPrompts(this.db, [pack.id]);
    return this.packJson(pack, { subscribed: false, paid: access.paidFeatureAccess, canEdit: await this.canEditPack(auth, pack), prompts });
  }

  /** POST /watercooler_packs/create_as_json; subscribes the given watercooler to it in the same transaction. */
  async createPack(auth: AuthContext, input: { name: string; description: string; emoji: string; prompts: string[]; watercoolerId?: number }): Promise<Pack> {
    await this.requireCustomization(auth.workspace.id, 'Custom prompt packs');
    const program = input.watercoolerId !== undefined ? await requireAccess(auth, this.s.programs.policy('Watercooler'), input.watercoolerId, 'edit') : undefined;
    if (!program && !auth.isAdmin) throw new HttpError(403, 'Choose a Watercooler you can change to add the pack to', { watercooler_id: 'is required' });
    const now = this.s.clock.now();
    const texts = dedupeTexts(input.prompts);
    return this.repo.transaction(async (trx) => {
      if ((await this.repo.countCustomPacks(trx, auth.workspace.id)) >= MAX_CUSTOM_PACKS)
        throw new HttpError(400, `A workspace can have up to ${MAX_CUSTOM_PACKS} packs of its own`, { name: 'too many packs' });
      const existing = await this.repo.customPackNames(trx, auth.workspace.id);
      if (existing.some((name) => sameText(name, input.name))) throw new HttpError(400, 'You already have a pack with that name', { name: 'is already taken' });
      const pack = await this.repo.insertPack(trx, { workspaceId: auth.workspace.id, name: input.name, description: input.description, emoji: input.emoji, creatorMemberId: auth.member.id, now });
      await this.repo.insertPrompts(
        trx,
        texts.map((text, i) => ({ workspaceId: auth.workspace.id, packId: pack.id, programId: null, text, position: i, sourcePackId: null, creatorMemberId: auth.member.id })),
        now,
      );
      if (program) await this.repo.subscribe(trx, program.id, pack.id, now);
      return pack;
    });
  }

  async updatePack(auth: AuthContext, packId: number, input: { name?: string; description?: string; emoji?: string }): Promise<Pack> {
    const pack = await this.editablePack(auth, packId);
    await this.requireCustomization(auth.workspace.id, 'Custom prompt packs');
    const now = this.s.clock.now();
    await this.repo.transaction(async (trx) => {
      if (input.name !== undefined) {
        const others = await this.repo.customPackNames(trx, auth.workspace.id, pack.id);
        if (others.some((name) => sameText(name, input.name!))) throw new HttpError(400, 'You already have a pack with that name', { name: 'is already taken' });
      }
      await this.repo.updatePack(trx, pack.id, { ...input, updated_at: now });
    });
    return (await this.repo.visiblePack(this.db, auth.workspace.id, pack.id))!;
  }

  async addPackPrompts(auth: AuthContext, packId: number, texts: string[]): Promise<Prompt[]> {
    const pack = await this.editablePack(auth, packId);
    await this.requireCustomization(auth.workspace.id, 'Custom prompts');
    const now = this.s.clock.now();
    return this.repo.transaction(async (trx) => {
      await this.repo.lockPack(trx, auth.workspace.id, pack.id);
      const existing = await this.repo.packPrompts(trx, [pack.id]);
      const fresh = dedupeTexts(texts);
      const dup = fresh.find((t) => existing.some((e) => sameText(e.text, t)));
      if (dup) throw new HttpError(400, 'That prompt is already in this pack', { text: 'is already in this pack' });
      if (existing.length + fresh.length > MAX_PACK_PROMPTS) throw new HttpError(400, `A pack holds up to ${MAX_PACK_PROMPTS} prompts`, { text: 'too many prompts' });
      const start = await this.repo.nextPosition(trx, { packId: pack.id });
      return this.repo.insertPrompts(
        trx,
        fresh.map((text, i) => ({ workspaceId: auth.workspace.id, packId: pack.id, programId: null, text, position: start + i, sourcePackId: null, creatorMemberId: auth.member.id })),
        now,
      );
    });
  }

  async deletePackPrompt(auth: AuthContext, packId: number, promptId: number): Promise<void> {
    const pack = await this.editablePack(auth, packId);
    await this.repo.transaction(async (trx) => {
      await this.repo.lockPack(trx, auth.workspace.id, pack.id);
      const prompt = await this.repo.prompt(trx, promptId);
      if (!prompt || prompt.pack_id !== pack.id) throw new HttpError(404, 'Not found');
      await this.repo.deletePrompt(trx, prompt.id);
      const rest = await this.repo.packPrompts(trx, [pack.id]);
      await this.repo.setPositions(trx, rest.map((p) => p.id), this.s.clock.now());
    });
  }

  async reorderPackPrompt(auth: AuthContext, packId: number, promptId: number, direction: 'up' | 'down'): Promise<void> {
    const pack = await this.editablePack(auth, packId);
    await this.repo.transaction(async (trx) => {
      await this.repo.lockPack(trx, auth.workspace.id, pack.id);
      const prompts = await this.repo.packPrompts(trx, [pack.id]);
      if (!prompts.some((p) => p.id === promptId)) throw new HttpError(404, 'Not found');
      await this.repo.setPositions(trx, moveStep(prompts.map((p) => p.id), promptId, direction), this.s.clock.now());
    });
  }

  async subscribe(program: ChannelProgram, packId: number): Promise<void> {
    await this.ensureLibrary();
    const pack = await this.repo.visiblePack(this.db, program.workspace_id, packId);
    if (!pack) throw new HttpError(404, 'No such pack', { pack_id: 'not found' });
    const access = await this.access(program.workspace_id);
    if (!access.paidFeatureAccess && !pack.is_free)
      throw paymentRequired(pack.library_key ? 'premium' : 'custom_prompts', `The ${pack.name} pack is part of the Premium plan. The free plan posts the Default Dozen.`, access);
    await this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, program.id);
      await this.repo.subscribe(trx, program.id, pack.id, this.s.clock.now());
    });
  }

  async unsubscribe(program: ChannelProgram, packId: number): Promise<void> {
    await this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, program.id);
      await this.repo.unsubscribe(trx, program.id, packId);
    });
  }

  // ---- the watercooler's own prompts --------------------------------------------------------------

  async createPrompts(auth: AuthContext, program: ChannelProgram, texts: string[], sourcePackId: number | null): Promise<Prompt[]> {
    await this.requireCustomization(auth.workspace.id, 'Custom prompts');
    if (sourcePackId !== null && !(await this.repo.visiblePack(this.db, auth.workspace.id, sourcePackId)))
      throw new HttpError(400, 'No such pack', { pack_id: 'not found' });
    const now = this.s.clock.now();
    return this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, program.id);
      const existing = await this.repo.ownPrompts(trx, program.id);
      const fresh = dedupeTexts(texts).filter((t) => !existing.some((e) => sameText(e.text, t)));
      if (!fresh.length) throw new HttpError(400, 'That prompt is already in this Watercooler', { text: 'is already here' });
      if (existing.length + fresh.length > MAX_OWN_PROMPTS) throw new HttpError(400, `A Watercooler holds up to ${MAX_OWN_PROMPTS} prompts of its own`, { text: 'too many prompts' });
      const start = await this.repo.nextPosition(trx, { programId: program.id });
      return this.repo.insertPrompts(
        trx,
        fresh.map((text, i) => ({ workspaceId: auth.workspace.id, packId: null, programId: program.id, text, position: start + i, sourcePackId, creatorMemberId: auth.member.id })),
        now,
      );
    });
  }

  /** The watercooler that owns a prompt of its own, if this member may change it. */
  async editablePrompt(auth: AuthContext, promptId: number, watercoolerId?: number): Promise<{ prompt: Prompt; program: ChannelProgram }> {
    const prompt = await this.repo.prompt(this.db, promptId);
    if (!prompt || prompt.program_id === null || prompt.workspace_id !== auth.workspace.id) throw new HttpError(404, 'Not found');
    if (watercoolerId !== undefined && watercoolerId !== prompt.program_id) throw new HttpError(404, 'Not found');
    const program = await requireAccess(auth, this.s.programs.policy('Watercooler'), prompt.program_id, 'edit');
    return { prompt, program };
  }

  async updatePrompt(auth: AuthContext, promptId: number, text: string, watercoolerId?: number): Promise<{ prompt: Prompt; program: ChannelProgram }> {
    const { prompt, program } = await this.editablePrompt(auth, promptId, watercoolerId);
    await this.requireCustomization(auth.workspace.id, 'Custom prompts');
    await this.repo.transaction(async (trx) => {
      const others = (await this.repo.ownPrompts(trx, program.id)).filter((p) => p.id !== prompt.id);
      if (others.some((o) => sameText(o.text, text))) throw new HttpError(400, 'That prompt is already in this Watercooler', { text: 'is already here' });
      await this.repo.updatePromptText(trx, prompt.id, text, this.s.clock.now());
    });
    return { prompt: (await this.repo.prompt(this.db, prompt.id))!, program };
  }

  async deletePrompt(auth: AuthContext, promptId: number, watercoolerId?: number): Promise<ChannelProgram> {
    const { prompt, program } = await this.editablePrompt(auth, promptId, watercoolerId);
    await this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, program.id);
      await this.repo.deletePrompt(trx, prompt.id);
    });
    return program;
  }

  // ---- adjustments --------------------------------------------------------------------------------

  /** Skip or pin one of the prompts this watercooler draws from (a pinned prompt goes out next). */
  async adjust(program: ChannelProgram, promptId: number, kind: AdjustmentKind): Promise<void> {
    const access = await this.access(program.workspace_id);
    await this.repo.transaction(async (trx) => {
      const wc = await this.repo.lock(trx, program.id);
      if (!wc) throw new HttpError(404, 'Not found');
      const ctx = await this.queueContext(trx, wc, access.paidFeatureAccess);
      const known = new Set([...ctx.state.order, ...ctx.state.skipped]);
      if (!known.has(promptId)) throw new HttpError(400, "That prompt isn't in this Watercooler's packs or prompts", { prompt_id: 'not in this queue' });
      if (kind === 'skip' && ctx.state.order.length <= 1 && !ctx.state.skipped.includes(promptId))
        throw new HttpError(400, "That's the last prompt left in the queue; add a pack or a prompt before skipping it", { prompt_id: 'is the last prompt' });
      await this.repo.setAdjustment(trx, program.id, promptId, kind, this.s.clock.now());
    });
  }

  async clearAdjustment(program: ChannelProgram, promptId: number, kind?: AdjustmentKind): Promise<void> {
    await this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, program.id);
      if (!(await this.repo.clearAdjustment(trx, program.id, promptId, kind))) throw new HttpError(404, 'That prompt is neither skipped nor pinned', { prompt_id: 'has no adjustment' });
    });
  }

  // ---- suggestions --------------------------------------------------------------------------------

  private async librarySources(): Promise<SuggestionSource[]> {
    await this.ensureLibrary();
    const rows = await this.repo.libraryPromptRows();
    return rows.map((r) => ({ promptId: r.id, text: r.text, packId: r.pack_id, packName: r.name, packTopic: `${r.name} ${r.description}` }));
  }

  /** Library prompts this watercooler does not use yet, closest to what it already asks first. */
  async suggestForWatercooler(program: ChannelProgram, limit: number) {
    const wc = await this.config(program);
    const ctx = await this.queueContext(this.db, wc, true);
    const used = [...ctx.rows.own, ...ctx.rows.packPrompts];
    const topic = [...ctx.rows.packs.map((p) => `${p.name} ${p.description}`), ...ctx.rows.own.map((p) => p.text)].join(' ');
    const picked = suggestPrompts({ topic, existing: used.map((u) => u.text), library: await this.librarySources(), limit });
    return picked.map(suggestionJson);
  }

  async suggestForPack(auth: AuthContext, packId: number, limit: number) {
    const pack = await this.repo.visiblePack(this.db, auth.workspace.id, packId);
    if (!pack) throw new HttpError(404, 'Not found');
    const prompts = await this.repo.packPrompts(this.db, [pack.id]);
    const topic = [pack.name, pack.description, ...prompts.map((p) => p.text)].join(' ');
    const library = (await this.librarySources()).filter((s) => s.packId !== pack.id);
    return suggestPrompts({ topic, existing: prompts.map((p) => p.text), library, limit }).map(suggestionJson);
  }

  // ---- posting ------------------------------------------------------------------------------------

  /** The tick's share: claim due slots (and stale claims), enqueue their compose jobs. */
  async collect(now: Date): Promise<number> {
    await this.ensureLibrary();
    const claimed = await this.repo.claimDue(now, CLAIM_BATCH, (d, after) => nextSlot(this.scheduleOf(d, d.tz), after));
    for (const id of claimed) await this.s.queue.enqueue(watercoolerPost, { postId: id }, { jobId: `watercooler-post:${id}` });
    const stale = await this.repo.staleClaims(new Date(now.getTime() - STALE_CLAIM_MS));
    for (const id of stale) await this.s.queue.enqueue(watercoolerPost, { postId: id }, { jobId: `watercooler-post:${id}:retry:${now.getTime()}` });
    const rosters = await this.repo.claimRosters(now, new Date(now.getTime() - ROSTER_EVERY_MS));
    for (const programId of rosters) await this.s.queue.enqueue(watercoolerRoster, { programId }, { jobId: `watercooler-roster:${programId}:${now.getTime()}` });
    return claimed.length + stale.length + rosters.length;
  }

  async nextDue(): Promise<Date | null> {
    const dates = [await this.repo.nextDue(STALE_CLAIM_MS), await this.repo.nextRosterDue(ROSTER_EVERY_MS)].filter((d): d is Date => d !== null);
    return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null;
  }

  /** The roster job: the channel's members as Slack lists them (conversations.members, paginated). */
  async syncRoster(programId: number): Promise<void> {
    const program = await this.repo.program(this.db, programId);
    const ws = program && (await this.s.workspaces.byId(program.workspace_id));
    if (!program || !ws || ws.paused_at) return;
    const client = await this.s.clients.forWorkspace(ws.id);
    await this.s.channels.syncRoster(ws, program.channel_id, client);
  }

  /** "Send now": a slot at this instant, composed by the same job as scheduled slots. */
  async sendNow(program: ChannelProgram): Promise<number | undefined> {
    await this.ensureLibrary();
    const id = await this.repo.insertSendNow(program.id, program.workspace_id, program.channel_id, this.s.clock.now());
    if (id !== undefined) await this.s.queue.enqueue(watercoolerPost, { postId: id }, { jobId: `watercooler-post:${id}` });
    return id;
  }

  /** Whether "send now" would post anything (the page says why not instead). */
  async assertSendable(program: ChannelProgram): Promise<void> {
    if (!program.is_active) throw new HttpError(400, 'Turn this Watercooler on to send a prompt');
    const wc = await this.config(program);
    const access = await this.access(program.workspace_id);
    const ctx = await this.queueContext(this.db, wc, access.paidFeatureAccess);
    if (!ctx.state.order.length) throw new HttpError(400, 'Add a pack or a prompt first: the queue is empty');
  }

  /**
   * The compose job: picks the slot's prompt and writes its message to the outbox, once. The post row is locked
   * and must still be 'claimed'; the watercooler row is locked so two slots never pick the same prompt.
   */
  async compose(postId: number): Promise<'queued' | 'skipped' | 'done'> {
    await this.ensureLibrary();
    const now = this.s.clock.now();
    const peek = await this.repo.post(this.db, postId);
    if (!peek || peek.state !== 'claimed') return 'done';
    const access = await this.access(peek.workspace_id);
    const outcome = await this.repo.transaction(async (trx): Promise<{ result: 'queued' | 'skipped' | 'done'; outboxId?: number; programId?: number; source?: string }> => {
      const post = await this.repo.lockPost(trx, postId);
      if (!post || post.state !== 'claimed') return { result: 'done' };
      const program = await this.repo.program(trx, post.program_id);
      const wc = await this.repo.lock(trx, post.program_id);
      const skip = async (reason: string) => {
        await this.repo.markSkipped(trx, post.id, reason);
        return { result: 'skipped' as const, programId: post.program_id, source: post.source };
      };
      if (!program || !wc) return skip('deleted');
      if (post.source === 'schedule') {
        // Re-checked at send time: paused, rescheduled or far too late means this slot does not post.
        if (!program.is_active) return skip('paused');
        if (!isSlotOf(this.scheduleOf(wc, program.tz), post.slot_at)) return skip('rescheduled');
        if (now.getTime() - post.slot_at.getTime() > MAX_LATENESS_MS) return skip('missed');
      }
      const ctx = await this.queueContext(trx, wc, access.paidFeatureAccess);
      const pick = nextPrompt(ctx.input);
      if (!pick) return skip('empty');
      const prompt = [...ctx.rows.own, ...ctx.rows.packPrompts].find((p) => p.id === pick.promptId)!;
      const cycle = pick.recycled ? wc.cycle + 1 : wc.cycle;
      if (pick.recycled) await this.repo.update(trx, wc.program_id, { cycle, updated_at: now });
      // A pin means "post this next": used up once posted.
      await this.repo.clearAdjustment(trx, wc.program_id, prompt.id, 'pin');
      const message = promptMessage(prompt.text);
      const [outboxId] = await this.s.outbox.add(trx as unknown as Trx, [
        {
          workspaceId: post.workspace_id,
          key: outboxKey(post.program_id, post.slot_at),
          kind: 'watercooler',
          method: 'chat.postMessage',
          args: { channel: program.channel_id, text: message.text, blocks: message.blocks, unfurl_links: false, unfurl_media: false },
        },
      ]);
      await this.repo.markQueued(trx, post.id, { promptId: prompt.id, text: prompt.text, cycle, outboxId: outboxId!, now });
      return { result: 'queued', outboxId, programId: post.program_id, source: post.source };
    });
    if (outcome.outboxId !== undefined) await this.s.outbox.kick([outcome.outboxId]);
    if (outcome.source === 'send_now' && outcome.programId !== undefined) await this.s.programs.markSendNowComplete(outcome.programId);
    return outcome.result;
  }

  // ---- engagement, from events ---------------------------------------------------------------------

  private async workspaceOf(teamId: string | undefined): Promise<Workspace | undefined> {
    return teamId ? this.s.workspaces.byTeamId(teamId) : undefined;
  }

  private async isHuman(workspaceId: number, userId: string): Promise<boolean> {
    const m: Member | undefined = await this.s.people.bySlackId(workspaceId, userId);
    return m ? isReachableHuman(m) : true;
  }

  /** A reply in a posted prompt's thread (message.channels with thread_ts), counted once per message. */
  async onThreadReply(teamId: string | undefined, e: { channel: string; ts: string; threadTs: string; user: string }): Promise<boolean> {
    const ws = await this.workspaceOf(teamId);
    if (!ws || !(await this.repo.channelHasPosts(ws.id, e.channel))) return false;
    const postId = await this.repo.postByTs(ws.id, e.channel, e.threadTs);
    if (postId === undefined || !(await this.isHuman(ws.id, e.user))) return false;
    await this.repo.addReply(postId, e.ts, e.user, this.s.clock.now());
    return true;
  }

  async onReplyDeleted(teamId: string | undefined, e: { channel: string; ts: string; threadTs: string }): Promise<void> {
    const ws = await this.workspaceOf(teamId);
    if (!ws || !(await this.repo.channelHasPosts(ws.id, e.channel))) return;
    const postId = await this.repo.postByTs(ws.id, e.channel, e.threadTs);
    if (postId !== undefined) await this.repo.removeReply(postId, e.ts);
  }

  async onReaction(teamId: string | undefined, e: { channel: string; ts: string; user: string; name: string; added: boolean }): Promise<boolean> {
    const ws = await this.workspaceOf(teamId);
    if (!ws || !(await this.repo.channelHasPosts(ws.id, e.channel))) return false;
    const postId = await this.repo.postByTs(ws.id, e.channel, e.ts);
    if (postId === undefined) return false;
    if (e.added) {
      if (!(await this.isHuman(ws.id, e.user))) return false;
      await this.repo.addReaction(postId, e.user, e.name, this.s.clock.now());
    } else await this.repo.removeReaction(postId, e.user, e.name);
    return true;
  }

  // ---- home tab -----------------------------------------------------------------------------------

  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    const programs = await this.repo.memberWatercoolers(workspace.id, member.slack_user_id);
    if (!programs.length) return [];
    await this.repo.backfillTs(workspace.id);
    const wcs = new Map((await this.repo.byPrograms(programs.map((p) => p.id))).map((w) => [w.program_id, w]));
    const latest = await this.repo.latestPosts(programs.map((p) => p.id));
    const items: HomeWatercooler[] = programs.flatMap((p) => {
      const wc = wcs.get(p.id);
      if (!wc) return [];
      const l = latest.get(p.id);
      return [
        {
          channelId: p.channel_id,
          channelName: p.name ?? p.channel_id,
          schedule: `${describeSchedule(this.scheduleOf(wc, p.tz))} (${p.tz})`,
          latest: l && l.ts ? { text: l.text, url: permalink(workspace.domain, l.channel_id, l.ts), replies: l.replies } : null,
        },
      ];
    });
    return homeSection(items);
  }
}

function suggestionJson(s: SuggestionSource) {
  return { text: s.text, prompt_id: s.promptId, pack_id: s.packId, pack_name: s.packName };
}
