import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy, type AccessPolicy } from '../platform/access.js';
import type { ChannelProgramService } from '../programs/service.js';
import type { Clock } from '../time/clock.js';
import type { PacksRepository } from './packs.repository.js';
import type { WatercoolerPlan } from './plan.js';
import { moveStep } from './queue.js';
import type { WatercoolerRepository } from './repository.js';
import { createPackBody, packIdBody, packPromptBody, packWatercoolerRef, reorderBody, updatePackBody } from './schema.js';
import type { ShippedLibrary } from './shipped-library.js';
import { dedupeTexts, sameText } from './suggest.js';
import type { Pack, Prompt } from './tables.js';

export const MAX_PACK_PROMPTS = 500;
export const MAX_CUSTOM_PACKS = 50;

/** A pack that no watercooler takes yet is the workspace's as a whole: only its admins create one. */
const unattachedPacks = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Choose a Watercooler you can change to add the pack to' });

const LIBRARY_READ_ONLY = "Hearth's own packs can't be changed. Create a pack of your own, or add prompts to your Watercooler.";

/** Prompt packs: the workspace's own (create, edit, their prompts) and which packs a watercooler draws from. */
export class WatercoolerPacks {
  constructor(
    private readonly clock: Clock,
    private readonly programs: ChannelProgramService,
    private readonly plan: WatercoolerPlan,
    private readonly library: ShippedLibrary,
    private readonly repo: WatercoolerRepository,
    private readonly packs: PacksRepository,
  ) {}

  /** Packs by id for `requireAccess`: the library's and this workspace's own; only custom packs can be changed. */
  readonly policy: AccessPolicy<Pack> = {
    load: async (workspaceId, id) => {
      await this.library.ensure();
      return this.packs.visiblePack(workspaceId, id);
    },
    canEdit: (auth, pack) => {
      // The library is nobody's to change; its refusal says what to do instead.
      if (pack.library_key !== null) throw new HttpError(403, LIBRARY_READ_ONLY);
      return this.canEdit(auth, pack);
    },
    forbidden: "Only this pack's creator, editors of a Watercooler using it and workspace admins can change it",
  };

  /** A custom pack's creator, workspace admins and editors of a watercooler using it may change it. */
  async canEdit(auth: AuthContext, pack: Pack): Promise<boolean> {
    if (pack.library_key !== null || pack.workspace_id !== auth.workspace.id) return false;
    if (auth.isAdmin || pack.creator_member_id === auth.member.id) return true;
    for (const programId of await this.packs.subscribers(auth.workspace.id, pack.id)) {
      const program = await this.programs.policy().load(auth.workspace.id, programId);
      if (program && (await this.programs.canEdit(auth, program))) return true;
    }
    return false;
  }

  /**
   * POST /watercooler_packs/create_as_json: a custom pack with its prompts, for a watercooler this member may change
   * (subscribed in the same transaction) or, for admins, on its own. Who may is asked before the pack is read.
   */
  async create(auth: AuthContext, body: unknown): Promise<{ pack: Pack; program: ChannelProgram | undefined }> {
    const watercoolerId = parse(packWatercoolerRef, body).watercooler_id;
    const program = watercoolerId !== undefined ? await requireAccess(auth, this.programs.policy('Watercooler'), watercoolerId, 'edit') : undefined;
    if (!program) await requireAccess(auth, unattachedPacks, auth.workspace.id, 'edit');
    const workspaceId = auth.workspace.id;
    await this.plan.requireCustomization(workspaceId, 'Custom prompt packs');
    const { name, description, emoji, prompts } = parse(createPackBody, body).watercooler_pack;
    const now = this.clock.now();
    return this.repo.inTransaction(async (trx) => {
      if ((await this.packs.countCustomPacks(trx, workspaceId)) >= MAX_CUSTOM_PACKS)
        throw new HttpError(400, `A workspace can have up to ${MAX_CUSTOM_PACKS} packs of its own`, { name: 'too many packs' });
      const existing = await this.packs.customPackNames(trx, workspaceId);
      if (existing.some((other) => sameText(other, name))) throw new HttpError(400, 'You already have a pack with that name', { name: 'is already taken' });
      const pack = await this.packs.insertPack(trx, { workspaceId, name, description, emoji, creatorMemberId: auth.member.id, now });
      const rows = dedupeTexts(prompts).map((text, i) => ({ packId: pack.id, programId: null, text, position: i, sourcePackId: null, creatorMemberId: auth.member.id }));
      await this.packs.insertPrompts(trx, workspaceId, rows, now);
      if (program) await this.packs.subscribe(trx, workspaceId, program.id, pack.id, now);
      return { pack, program };
    });
  }

