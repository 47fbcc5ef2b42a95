import type { z } from 'zod';
import type { Trx } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { ProgramSummary, ProgramTemplate } from '../programs/kinds.js';
import { addDays, compareLocalDate, formatLocalDate, instantToZoned, parseLocalDate, type LocalDate } from '../time/zoned.js';
import type { CustomAllowance } from './allowance.js';
import type { CelebrationAnswer } from './api-types.js';
import type { CelebrationCalendar, LoadedProgram } from './calendar.js';
import { celebrationsBetween, firstRunDate, isStale, runInstant } from './dates.js';
import type { CelebrationsDeps } from './deps.js';
import { settingsJson } from './presenters.js';
import type { CelebrationRepository } from './repository.js';
import { updateBody } from './schema.js';
import { editableProgram } from './access.js';
import { toScheduleInput } from './schedules.repository.js';
import type { CelebrationConfig, WeekendPolicy } from './tables.js';
import { DEFAULT_TEMPLATES } from './templates.js';
import { CELEBRATION_IMAGES, imageUrl } from './images.js';

export type ProgramUpdate = z.infer<typeof updateBody>;

const DEFAULT_MINUTE = 9 * 60;

export const CELEBRATION_TEMPLATES: ProgramTemplate[] = [
  {
    id: 'celebrations-birthdays-anniversaries',
    name: 'Birthdays & work anniversaries',
    description: 'Celebrate everyone in the channel on their birthday and work anniversary, at 9:00 on the day. Weekend dates are celebrated on the Friday before.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: true, anniversaries: true, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
  {
    id: 'celebrations-birthdays',
    name: 'Birthdays',
    description: 'A warm birthday message in the channel, several people on one day sharing one message. Birth years are never shown.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: true, anniversaries: false, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
  {
    id: 'celebrations-anniversaries',
    name: 'Work anniversaries',
    description: 'Thank people on each anniversary of the day they joined, with the number of years.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: false, anniversaries: true, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
];

/** A program's Celebrations settings: created with the program, shown and changed on its page, summarized in lists. */
export class CelebrationSettings {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'config' | 'programs' | 'workspaces' | 'events'>,
    private readonly repo: CelebrationRepository,
    private readonly calendar: CelebrationCalendar,
    private readonly allowance: CustomAllowance,
  ) {}

  /** The program kind's part of creating a program, in its transaction: the settings from the template. */
  async createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const t = template.settings as { birthdays?: boolean; anniversaries?: boolean; custom?: boolean; hour?: number; weekend_policy?: WeekendPolicy };
    const minute = typeof t.hour === 'number' ? t.hour * 60 : DEFAULT_MINUTE;
    const now = this.s.clock.now();
    const next = firstRunDate(now, minute, program.tz);
    await this.repo.createConfig(trx, {
      program_id: program.id,
      workspace_id: program.workspace_id,
      birthdays_enabled: t.birthdays ?? true,
      anniversaries_enabled: t.anniversaries ?? true,
      custom_enabled: t.custom ?? true,
      post_minute: minute,
      weekend_policy: t.weekend_policy ?? 'friday_before',
      birthday_template: DEFAULT_TEMPLATES.birthday,
      anniversary_template: DEFAULT_TEMPLATES.anniversary,
      next_run_on: formatLocalDate(next),
      next_run_at: runInstant(next, minute, program.tz),
      roster_synced_at: null,
      created_at: now,
      updated_at: now,
    });
  }

  /** GET /celebrations/{id}: the shared program JSON, the settings, defaults and the plan's custom-date allowance. */
  async show(auth: AuthContext, programId: number): Promise<CelebrationAnswer> {
    const program = await editableProgram(this.s.programs, auth, programId);
    await this.calendar.refreshRoster(auth.workspace, program).catch(() => undefined);
    const l = await this.calendar.load(auth.workspace, program);
    const [json] = await this.s.programs.serialize(auth.workspace, [program]);
    return {
      program: json!,
      celebration: settingsJson(l),
      default_templates: DEFAULT_TEMPLATES,
      can_change_leap_day_policy: auth.isAdmin,
      plan: await this.allowance.json(auth.workspace.id),
      image_choices: CELEBRATION_IMAGES.map((i) => ({ ...i, url: imageUrl(this.s.config.publicUrl, i.id) })),
    };
  }

  /** PUT /celebrations/{id}/update_as_json: one transaction, then the next posting time is worked out again. */
  async update(auth: AuthContext, programId: number, body: unknown): Promise<CelebrationAnswer> {
    const program = await editableProgram(this.s.programs, auth, programId);
    const input: ProgramUpdate = parse(updateBody, body);
    const ws = auth.workspace;
    const l = await this.calendar.load(ws, program);
    if (input.leap_day_policy !== undefined && input.leap_day_policy !== ws.leap_day_policy && !auth.isAdmin)
      throw new HttpError(403, 'Only workspace admins can change how 29 February is celebrated', { leap_day_policy: 'admins only' });
    const enabled = {
      birthday: input.birthdays_enabled ?? l.config.birthdays_enabled,
      anniversary: input.anniversaries_enabled ?? l.config.anniversaries_enabled,
      custom: input.custom_enabled ?? l.config.custom_enabled,
    };
    if (!enabled.birthday && !enabled.anniversary && !enabled.custom)
      throw new HttpError(400, 'Choose at least one kind of celebration', { birthdays_enabled: 'choose at least one kind of celebration' });
    const now = this.s.clock.now();
    const tz = input.time_zone ?? program.tz;
    const minute = input.posting_hour !== undefined ? input.posting_hour * 60 : l.config.post_minute;
    await this.s.events.transaction(async (trx, emit) => {
      if (tz !== program.tz) await this.s.programs.setTimeZone(program, tz, trx);
      if (input.is_active !== undefined) await this.s.programs.setActiveIn(trx, emit, program, input.is_active);
      if (input.leap_day_policy !== undefined) await this.repo.setLeapDayPolicy(trx, ws.id, input.leap_day_policy, now);
      const next = await this.nextRunDate(trx, ws.id, program.id, l.config, now, minute, tz);
      await this.repo.updateConfig(
        ws.id,
        program.id,
        {
          birthdays_enabled: enabled.birthday,
          anniversaries_enabled: enabled.anniversary,
          custom_enabled: enabled.custom,
          post_minute: minute,
          ...(input.weekend_policy ? { weekend_policy: input.weekend_policy } : {}),
          ...(input.birthday_template !== undefined ? { birthday_template: input.birthday_template.trim() } : {}),
          ...(input.anniversary_template !== undefined ? { anniversary_template: input.anniversary_template.trim() } : {}),
          ...(input.birthday_image !== undefined ? { birthday_image: input.birthday_image } : {}),
          ...(input.anniversary_image !== undefined ? { anniversary_image: input.anniversary_image } : {}),
          ...(input.custom_image !== undefined ? { custom_image: input.custom_image } : {}),
          next_run_on: formatLocalDate(next),
          next_run_at: runInstant(next, minute, tz),
          updated_at: now,
        },
        trx,
      );
    });
    const freshWs = (await this.s.workspaces.byId(ws.id))!;
    return this.show({ ...auth, workspace: freshWs }, program.id);
  }

  /**
   * The posting date after a settings change: today's still-pending run stays today (due at once if its new
   * time has passed, unless that is more than a day late); otherwise the first time ahead. Runs are unique per
   * program and date, so a date already posted is never posted again.
   */
  private async nextRunDate(trx: Trx, workspaceId: number, programId: number, config: CelebrationConfig, now: Date, minute: number, tz: string): Promise<LocalDate> {
    const today = instantToZoned(now, tz).date;
    if (config.next_run_on && compareLocalDate(parseLocalDate(config.next_run_on), today) <= 0 && !isStale(today, now, minute, tz)) {
      const ran = await this.repo.run(workspaceId, programId, formatLocalDate(today), trx);
      if (!ran) return today;
    }
    return firstRunDate(now, minute, tz);
  }

  /** The program kind's summary for program lists: how many people it celebrates and when it next posts. */
  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    const byWorkspace = new Map<number, ChannelProgram[]>();
    for (const p of programs) byWorkspace.set(p.workspace_id, [...(byWorkspace.get(p.workspace_id) ?? []), p]);
    for (const [workspaceId, list] of byWorkspace) {
      const ws = await this.s.workspaces.byId(workspaceId);
      if (!ws) continue;
      const configs = new Map((await this.repo.configs(workspaceId, list.map((p) => p.id))).map((c) => [c.program_id, c]));
      for (const program of list) {
        const config = configs.get(program.id);
        if (config) out.set(program.id, await this.summary({ ws, program, config }));
      }
    }
    return out;
  }

  private async summary(l: LoadedProgram): Promise<ProgramSummary> {
    const { schedules, rules, audience } = await this.calendar.rules(l);
    const celebrated = new Set(schedules.filter((s) => s.member_id !== null && s.schedule_type !== 'custom' && rules.eligible(toScheduleInput(s))).map((s) => s.member_id));
    const from = l.config.next_run_on ? parseLocalDate(l.config.next_run_on) : instantToZoned(this.s.clock.now(), l.program.tz).date;
    const next = celebrationsBetween(schedules.map(toScheduleInput), from, addDays(from, 366), rules)[0];
    return {
      numParticipants: [...celebrated].filter((id) => id !== null && audience.has(id)).length,
      nextOccurrenceAt: next ? runInstant(next.postOn, l.config.post_minute, l.program.tz) : null,
    };
  }
}
