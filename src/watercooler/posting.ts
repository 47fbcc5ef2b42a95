import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import type { ProgramJson } from '../programs/api-types.js';
import { event, type PendingEvent } from '../platform/events/define.js';
import type { PromptPreviewJson } from './api-types.js';
import { promptMessage } from './blocks.js';
import type { WatercoolerDeps } from './deps.js';
import { promptPosted } from './events.js';
import { watercoolerPost, watercoolerRoster } from './jobs.js';
import type { PacksRepository } from './packs.repository.js';
import type { WatercoolerPlan } from './plan.js';
import type { PostsRepository } from './posts.repository.js';
import { nextPrompt } from './queue.js';
import { newProgramPreviewBody, previewBody } from './schema.js';
import type { QueueReader } from './queue-reader.js';
import type { WatercoolerRepository } from './repository.js';
import { isSlotOf, MAX_LATENESS_MS, nextSlot, scheduleOf } from './schedule.js';
import { isRetired, LIBRARY, libraryPromptText } from './library.js';
import { templateSettings, WATERCOOLER_TEMPLATES } from './templates.js';
import type { ShippedLibrary } from './shipped-library.js';

/** A claimed slot whose compose job has not run for this long is enqueued again. */
export const STALE_CLAIM_MS = 2 * 60_000;
/** Channel rosters are read again daily (member_joined/left events keep them current in between). */
export const ROSTER_EVERY_MS = 24 * 3600_000;
const CLAIM_BATCH = 200;

export const outboxKey = (programId: number, slot: Date) => `watercooler:${programId}:${slot.toISOString()}`;

type PostingDeps = Pick<WatercoolerDeps, 'clock' | 'queue' | 'outbox' | 'workspaces' | 'clients' | 'channels' | 'programs' | 'events'>;

type ComposeResult = 'queued' | 'skipped' | 'done';

/** Posting: the tick's due slots and rosters, "send now", and composing a slot's prompt into the outbox. */
export class WatercoolerPosting {
  constructor(
    private readonly s: PostingDeps,
    private readonly plan: WatercoolerPlan,
    private readonly library: ShippedLibrary,
    private readonly repo: WatercoolerRepository,
    private readonly packs: PacksRepository,
    private readonly posts: PostsRepository,
    private readonly queues: QueueReader,
  ) {}

  /** The tick's share: claim due slots (and stale claims), enqueue their compose jobs, and the rosters due. */
  async collect(now: Date): Promise<number> {
    await this.library.ensure();
    const claimed = await this.posts.claimDue(now, CLAIM_BATCH, (d, after) => nextSlot(scheduleOf(d, d.tz), after));
    for (const c of claimed) await this.s.queue.enqueue(watercoolerPost, { workspaceId: c.workspaceId, postId: c.id }, { jobId: `watercooler-post:${c.id}` });
    const stale = await this.posts.staleClaims(new Date(now.getTime() - STALE_CLAIM_MS));
    for (const c of stale) await this.s.queue.enqueue(watercoolerPost, { workspaceId: c.workspaceId, postId: c.id }, { jobId: `watercooler-post:${c.id}:retry:${now.getTime()}` });
    const rosters = await this.posts.claimRosters(now, new Date(now.getTime() - ROSTER_EVERY_MS));
    for (const c of rosters) await this.s.queue.enqueue(watercoolerRoster, { workspaceId: c.workspaceId, programId: c.id }, { jobId: `watercooler-roster:${c.id}:${now.getTime()}` });
    return claimed.length + stale.length + rosters.length;
  }

  async nextDue(): Promise<Date | null> {
    const dates = [await this.posts.nextDue(STALE_CLAIM_MS), await this.posts.nextRosterDue(ROSTER_EVERY_MS)].filter((d): d is Date => d !== null);
    return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null;
  }

  /** Reads the roster in the background the first time the page is shown (the tick does it daily after that). */
  async firstRoster(program: ChannelProgram, rosterSyncedAt: Date | null): Promise<void> {
    if (rosterSyncedAt === null)
      await this.s.queue.enqueue(watercoolerRoster, { workspaceId: program.workspace_id, programId: program.id }, { jobId: `watercooler-roster:${program.id}:first` });
  }

  /** The roster job: the channel's members as Slack lists them (conversations.members, paginated). */
  async syncRoster(workspaceId: number, programId: number): Promise<void> {
    const program = await this.repo.program(workspaceId, programId);
    const ws = program && (await this.s.workspaces.byId(workspaceId));
    if (!program || !ws || ws.paused_at) return;
    const client = await this.s.clients.forWorkspace(ws.id);
    await this.s.channels.syncRoster(ws, program.channel_id, client);
  }

  /** "Send now": a slot at this instant, composed by the same job as scheduled slots. */
  async sendNow(program: ChannelProgram): Promise<number | undefined> {
    await this.library.ensure();
    const id = await this.posts.insertSendNow(program.workspace_id, program.id, program.channel_id, this.s.clock.now());
    if (id !== undefined) await this.s.queue.enqueue(watercoolerPost, { workspaceId: program.workspace_id, postId: id }, { jobId: `watercooler-post:${id}` });
    return id;
  }

  /** POST /watercooler/{id}/send_prompt_as_json: "send now", when it would post anything (the page says why not instead). */
  async requestSendNow(auth: AuthContext, id: number): Promise<ProgramJson> {
    const program = await requireAccess(auth, this.s.programs.policy('Watercooler'), id, 'edit');
    await this.assertSendable(program);
    await this.s.programs.requestSendNow(program);
    const [json] = await this.s.programs.serialize(auth.workspace, [await this.s.programs.get(auth.workspace.id, id)]);
    return json!;
  }

