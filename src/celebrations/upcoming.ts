import type { AuthContext } from '../http/auth.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import { editableProgram } from './access.js';
import { eventsQuery, newHiresQuery } from './schema.js';

const NEW_HIRES_FORBIDDEN = 'Only admins and the editors of a celebrations program can see start dates';
import { addDays, compareLocalDate, formatLocalDate, instantToZoned, parseLocalDate, type LocalDate } from '../time/zoned.js';
import type { EventsJson, NewHireJson, NewHiresJson } from './api-types.js';
import type { CelebrationCalendar } from './calendar.js';
import type { CelebrationsDeps } from './deps.js';
import { eventJson } from './presenters.js';
import type { CelebrationRepository } from './repository.js';
import type { ScheduleRepository } from './schedules.repository.js';

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** What is coming: a program's celebrations of the next days, and the workspace's new hires. */
export class UpcomingCelebrations {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'programs' | 'hrDirectory'>,
    private readonly repo: CelebrationRepository,
    private readonly schedules: ScheduleRepository,
    private readonly calendar: CelebrationCalendar,
  ) {}

  /** The workspace's start dates ahead (people's HR data): admins and the editors of a celebrations program. */
  readonly newHiresPolicy = workspacePolicy({
    canRead: async (auth) => auth.isAdmin || (await this.s.programs.listEditable(auth)).some((p) => p.type === 'CelebrationProgram'),
    canEdit: () => false,
    forbidden: NEW_HIRES_FORBIDDEN,
    readForbidden: NEW_HIRES_FORBIDDEN,
  });

  /** GET /celebrations/{id}/events/index_as_json: the next `days` days' celebrations, those posted marked. */
  async events(auth: AuthContext, programId: number, rawQuery: unknown): Promise<EventsJson> {
    const program = await editableProgram(this.s.programs, auth, programId);
    const { days } = parse(eventsQuery, rawQuery);
    await this.calendar.refreshRoster(auth.workspace, program).catch(() => undefined);
    const l = await this.calendar.load(auth.workspace, program);
    const today = instantToZoned(this.s.clock.now(), program.tz).date;
    const { list, byId } = await this.calendar.between(l, today, addDays(today, days - 1));
    const posted = await this.repo.postedKeys(auth.workspace.id, program.id, list.map((c) => c.key));
    return { days, events: list.map((c) => eventJson(c, l, byId.get(c.schedule.id), posted.has(c.key))) };
  }

  /** GET /upcoming_new_hires: start dates ahead, for admins and the editors of a celebrations program. */
  async newHires(auth: AuthContext, rawQuery: unknown): Promise<NewHiresJson> {
    await requireAccess(auth, this.newHiresPolicy, auth.workspace.id, 'read');
    const { days } = parse(newHiresQuery, rawQuery);
    const today = instantToZoned(this.s.clock.now(), auth.member.tz ?? auth.workspace.default_tz).date;
    const until = addDays(today, days);
    const rows = await this.schedules.schedules(auth.workspace.id, { type: 'anniversary' });
    const hires = rows
      .filter((r) => r.year !== null && !r.is_bot && !r.deleted && !r.is_external)
      .map((r) => ({ r, start: { year: r.year!, month: r.month, day: r.day } }))
      .filter(({ start }) => compareLocalDate(start, today) >= 0 && compareLocalDate(start, until) <= 0)
      .sort((a, b) => compareLocalDate(a.start, b.start));
    const members: NewHireJson[] = hires.map(({ r, start }) => ({
      user_id: r.member_id,
      slack_user_id: r.slack_user_id,
      name: r.member_name,
      avatar_url: r.avatar_url,
      start_date: formatLocalDate(start),
      days_until: dayNumber(start) - dayNumber(today),
      source: 'slack',
      email: null,
      department: null,
      location: null,
      job_title: null,
    }));
    // People the HR system or applicant tracking reports who are not in Slack yet, with their HR data.
    // No HR system or applicant tracking in this Hearth: nobody is pending.
    const pending = (await this.s.hrDirectory.get()?.pendingHires(auth.workspace.id, formatLocalDate(today), formatLocalDate(until))) ?? [];
    const notInSlack: NewHireJson[] = pending.map((p) => {
      const start = parseLocalDate(p.start_date);
      return {
        user_id: null,
        slack_user_id: null,
        name: p.name,
        avatar_url: null,
        start_date: p.start_date,
        days_until: dayNumber(start) - dayNumber(today),
        source: p.source,
        email: p.email,
        department: p.department,
        location: p.location,
        job_title: p.job_title,
      };
    });
    // One list by start date; on the same day, members first (a stable sort keeps each list's own order).
    return { days, new_hires: [...members, ...notInSlack].sort((a, b) => a.start_date.localeCompare(b.start_date)) };
  }
}
