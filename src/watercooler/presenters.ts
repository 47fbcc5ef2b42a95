import type { KnownBlock } from '@slack/types';
import type { Member, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { requireAccess } from '../platform/access.js';
import type { PackJson, PromptJson, QueueItemJson, QueueStatus, SentJson, WatercoolerJson } from './api-types.js';
import { homeSection, permalink, type HomeWatercooler } from './blocks.js';
import type { WatercoolerDeps } from './deps.js';
import type { PacksRepository } from './packs.repository.js';
import type { WatercoolerPacks } from './packs.js';
import type { WatercoolerPlan } from './plan.js';
import type { WatercoolerPosting } from './posting.js';
import type { PostsRepository, PostWithEngagement } from './posts.repository.js';
import type { QueueReader } from './queue-reader.js';
import type { WatercoolerRepository } from './repository.js';
import { describeSchedule, scheduleOf, upcomingSlots } from './schedule.js';
import { slackDate, zoneCity } from '../slack/dates.js';
import type { ShippedLibrary } from './shipped-library.js';
import type { Pack, Prompt } from './tables.js';

const SENT_SHOWN = 50;
const UPCOMING_SHOWN = 5;

export function promptJson(p: Prompt): PromptJson {
  return {
    id: p.id,
    text: p.text,
    pack_id: p.pack_id,
    watercooler_id: p.program_id,
    position: p.position,
    source_pack_id: p.source_pack_id,
    is_custom: p.program_id !== null || p.library_key === null,
  };
}

export function packJson(p: Pack, o: { subscribed: boolean; paid: boolean; canEdit: boolean; prompts?: Prompt[] }): PackJson {
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
    num_prompts: o.prompts?.length ?? 0,
    ...(o.prompts ? { prompts: o.prompts.map(promptJson) } : {}),
  };
}

