import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import type { ChannelProgramService } from '../programs/service.js';
import type { Clock } from '../time/clock.js';
import type { SuggestionJson } from './api-types.js';
import type { PacksRepository } from './packs.repository.js';
import type { WatercoolerPlan } from './plan.js';
import type { QueueReader } from './queue-reader.js';
import type { WatercoolerRepository } from './repository.js';
import { adjustmentBody, adjustmentDestroyBody, bulkCreatePromptsBody, createPromptBody, destroyPromptBody, suggestQuery, updatePromptBody, watercoolerRef } from './schema.js';
import type { ShippedLibrary } from './shipped-library.js';
import { dedupeTexts, sameText, suggestPrompts, type SuggestionSource } from './suggest.js';
import type { Pack, Prompt } from './tables.js';

export const MAX_OWN_PROMPTS = 500;

/** One of a watercooler's own prompts, with the program that owns it. */
export interface OwnPrompt {
  prompt: Prompt;
  program: ChannelProgram;
}

/** A body's `watercooler_id`, when given, must be the watercooler the prompt is in (else 404). */
function requireOwnWatercooler(program: ChannelProgram, watercoolerId: number | undefined): void {
  if (watercoolerId !== undefined && watercoolerId !== program.id) throw new HttpError(404, 'Not found');
}

const suggestionJson = (s: SuggestionSource): SuggestionJson => ({ text: s.text, prompt_id: s.promptId, pack_id: s.packId, pack_name: s.packName });

/** The queue a watercooler draws: its own prompts, skips and pins, and suggestions from the library. */
export class WatercoolerPrompts {
  /** A watercooler's own prompts by id for `requireAccess`: whoever may change the watercooler may change them. */
  readonly policy: AccessPolicy<OwnPrompt>;
  private readonly watercoolers: AccessPolicy<ChannelProgram>;

  constructor(
    private readonly clock: Clock,
    programs: ChannelProgramService,
    private readonly plan: WatercoolerPlan,
    private readonly library: ShippedLibrary,
    private readonly repo: WatercoolerRepository,
    private readonly packs: PacksRepository,
    private readonly queues: QueueReader,
    private readonly packPolicy: AccessPolicy<Pack>,
  ) {
    const watercoolers = programs.policy('Watercooler');
    this.watercoolers = watercoolers;
    this.policy = {
      load: async (workspaceId, id) => {
        const prompt = await packs.prompt(workspaceId, id);
        if (!prompt || prompt.program_id === null) return undefined;
        const program = await watercoolers.load(workspaceId, prompt.program_id);
        return program && { prompt, program };
      },
      canEdit: (auth, { program }) => watercoolers.canEdit(auth, program),
      forbidden: watercoolers.forbidden,
    };
  }

  /** POST /watercooler_prompts/create_as_json: one prompt of the watercooler's own (the watercooler is checked before the rest of the body is read). */
  async createOne(auth: AuthContext, body: unknown): Promise<{ prompt: Prompt; program: ChannelProgram }> {
    const program = await requireAccess(auth, this.watercoolers, parse(watercoolerRef, body).watercooler_id, 'edit');
    const input = parse(createPromptBody, body);
    const [prompt] = await this.add(auth, program, [input.watercooler_prompt], null);
    return { prompt: prompt!, program };
  }

  /** POST /watercooler_prompts/bulk_create_as_json: several, e.g. suggestions of a library pack (`pack_id`). */
  async createMany(auth: AuthContext, body: unknown): Promise<{ prompts: Prompt[]; program: ChannelProgram }> {
    const program = await requireAccess(auth, this.watercoolers, parse(watercoolerRef, body).watercooler_id, 'edit');
    const input = parse(bulkCreatePromptsBody, body);
    return { prompts: await this.add(auth, program, input.watercooler_prompts, input.pack_id ?? null), program };
  }

