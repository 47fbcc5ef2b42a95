import type { Member, Workspace } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { personJson } from '../people/name.js';
import { event } from '../platform/events/define.js';
import type { MembersDeps } from './deps.js';
import { memberSettingsChanged } from './events.js';
import { profileHomeSection, profileModal, readProfileSubmission } from './blocks.js';
import { PROFILE_FIELDS } from './profile-fields.js';
import type { MyPreferencesJson } from './api-types.js';

export type { MyPreferencesJson } from './api-types.js';
import type { KnownBlock } from '@slack/types';
import { MemberSettingsRepository } from './repository.js';
import type { SlackRequester } from '../slack/requester.js';
import type { ViewStateValues } from '../slack/view-values.js';
import type { AuthContext } from '../http/auth.js';
import { requireSelf } from '../platform/access.js';

/** 'HH:MM' as a minute of the day. */
export const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A member's own profile entries, manager and working hours (journeys.md §3, §5, §7). */
export class MemberSettingsService {
  readonly repo: MemberSettingsRepository;

  constructor(private readonly s: MembersDeps) {
    this.repo = new MemberSettingsRepository(s.db);
  }

  async preferences(workspace: Workspace, member: Member): Promise<MyPreferencesJson> {
    const [entries, manager, hours] = await Promise.all([
      this.repo.profileEntries(workspace.id, member.id),
      this.repo.manager(workspace.id, member.id),
      this.repo.workHours(workspace.id, member.id),
    ]);
    return {
      profile_fields: [...PROFILE_FIELDS],
      user_profile_entries: entries.map((e) => ({ field: e.field_id, text: e.text, category: e.category })),
      manager: manager ? personJson(manager) : null,
      work_hours: hours ?? null,
    };
  }

  /** Writes the given entries; a field or category the catalogue does not have is a 400 naming the entry. */
  async upsertProfileEntries(workspace: Workspace, member: Member, entries: Array<{ field: number; text: string; category: string }>): Promise<MyPreferencesJson> {
    const rows = entries.map((e, i) => {
      const field = PROFILE_FIELDS.find((f) => f.id === e.field);
      if (!field) throw new HttpError(400, `user_profile_entries.${i}.field: is not a profile field`, { [`user_profile_entries.${i}.field`]: 'is not a profile field' });
      if (field.category.machine_name !== e.category)
        throw new HttpError(400, `user_profile_entries.${i}.category: must be ${field.category.machine_name}`, { [`user_profile_entries.${i}.category`]: `must be ${field.category.machine_name}` });
      return { field_id: field.id, category: field.category.machine_name, text: e.text };
    });
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.upsertProfileEntries(trx, workspace.id, member.id, rows, this.s.clock.now());
      emit(event(memberSettingsChanged, workspace.id, { memberId: member.id, part: 'profile' }));
    });
    return this.preferences(workspace, member);
  }

  /** Sets (or with null, clears) the member's manager: another person of this workspace. */
  async setManager(workspace: Workspace, member: Member, managerId: number | null): Promise<MyPreferencesJson> {
    if (managerId !== null) {
      if (managerId === member.id) throw new HttpError(400, 'related_user_id: you cannot be your own manager', { related_user_id: 'you cannot be your own manager' });
      const manager = await this.repo.member(workspace.id, managerId);
      if (!manager || manager.deleted || manager.is_bot) throw new HttpError(400, 'related_user_id: is not a person in this workspace', { related_user_id: 'is not a person in this workspace' });
    }
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.setManager(trx, workspace.id, member.id, managerId, this.s.clock.now());
      emit(event(memberSettingsChanged, workspace.id, { memberId: member.id, part: 'manager' }));
    });
    return this.preferences(workspace, member);
  }

  async setWorkHours(workspace: Workspace, member: Member, hours: { beginning_time: string; end_time: string }): Promise<MyPreferencesJson> {
    if (minutes(hours.end_time) <= minutes(hours.beginning_time)) throw new HttpError(400, 'work_hours.end_time: must be after the beginning time', { 'work_hours.end_time': 'must be after the beginning time' });
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.setWorkHours(trx, workspace.id, member.id, hours, this.s.clock.now());
      emit(event(memberSettingsChanged, workspace.id, { memberId: member.id, part: 'work_hours' }));
    });
    return this.preferences(workspace, member);
  }

  // ----------------------------------------------------------------------------------------------
  // The Home tab and its modal

  /** The caller's own settings: the path's member id must be theirs (`requireSelf`: another's is a 404). */
  own(auth: AuthContext, memberId: number): Pick<AuthContext, 'workspace' | 'member'> {
    return requireSelf(auth, memberId);
  }

  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    if (member.is_bot || member.deleted) return [];
    return profileHomeSection(await this.preferences(workspace, member), `${this.s.config.publicUrl}/settings/profile`);
  }

  /** Opens the profile modal while the trigger is fresh (views.open through the outbox, delivered now). */
  async openProfileModal({ workspace, member }: SlackRequester, triggerId: string): Promise<boolean> {
    if (!member) return false;
    const view = profileModal(await this.preferences(workspace, member));
    const row = await this.s.outbox.deliverNow({ workspaceId: workspace.id, key: `members-profile-modal:${triggerId}`, kind: 'members_modal', method: 'views.open', args: { trigger_id: triggerId, view } });
    return row.state === 'sent';
  }

  checkProfileSubmission(values: ViewStateValues): { errors: Record<string, string> } | { ok: true } {
    const read = readProfileSubmission(values, PROFILE_FIELDS.map((f) => f.id));
    return read.ok ? { ok: true } : { errors: read.errors };
  }

  /** After the ack: every part saved as the pages save it, then the Home tab republished. False for a member Hearth does not know. */
  async saveProfileSubmission({ workspace: ws, member, userId }: SlackRequester, values: ViewStateValues): Promise<boolean> {
    const read = readProfileSubmission(values, PROFILE_FIELDS.map((f) => f.id));
    if (!member || !read.ok) return false;
    try {
      await this.upsertProfileEntries(ws, member, read.value.entries.map((e) => ({ ...e, category: PROFILE_FIELDS.find((f) => f.id === e.field)!.category.machine_name })));
      const manager = read.value.managerSlackId ? await this.s.people.bySlackId(ws.id, read.value.managerSlackId) : undefined;
      await this.setManager(ws, member, manager && manager.id !== member.id ? manager.id : null);
      if (read.value.hours) await this.setWorkHours(ws, member, read.value.hours);
    } catch (err) {
      this.s.log.warn({ err, user: userId }, 'members: profile from the Home tab not saved');
    }
    await this.s.home.publish(ws, member, `profile:${this.s.clock.now().getTime()}`);
    return true;
  }
}
