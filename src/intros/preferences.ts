import type { Member, Workspace } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { addDays, formatLocalDate, instantToZoned } from '../time/zoned.js';
import type { View } from '@slack/types';
import { homePublish } from '../slack/jobs.js';
import type { MemberService } from './members.js';
import { preferencesModal, readPreferences } from './preferences-blocks.js';
import type { IntrosDeps } from './deps.js';
import type { AvoidListRepository } from './preferences.repository.js';
import type { IntrosRepository } from './repository.js';
import type { SlackRequester } from '../slack/requester.js';
import type { ViewStateValues } from '../slack/view-values.js';
import type { AuthContext } from '../http/auth.js';
import { requireSelf } from '../platform/access.js';
import type { AvoidListJson, SnoozeStatusJson } from './api-types.js';
import { personName } from '../people/name.js';

/** The longest snooze a member may set from their settings (the same as `/hearth snooze`). */
export const MAX_SNOOZE_DAYS = 365;
/** The most people on one member's avoid list. */
export const MAX_AVOIDS = 50;


/**
 * A member's own Intros preferences (journeys.md §7 "User preferences"): the snooze of every Intros program
 * and the avoid list. The avoid list is confidential: only its owner reads it (the routes check that), it is
 * in no report and no domain event, and the pairing engine reads it (IntrosRepository.avoidPairs → computeRound's
 * `avoid`) so nobody is grouped with someone on either one's list.
 */
export class IntrosPreferences {
  constructor(
    private readonly s: IntrosDeps,
    private readonly repo: IntrosRepository,
    private readonly avoids: AvoidListRepository,
    private readonly members: MemberService,
  ) {}

  private today(workspace: Workspace, member: Member): string {
    return this.members.memberToday(member, workspace);
  }

  async snoozeStatus(workspace: Workspace, member: Member): Promise<SnoozeStatusJson> {
    const until = await this.repo.globalSnooze(workspace.id, member.id, this.today(workspace, member));
    return { snoozed: until !== null, end_date: until };
  }

  /** Snoozes every Intros program until `endDate` (the member's local date they are back). */
  async snoozeUntil(workspace: Workspace, member: Member, endDate: string): Promise<SnoozeStatusJson> {
    const today = this.today(workspace, member);
    if (endDate <= today) throw new HttpError(400, 'end_date: must be after today', { end_date: 'must be after today' });
    const latest = formatLocalDate(addDays(instantToZoned(this.s.clock.now(), member.tz ?? workspace.default_tz).date, MAX_SNOOZE_DAYS));
    if (endDate > latest) throw new HttpError(400, `end_date: must be within ${MAX_SNOOZE_DAYS} days`, { end_date: `must be within ${MAX_SNOOZE_DAYS} days` });
    await this.repo.snooze(workspace.id, member.id, null, endDate, this.s.clock.now());
    return this.snoozeStatus(workspace, member);
  }

  /** Ends every snooze of the member's (global and per program). */
  async unsnoozeAll(workspace: Workspace, member: Member): Promise<SnoozeStatusJson> {
    await this.members.unsnooze(member);
    return this.snoozeStatus(workspace, member);
  }

  async avoidList(workspace: Workspace, member: Member): Promise<AvoidListJson> {
    const list = await this.avoids.list(workspace.id, member.id);
    return { invalid_partner_uids: list.map((m) => m.slack_user_id), partners: list.map((m) => ({ uid: m.slack_user_id, name: personName(m), avatar_url: m.avatar_url })) };
  }

  /** Sets the avoid list to exactly these people of the workspace (bulk upsert: the list as a whole). */
  async setAvoidList(workspace: Workspace, member: Member, uids: string[]): Promise<AvoidListJson> {
    const wanted = [...new Set(uids)];
    if (wanted.includes(member.slack_user_id)) throw new HttpError(400, 'invalid_partner_uids: you cannot avoid yourself', { invalid_partner_uids: 'you cannot avoid yourself' });
    if (wanted.length > MAX_AVOIDS) throw new HttpError(400, `invalid_partner_uids: at most ${MAX_AVOIDS} people`, { invalid_partner_uids: `at most ${MAX_AVOIDS} people` });
    const found = await this.avoids.membersBySlackId(workspace.id, wanted);
    const unknown = wanted.filter((uid) => !found.some((m) => m.slack_user_id === uid));
    if (unknown.length) throw new HttpError(400, `invalid_partner_uids: not a member of this workspace: ${unknown[0]}`, { invalid_partner_uids: `not a member of this workspace: ${unknown[0]}` });
    await this.avoids.replace(workspace.id, member.id, found.map((m) => m.id), this.s.clock.now());
    return this.avoidList(workspace, member);
  }

  // ----------------------------------------------------------------------------------------------
  // From the Home tab

  /** The caller's own preferences: the path's member id must be theirs (`requireSelf`: another's is a 404). */
  own(auth: AuthContext, memberId: number): Pick<AuthContext, 'workspace' | 'member'> {
    return requireSelf(auth, memberId);
  }

  async modal(ws: Workspace, member: Member): Promise<View> {
    const [status, avoid] = await Promise.all([this.snoozeStatus(ws, member), this.avoidList(ws, member)]);
    return preferencesModal({ snoozedUntil: status.end_date, avoided: avoid.invalid_partner_uids, tomorrow: formatLocalDate(addDays(instantToZoned(this.s.clock.now(), member.tz ?? ws.default_tz).date, 1)) });
  }

  /** Republishes the member's Home tab (a job, so a retry is harmless). */
  async refreshHome(workspaceId: number, userId: string): Promise<void> {
    await this.s.queue.enqueue(homePublish, { workspaceId, userId }, { jobId: `home:${workspaceId}:intros-preferences:${userId}:${this.s.clock.now().getTime()}` });
  }

  async openModal({ workspace, member }: SlackRequester, triggerId: string): Promise<boolean> {
    if (!member) return false;
    const view = await this.modal(workspace, member);
    const row = await this.s.outbox.deliverNow({ workspaceId: workspace.id, key: `intros-preferences-modal:${triggerId}`, kind: 'intros_modal', method: 'views.open', args: { trigger_id: triggerId, view } });
    return row.state === 'sent';
  }

  /** The earliest "today" anywhere (UTC−12): a date before it is in the past for everyone. */
  check(values: ViewStateValues, userId: string): { errors: Record<string, string> } | { ok: true } {
    const read = readPreferences(values, formatLocalDate(instantToZoned(this.s.clock.now(), 'Etc/GMT+12').date), userId);
    return read.ok ? { ok: true } : { errors: read.errors };
  }

  /** False for a member Hearth does not know yet. */
  async saveFromModal({ workspace: ws, member, userId }: SlackRequester, values: ViewStateValues): Promise<boolean> {
    if (!userId) return false;
    const read = readPreferences(values, '0000-00-00', userId);
    if (!member || !read.ok) return false;
    try {
      if (read.value.until) await this.snoozeUntil(ws, member, read.value.until);
      else if ((await this.snoozeStatus(ws, member)).snoozed) await this.unsnoozeAll(ws, member);
      await this.setAvoidList(ws, member, read.value.avoided);
    } catch (err) {
      this.s.log.warn({ err, user: userId }, 'intros: preferences from the Home tab not saved');
    }
    return true;
  }
}