  /** Adds prompts of the watercooler's own (`sourcePackId`: the library pack a suggestion came from). */
  private async add(auth: AuthContext, program: ChannelProgram, texts: string[], sourcePackId: number | null): Promise<Prompt[]> {
    const workspaceId = auth.workspace.id;
    await this.plan.requireCustomization(workspaceId, 'Custom prompts');
    if (sourcePackId !== null && !(await this.packs.visiblePack(workspaceId, sourcePackId))) throw new HttpError(400, 'No such pack', { pack_id: 'not found' });
    const now = this.clock.now();
    return this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, workspaceId, program.id);
      const existing = await this.packs.ownPrompts(trx, workspaceId, program.id);
      const fresh = dedupeTexts(texts).filter((t) => !existing.some((e) => sameText(e.text, t)));
      if (!fresh.length) throw new HttpError(400, 'That prompt is already in this Watercooler', { text: 'is already here' });
      if (existing.length + fresh.length > MAX_OWN_PROMPTS) throw new HttpError(400, `A Watercooler holds up to ${MAX_OWN_PROMPTS} prompts of its own`, { text: 'too many prompts' });
      const start = await this.packs.nextPosition(trx, workspaceId, { programId: program.id });
      const rows = fresh.map((text, i) => ({ packId: null, programId: program.id, text, position: start + i, sourcePackId, creatorMemberId: auth.member.id }));
      return this.packs.insertPrompts(trx, workspaceId, rows, now);
    });
  }

  /** PUT /watercooler_prompts/{id}/update_as_json: rewords one of its own prompts; returns it as stored. */
  async update(auth: AuthContext, id: number, body: unknown): Promise<{ prompt: Prompt; program: ChannelProgram }> {
    const { prompt, program } = await requireAccess(auth, this.policy, id, 'edit');
    const input = parse(updatePromptBody, body);
    requireOwnWatercooler(program, input.watercooler_id);
    const workspaceId = auth.workspace.id;
    const text = input.watercooler_prompt;
    await this.plan.requireCustomization(workspaceId, 'Custom prompts');
    await this.repo.inTransaction(async (trx) => {
      const others = (await this.packs.ownPrompts(trx, workspaceId, program.id)).filter((p) => p.id !== prompt.id);
      if (others.some((o) => sameText(o.text, text))) throw new HttpError(400, 'That prompt is already in this Watercooler', { text: 'is already here' });
      await this.packs.updatePromptText(trx, workspaceId, prompt.id, text, this.clock.now());
    });
    return { prompt: (await this.packs.prompt(workspaceId, prompt.id))!, program };
  }

  /** DELETE /watercooler_prompts/{id}/destroy_as_json; returns the watercooler it was in. */
  async delete(auth: AuthContext, id: number, input: unknown): Promise<ChannelProgram> {
    const { prompt, program } = await requireAccess(auth, this.policy, id, 'edit');
    const { watercooler_id: watercoolerId } = parse(destroyPromptBody, input);
    requireOwnWatercooler(program, watercoolerId);
    await this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, program.workspace_id, program.id);
      await this.packs.deletePrompt(trx, program.workspace_id, prompt.id);
    });
    return program;
  }

  // ---- adjustments --------------------------------------------------------------------------------

  /** POST /watercooler/{id}/prompt_adjustments/create_as_json: skip or pin one of the prompts it draws from (a pinned prompt goes out next). */
  async adjust(auth: AuthContext, id: number, body: unknown): Promise<void> {
    const program = await requireAccess(auth, this.watercoolers, id, 'edit');
    const { prompt_id: promptId, kind } = parse(adjustmentBody, body);
    const workspaceId = program.workspace_id;
    const paid = (await this.plan.plan(workspaceId)).paidFeatureAccess;
    await this.repo.inTransaction(async (trx) => {
      const wc = await this.repo.lock(trx, workspaceId, program.id);
      if (!wc) throw new HttpError(404, 'Not found');
      const { state } = await this.queues.load(wc, paid, trx);
      const known = new Set([...state.order, ...state.skipped]);
      if (!known.has(promptId)) throw new HttpError(400, "That prompt isn't in this Watercooler's packs or prompts", { prompt_id: 'not in this queue' });
      if (kind === 'skip' && state.order.length <= 1 && !state.skipped.includes(promptId))
        throw new HttpError(400, "That's the last prompt left in the queue; add a pack or a prompt before skipping it", { prompt_id: 'is the last prompt' });
      await this.packs.setAdjustment(trx, workspaceId, program.id, promptId, kind, this.clock.now());
    });
  }

  /** DELETE /watercooler/{id}/prompt_adjustments/destroy_as_json: un-skips or un-pins a prompt. */
  async clearAdjustment(auth: AuthContext, id: number, input: unknown): Promise<void> {
    const program = await requireAccess(auth, this.watercoolers, id, 'edit');
    const { prompt_id: promptId, kind } = parse(adjustmentDestroyBody, input);
    await this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, program.workspace_id, program.id);
      if (!(await this.packs.clearAdjustment(trx, program.workspace_id, program.id, promptId, kind)))
        throw new HttpError(404, 'That prompt is neither skipped nor pinned', { prompt_id: 'has no adjustment' });
    });
  }

  // ---- suggestions --------------------------------------------------------------------------------

  private async librarySources(): Promise<SuggestionSource[]> {
    await this.library.ensure();
    const rows = await this.packs.libraryPromptRows();
    return rows.map((r) => ({ promptId: r.id, text: r.text, packId: r.pack_id, packName: r.name, packTopic: `${r.name} ${r.description}` }));
  }

  /** Library prompts this watercooler does not use yet, closest to what it already asks first. */
  async suggestForWatercooler(auth: AuthContext, id: number, q: unknown): Promise<SuggestionJson[]> {
    const program = await requireAccess(auth, this.watercoolers, id, 'edit');
    const { limit } = parse(suggestQuery, q);
    const wc = await this.queues.config(program);
    const { rows } = await this.queues.load(wc, true);
    const used = [...rows.own, ...rows.packPrompts];
    const topic = [...rows.packs.map((p) => `${p.name} ${p.description}`), ...rows.own.map((p) => p.text)].join(' ');
    return suggestPrompts({ topic, existing: used.map((u) => u.text), library: await this.librarySources(), limit }).map(suggestionJson);
  }

  /** Library prompts for a pack (the library's or this workspace's), closest to its own first. */
  async suggestForPack(auth: AuthContext, id: number, q: unknown): Promise<SuggestionJson[]> {
    const pack = await requireAccess(auth, this.packPolicy, id, 'read');
    const { limit } = parse(suggestQuery, q);
    const workspaceId = auth.workspace.id;
    const prompts = await this.packs.packPrompts(workspaceId, [pack.id]);
    const topic = [pack.name, pack.description, ...prompts.map((p) => p.text)].join(' ');
    const library = (await this.librarySources()).filter((s) => s.packId !== pack.id);
    return suggestPrompts({ topic, existing: prompts.map((p) => p.text), library, limit }).map(suggestionJson);
  }
}