export function sentJson(workspace: Workspace, p: PostWithEngagement): SentJson {
  const ts = p.ts ?? p.outbox_ts;
  const state: SentJson['state'] = p.state === 'skipped' ? 'skipped' : p.outbox_state === 'sent' ? 'sent' : p.outbox_state === 'failed' ? 'failed' : 'sending';
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

/** What the page and the Home tab show: the whole watercooler, the packs library, one pack, the home section. */
export class WatercoolerPresenter {
  constructor(
    private readonly s: Pick<WatercoolerDeps, 'clock' | 'programs'>,
    private readonly plan: WatercoolerPlan,
    private readonly library: ShippedLibrary,
    private readonly repo: WatercoolerRepository,
    private readonly packs: PacksRepository,
    private readonly posts: PostsRepository,
    private readonly queues: QueueReader,
    private readonly packService: WatercoolerPacks,
    private readonly posting: WatercoolerPosting,
  ) {}

  /** GET /watercooler/{id}: the page, for those who may change the watercooler. */
  async show(auth: AuthContext, id: number): Promise<WatercoolerJson> {
    await requireAccess(auth, this.s.programs.policy('Watercooler'), id, 'edit');
    return this.page(auth.workspace, id);
  }

  /** Everything the page shows (what every write answers with, once it has checked access). */
  async page(workspace: Workspace, programId: number): Promise<WatercoolerJson> {
    await this.library.ensure();
    const program = await this.s.programs.get(workspace.id, programId, 'Watercooler');
    await this.posts.backfillTs(workspace.id, program.channel_id);
    const wc = await this.queues.config(program);
    const access = await this.plan.plan(workspace.id);
    const paid = access.paidFeatureAccess;
    await this.posting.firstRoster(program, wc.roster_synced_at);
    const [programJson] = await this.s.programs.serialize(workspace, [program]);
    const { rows, state } = await this.queues.load(wc, paid);
    const packsById = new Map(rows.packs.map((p) => [p.id, p]));
    const promptsById = new Map([...rows.own, ...rows.packPrompts].map((p) => [p.id, p]));
    const schedule = scheduleOf(wc, program.tz);
    const slots = program.is_active ? upcomingSlots(schedule, this.s.clock.now(), UPCOMING_SHOWN) : [];

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
    const pinned = new Set(state.pinned);
    const items = [
      ...state.unsent.map((id, i) => item(id, pinned.has(id) ? 'pinned' : 'queued', i + 1)),
      ...state.sent.map((id) => item(id, 'sent', null)),
      ...state.skipped.map((id) => item(id, 'skipped', null)),
    ].filter((x): x is QueueItemJson => x !== null);

    const subscribed = rows.packs.map((p) => packJson(p, { subscribed: true, paid, canEdit: false, prompts: rows.packPrompts.filter((x) => x.pack_id === p.id) }));
    const posts = await this.posts.posts(workspace.id, program.id, SENT_SHOWN);
    return {
      id: program.id,
      program: programJson!,
      is_active: program.is_active,
      hideInactivePrompts: wc.hide_inactive_prompts,
      schedule: {
        weekdays: wc.weekdays,
        hour: Math.floor(wc.minute_of_day / 60),
        minute: wc.minute_of_day % 60,
        tz: program.tz,
        description: describeSchedule(schedule),
        next_slots: slots.map((d) => d.toISOString()),
      },
      prompts: rows.own.map(promptJson),
      packs: subscribed,
      ordered_unsent_prompt_ids: state.unsent,
      topicsQueue: { packs: subscribed.map(({ prompts: _p, ...rest }) => rest), prompts: items, promptIds: items.map((i) => i.id) },
      adjustments: rows.adjustments.map((a) => ({ prompt_id: a.prompt_id, kind: a.kind })),
      cycle: wc.cycle,
      sent: posts.map((p) => sentJson(workspace, p)),
      plan: { plan: access.plan, paidFeatureAccess: access.paidFeatureAccess, trialAllowed: access.trialAllowed },
      can_customize: paid,
    };
  }

  /** GET /watercooler/{id}/packs_library_as_json: the shipped packs and this workspace's own, with their prompts. */
  async packsLibrary(auth: AuthContext, id: number): Promise<PackJson[]> {
    const program = await requireAccess(auth, this.s.programs.policy('Watercooler'), id, 'edit');
    await this.library.ensure();
    const workspaceId = auth.workspace.id;
    const paid = (await this.plan.plan(workspaceId)).paidFeatureAccess;
    const packs = await this.packs.visiblePacks(workspaceId);
    const prompts = await this.packs.packPrompts(workspaceId, packs.map((p) => p.id));
    const subscribed = new Set(await this.packs.subscribedPackIds(workspaceId, program.id));
    const out: PackJson[] = [];
    for (const p of packs)
      out.push(packJson(p, { subscribed: subscribed.has(p.id), paid, canEdit: await this.packService.canEdit(auth, p), prompts: prompts.filter((x) => x.pack_id === p.id) }));
    return out;
  }

  /** One pack with its prompts, as the pack editor shows it. */
  async pack(auth: AuthContext, pack: Pack): Promise<PackJson> {
    const paid = (await this.plan.plan(auth.workspace.id)).paidFeatureAccess;
    const prompts = await this.packs.packPrompts(auth.workspace.id, [pack.id]);
    return packJson(pack, { subscribed: false, paid, canEdit: await this.packService.canEdit(auth, pack), prompts });
  }

  /** The member's watercooler channels in their Home tab, with each one's latest prompt. */
  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    const programs = await this.repo.memberWatercoolers(workspace.id, member.slack_user_id);
    if (!programs.length) return [];
    await this.posts.backfillTs(workspace.id);
    const wcs = new Map((await this.repo.byPrograms(workspace.id, programs.map((p) => p.id))).map((w) => [w.program_id, w]));
    const latest = await this.posts.latestPosts(workspace.id, programs.map((p) => p.id));
    const items: HomeWatercooler[] = programs.flatMap((p) => {
      const wc = wcs.get(p.id);
      if (!wc) return [];
      const l = latest.get(p.id);
      return [
        {
          channelId: p.channel_id,
          channelName: p.name ?? p.channel_id,
          schedule: `${describeSchedule(scheduleOf(wc, p.tz))} ${zoneCity(p.tz)} time${wc.next_run_at ? ` · next ${slackDate(wc.next_run_at, p.tz, 'day_time')}` : ''}`,
          latest: l && l.ts ? { text: l.text, url: permalink(workspace.domain, l.channel_id, l.ts), replies: l.replies } : null,
        },
      ];
    });
    return homeSection(items);
  }
}
