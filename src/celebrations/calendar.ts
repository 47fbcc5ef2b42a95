import type { ChannelProgram, Member, Workspace } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { isReachableHuman } from '../people/service.js';
import type { LocalDate } from '../time/zoned.js';
import { celebrationsBetween, type Celebration, type CelebrationRules } from './dates.js';
import type { CelebrationsDeps } from './deps.js';
import type { CelebrationRepository } from './repository.js';
import { toScheduleInput, type ScheduleRepository, type ScheduleRow } from './schedules.repository.js';
import type { CelebrationConfig } from './tables.js';

/** A program with its workspace and its Celebrations settings. */
export interface LoadedProgram {
  ws: Workspace;
  program: ChannelProgram;
  config: CelebrationConfig;
}

/** A kept channel roster older than this is read again from Slack before it is shown or used. */
const ROSTER_FRESH_MS = 10 * 60_000;

/** Who a program celebrates and when: its channel's roster, people's dates, the program's rules. */
export class CelebrationCalendar {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'log' | 'clients' | 'channels'>,
    private readonly programs: CelebrationRepository,
    private readonly schedules: ScheduleRepository,
  ) {}

  /** A program of the caller's workspace with its settings (404 when it has none). */
  async load(workspace: Workspace, program: ChannelProgram): Promise<LoadedProgram> {
    const config = await this.programs.config(workspace.id, program.id);
    if (!config) throw new HttpError(404, 'Not found');
    return { ws: workspace, program, config };
  }

  /** Reads the channel's members from Slack when the kept roster is stale (best effort). */
  async refreshRoster(ws: Workspace, program: ChannelProgram, force = false): Promise<void> {
    const config = await this.programs.config(ws.id, program.id);
    if (!config) return;
    const now = this.s.clock.now();
    if (!force && config.roster_synced_at && now.getTime() - config.roster_synced_at.getTime() < ROSTER_FRESH_MS) return;
    try {
      const client = await this.s.clients.forWorkspace(ws.id);
      await this.s.channels.syncRoster(ws, program.channel_id, client);
      await this.programs.updateConfig(ws.id, program.id, { roster_synced_at: now });
    } catch (err) {
      this.s.log.warn({ err, programId: program.id }, 'celebrations: could not read the channel roster; using the kept one');
    }
  }

  /** Reachable humans in the program's channel, by member id. */
  async audience(ws: Workspace, program: ChannelProgram): Promise<Map<number, Member>> {
    const members = await this.schedules.channelMembers(ws.id, program.channel_id);
    return new Map(members.filter(isReachableHuman).map((m) => [m.id, m]));
  }

  /** The workspace's dates and the program's rules: who may be celebrated, which kinds, weekends, 29 February. */
  async rules(l: LoadedProgram): Promise<{ schedules: ScheduleRow[]; rules: CelebrationRules; audience: Map<number, Member>; inclusions: Map<number, boolean> }> {
    const [audience, schedules, inclusions] = await Promise.all([this.audience(l.ws, l.program), this.schedules.schedules(l.ws.id), this.schedules.inclusions(l.ws.id, l.program.id)]);
    const rules: CelebrationRules = {
      teamId: l.ws.team_id,
      policy: l.config.weekend_policy,
      leap: l.ws.leap_day_policy,
      enabled: { birthday: l.config.birthdays_enabled, anniversary: l.config.anniversaries_enabled, custom: l.config.custom_enabled },
      eligible: (s) => {
        const included = inclusions.get(s.id);
        if (s.type === 'custom') return included === true && (s.memberId === null || audience.has(s.memberId));
        return included !== false && s.memberId !== null && audience.has(s.memberId);
      },
    };
    return { schedules, rules, audience, inclusions };
  }

  /** The program's celebrations posted between two dates (inclusive), with their dates' rows. */
  async between(l: LoadedProgram, from: LocalDate, to: LocalDate): Promise<{ list: Celebration[]; byId: Map<number, ScheduleRow> }> {
    const { schedules, rules } = await this.rules(l);
    return { list: celebrationsBetween(schedules.map(toScheduleInput), from, to, rules), byId: new Map(schedules.map((r) => [r.id, r])) };
  }

  async channelName(workspaceId: number, channelId: string): Promise<string> {
    return (await this.s.channels.byId(workspaceId, channelId))?.name ?? channelId;
  }
}