  private async assertSendable(program: ChannelProgram): Promise<void> {
    if (!program.is_active) throw new HttpError(400, 'Turn this Watercooler on to send a prompt');
    const wc = await this.queues.config(program);
    const { state } = await this.queues.load(wc, (await this.plan.plan(program.workspace_id)).paidFeatureAccess);
    if (!state.order.length) throw new HttpError(400, 'Add a pack or a prompt first: the queue is empty');
  }

  /**
   * The compose job: picks the slot's prompt and writes its message to the outbox, once. The post row is locked
   * and must still be 'claimed'; the watercooler row is locked so two slots never pick the same prompt. The
   * `watercooler.prompt_posted` event is appended in the same transaction.
   */
  /**
   * What an admin previews is what is posted: the queue's next prompt (or the given one of its queue) through the
   * same builder as compose. Another program's prompt is a 404.
   */
  async preview(auth: AuthContext, id: number, body: unknown): Promise<PromptPreviewJson> {
    const program = await requireAccess(auth, this.s.programs.policy('Watercooler'), id, 'edit');
    const promptId = parse(previewBody, body).prompt_id;
    await this.library.ensure();
    const wc = await this.queues.config(program);
    const { rows, input } = await this.queues.load(wc, (await this.plan.plan(program.workspace_id)).paidFeatureAccess);
    const shown = promptId ?? nextPrompt(input)?.promptId;
    const prompt = [...rows.own, ...rows.packPrompts].find((p) => p.id === shown);
    if (promptId !== undefined && !prompt) throw new HttpError(404, 'Not found');
    return prompt ? { prompt_id: prompt.id, ...promptMessage(prompt.text) } : { prompt_id: null, text: '', blocks: [] };
  }

  /**
   * POST /watercooler/preview_as_json: a new program's first post, from a template (the first prompt of its first
   * pack, through the same builder). Every member may start a program, so every member may preview one.
   */
  newProgramPreview(body: unknown): PromptPreviewJson {
    const templateId = parse(newProgramPreviewBody, body).template_id;
    const template = WATERCOOLER_TEMPLATES.find((t) => t.id === templateId);
    if (!template) throw new HttpError(400, 'template_id: not a Watercooler template', { template_id: 'not a Watercooler template' });
    const pack = LIBRARY.find((p) => p.key === templateSettings(template).packs[0]);
    const first = pack?.prompts.find((p) => !isRetired(p));
    return first ? { prompt_id: null, ...promptMessage(libraryPromptText(first)) } : { prompt_id: null, text: '', blocks: [] };
  }

  async compose(workspaceId: number, postId: number): Promise<ComposeResult> {
    await this.library.ensure();
    const now = this.s.clock.now();
    const peek = await this.posts.post(workspaceId, postId);
    if (!peek || peek.state !== 'claimed') return 'done';
    const paid = (await this.plan.plan(workspaceId)).paidFeatureAccess;
    const outcome = await this.repo.inTransaction(async (trx): Promise<{ result: ComposeResult; outboxId?: number; sendNowOf?: number; posted?: PendingEvent }> => {
      const post = await this.posts.lockPost(trx, workspaceId, postId);
      if (!post || post.state !== 'claimed') return { result: 'done' };
      const sendNowOf = post.source === 'send_now' ? post.program_id : undefined;
      const program = await this.repo.program(workspaceId, post.program_id, trx);
      const wc = await this.repo.lock(trx, workspaceId, post.program_id);
      const skip = async (reason: string) => {
        await this.posts.markSkipped(trx, workspaceId, post.id, reason);
        return { result: 'skipped' as const, sendNowOf };
      };
      if (!program || !wc) return skip('deleted');
      if (post.source === 'schedule') {
        // Re-checked at send time: paused, rescheduled or far too late means this slot does not post.
        if (!program.is_active) return skip('paused');
        if (!isSlotOf(scheduleOf(wc, program.tz), post.slot_at)) return skip('rescheduled');
        if (now.getTime() - post.slot_at.getTime() > MAX_LATENESS_MS) return skip('missed');
      }
      const { rows, input } = await this.queues.load(wc, paid, trx);
      const pick = nextPrompt(input);
      if (!pick) return skip('empty');
      const prompt = [...rows.own, ...rows.packPrompts].find((p) => p.id === pick.promptId)!;
      const cycle = pick.recycled ? wc.cycle + 1 : wc.cycle;
      if (pick.recycled) await this.repo.update(trx, workspaceId, wc.program_id, { cycle, updated_at: now });
      // A pin means "post this next": used up once posted.
      await this.packs.clearAdjustment(trx, workspaceId, wc.program_id, prompt.id, 'pin');
      const message = promptMessage(prompt.text);
      const [outboxId] = await this.s.outbox.add(trx, [
        {
          workspaceId,
          key: outboxKey(post.program_id, post.slot_at),
          kind: 'watercooler',
          programId: post.program_id,
          method: 'chat.postMessage',
          args: { channel: program.channel_id, text: message.text, blocks: message.blocks, unfurl_links: false, unfurl_media: false },
        },
      ]);
      await this.posts.markQueued(trx, workspaceId, post.id, { promptId: prompt.id, text: prompt.text, cycle, outboxId: outboxId!, now });
      const posted = event(promptPosted, workspaceId, { programId: post.program_id, postId: post.id, promptId: prompt.id });
      await this.s.events.append(trx, [posted]);
      return { result: 'queued', outboxId, sendNowOf, posted };
    });
    if (outcome.posted) await this.s.events.published([outcome.posted]);
    if (outcome.outboxId !== undefined) await this.s.outbox.kick([outcome.outboxId]);
    if (outcome.sendNowOf !== undefined) await this.s.programs.markSendNowComplete(outcome.sendNowOf);
    return outcome.result;
  }
}
