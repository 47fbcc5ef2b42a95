import type { Trx } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import type { DomainEvents } from '../platform/events/service.js';
import type { ProgramKind, ProgramSummary, ProgramTemplate } from '../programs/kinds.js';
import type { ChannelProgramService } from '../programs/service.js';
import type { Clock } from '../time/clock.js';
import type { PacksRepository } from './packs.repository.js';
import type { WatercoolerPlan } from './plan.js';
import { reorderUnsent } from './queue.js';
import type { QueueReader } from './queue-reader.js';
import type { WatercoolerRepository } from './repository.js';
import { nextSlot, normalizeWeekdays } from './schedule.js';
import { updateBody } from './schema.js';
import { templateSettings, WATERCOOLER_TEMPLATES } from './templates.js';

export const PAGE_PATH = (id: number) => `/watercooler/${id}/edit`;

/** Watercooler as a channel program kind (creation from a template, list summaries) and its settings. */
export class WatercoolerSettings {
  constructor(
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly programs: ChannelProgramService,
    private readonly plan: WatercoolerPlan,
    private readonly repo: WatercoolerRepository,
    private readonly packs: PacksRepository,
    private readonly queues: QueueReader,
  ) {}

  /** The program kind; "send now" is the posting module's. */
  kind(sendNow: (program: ChannelProgram) => Promise<unknown>): ProgramKind {
    return {
      type: 'Watercooler',
      controller: 'watercooler',
      label: 'Watercooler',
      templates: WATERCOOLER_TEMPLATES,
      // Free plan: one Watercooler (the entitlements module's rule).
      checkCreate: async (workspaceId) => this.plan.requireAnotherProgram(workspaceId, (await this.repo.countPrograms(workspaceId)) + 1),
      createConfig: (trx, program, template) => this.createConfig(trx, program, template),
      summarize: (programs) => this.summarize(programs),
      sendNow: async (program) => {
        await sendNow(program);
      },
      pagePath: PAGE_PATH,
    };
  }

  /** In the shared model's creating transaction: the config row, its first slot and the template's packs. */
  async createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const settings = templateSettings(template);
    const now = this.clock.now();
    let packs = await this.packs.libraryPacks(trx, settings.packs);
    if (packs.length < settings.packs.length) {
      await this.packs.syncLibrary(now, trx);
      packs = await this.packs.libraryPacks(trx, settings.packs);
    }
    await this.plan.requireTemplatePacks(trx, program.workspace_id, template, packs);
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
      if (pack) await this.packs.subscribe(trx, program.workspace_id, program.id, pack.id, new Date(now.getTime() + i));
    }
  }

  /** Participants (reachable humans in the channel) and the next slot, for the programs list. */
  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    const byWorkspace = new Map<number, ChannelProgram[]>();
    for (const p of programs) byWorkspace.set(p.workspace_id, [...(byWorkspace.get(p.workspace_id) ?? []), p]);
    for (const [workspaceId, list] of byWorkspace) {
      const wcs = new Map((await this.repo.byPrograms(workspaceId, list.map((p) => p.id))).map((w) => [w.program_id, w]));
      const counts = await this.repo.channelHumans(workspaceId, list.map((p) => p.channel_id));
      for (const p of list) out.set(p.id, { numParticipants: counts.get(p.channel_id) ?? 0, nextOccurrenceAt: wcs.get(p.id)?.next_run_at ?? null });
    }
    return out;
  }

  /** PUT /watercooler/{id}/update_as_json: schedule, zone, on/off, display, and the queue's order, all or nothing. */
  async update(auth: AuthContext, id: number, body: unknown): Promise<void> {
    const program = await requireAccess(auth, this.programs.policy('Watercooler'), id, 'edit');
    const input = parse(updateBody, body);
    const workspaceId = auth.workspace.id;
    const now = this.clock.now();
    const paid = (await this.plan.plan(workspaceId)).paidFeatureAccess;
    await this.events.transaction(async (trx, emit) => {
      const wc = await this.repo.lock(trx, workspaceId, program.id);
      const current = await this.repo.program(workspaceId, program.id, trx);
      if (!wc || !current) throw new HttpError(404, 'Not found');
      const weekdays = input.weekdays ? normalizeWeekdays(input.weekdays) : wc.weekdays;
      const minuteOfDay = (input.hour ?? Math.floor(wc.minute_of_day / 60)) * 60 + (input.minute ?? (input.hour !== undefined ? 0 : wc.minute_of_day % 60));
      const tz = input.tz ?? current.tz;
      const isActive = input.is_active ?? current.is_active;
      let queueOrder = wc.queue_order;
      if (input.ordered_unsent_prompt_ids) {
        const { state } = await this.queues.load(wc, paid, trx);
        const { order, unknown } = reorderUnsent(state, input.ordered_unsent_prompt_ids);
        if (unknown.length)
          throw new HttpError(400, 'The queue changed while you were reordering it; reload and try again', { ordered_unsent_prompt_ids: `not in this queue: ${unknown.join(', ')}` });
        queueOrder = order;
      }
      await this.repo.update(trx, workspaceId, program.id, {
        weekdays,
        minute_of_day: minuteOfDay,
        hide_inactive_prompts: input.hideInactivePrompts ?? wc.hide_inactive_prompts,
        queue_order: queueOrder,
        // The next slot from now: a paused watercooler turned back on never posts a slot it missed.
        next_run_at: nextSlot({ weekdays, minuteOfDay, tz }, now),
        updated_at: now,
      });
      if (tz !== current.tz) await this.programs.setTimeZone(current, tz, trx);
      await this.programs.setActiveIn(trx, emit, current, isActive);
    });
  }
}