  /** PUT /watercooler_packs/{id}/update_as_json: renames or redescribes a pack this member may change (see `policy`); returns it as stored. */
  async update(auth: AuthContext, id: number, body: unknown): Promise<Pack> {
    const pack = await requireAccess(auth, this.policy, id, 'edit');
    const input = parse(updatePackBody, body).watercooler_pack;
    const workspaceId = auth.workspace.id;
    await this.plan.requireCustomization(workspaceId, 'Custom prompt packs');
    await this.repo.inTransaction(async (trx) => {
      if (input.name !== undefined) {
        const others = await this.packs.customPackNames(trx, workspaceId, pack.id);
        if (others.some((name) => sameText(name, input.name!))) throw new HttpError(400, 'You already have a pack with that name', { name: 'is already taken' });
      }
      await this.packs.updatePack(trx, workspaceId, pack.id, { ...input, updated_at: this.clock.now() });
    });
    return (await this.packs.visiblePack(workspaceId, pack.id))!;
  }

  /** POST /watercooler_packs/{id}/prompts: one more prompt in a pack this member may change. */
  async addPrompt(auth: AuthContext, id: number, body: unknown): Promise<{ prompt: Prompt; pack: Pack }> {
    const pack = await requireAccess(auth, this.policy, id, 'edit');
    const { text } = parse(packPromptBody, body);
    const workspaceId = auth.workspace.id;
    await this.plan.requireCustomization(workspaceId, 'Custom prompts');
    const now = this.clock.now();
    return this.repo.inTransaction(async (trx) => {
      await this.packs.lockPack(trx, workspaceId, pack.id);
      const existing = await this.packs.packPrompts(workspaceId, [pack.id], trx);
      const fresh = dedupeTexts([text]);
      if (fresh.some((t) => existing.some((e) => sameText(e.text, t)))) throw new HttpError(400, 'That prompt is already in this pack', { text: 'is already in this pack' });
      if (existing.length + fresh.length > MAX_PACK_PROMPTS) throw new HttpError(400, `A pack holds up to ${MAX_PACK_PROMPTS} prompts`, { text: 'too many prompts' });
      const start = await this.packs.nextPosition(trx, workspaceId, { packId: pack.id });
      const rows = fresh.map((t, i) => ({ packId: pack.id, programId: null, text: t, position: start + i, sourcePackId: null, creatorMemberId: auth.member.id }));
      const [prompt] = await this.packs.insertPrompts(trx, workspaceId, rows, now);
      return { prompt: prompt!, pack };
    });
  }

  /** DELETE /watercooler_packs/{id}/prompts/{promptId}: deletes one of the pack's prompts (404 for a prompt not in it) and closes the gap in its order. */
  async deletePrompt(auth: AuthContext, id: number, promptId: number): Promise<Pack> {
    const pack = await requireAccess(auth, this.policy, id, 'edit');
    const workspaceId = pack.workspace_id!;
    await this.repo.inTransaction(async (trx) => {
      await this.packs.lockPack(trx, workspaceId, pack.id);
      const prompts = await this.packs.packPrompts(workspaceId, [pack.id], trx);
      if (!prompts.some((p) => p.id === promptId)) throw new HttpError(404, 'Not found');
      await this.packs.deletePrompt(trx, workspaceId, promptId);
      await this.packs.setPositions(trx, workspaceId, prompts.filter((p) => p.id !== promptId).map((p) => p.id), this.clock.now());
    });
    return pack;
  }

  /** PUT /watercooler_packs/{id}/prompts/{promptId}/reorder: one step up or down. */
  async reorderPrompt(auth: AuthContext, id: number, promptId: number, body: unknown): Promise<Pack> {
    const pack = await requireAccess(auth, this.policy, id, 'edit');
    const { direction } = parse(reorderBody, body);
    const workspaceId = pack.workspace_id!;
    await this.repo.inTransaction(async (trx) => {
      await this.packs.lockPack(trx, workspaceId, pack.id);
      const prompts = await this.packs.packPrompts(workspaceId, [pack.id], trx);
      if (!prompts.some((p) => p.id === promptId)) throw new HttpError(404, 'Not found');
      await this.packs.setPositions(trx, workspaceId, moveStep(prompts.map((p) => p.id), promptId, direction), this.clock.now());
    });
    return pack;
  }

  /** POST /watercooler/{id}/watercooler_packs_watercoolers/create_as_json: adds a pack to the watercooler's queue (a premium pack needs the paid plan). */
  async subscribe(auth: AuthContext, id: number, body: unknown): Promise<void> {
    const program = await requireAccess(auth, this.programs.policy('Watercooler'), id, 'edit');
    const packId = parse(packIdBody, body).pack_id;
    await this.library.ensure();
    const pack = await this.packs.visiblePack(program.workspace_id, packId);
    if (!pack) throw new HttpError(404, 'No such pack', { pack_id: 'not found' });
    await this.plan.requirePack(program.workspace_id, pack);
    await this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, program.workspace_id, program.id);
      await this.packs.subscribe(trx, program.workspace_id, program.id, pack.id, this.clock.now());
    });
  }

  /** DELETE /watercooler/{id}/watercooler_packs_watercoolers/destroy_as_json: takes a pack out of its queue. */
  async unsubscribe(auth: AuthContext, id: number, input: unknown): Promise<void> {
    const program = await requireAccess(auth, this.programs.policy('Watercooler'), id, 'edit');
    const packId = parse(packIdBody, input).pack_id;
    await this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, program.workspace_id, program.id);
      await this.packs.unsubscribe(trx, program.workspace_id, program.id, packId);
    });
  }
}
