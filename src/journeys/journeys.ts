import type { Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { hasAccess, requireAccess, type AccessPolicy } from '../platform/access.js';
import { paymentRequired } from '../platform/entitlements/service.js';
import type {
  DeleteRoleAnswer,
  CreateTagAnswer,
  EventKind,
  FlowType,
  RecipientType,
  RoleJson,
  RolePurpose,
  RouteFlowType,
  ScheduleEventJson,
  TagDetail,
  TagJson,
  TagPresetsIndex,
  TagRolesAnswer,
  TagsIndex,
  TogglePresetAnswer,
} from './api-types.js';
import { eventPolicy, journeyPolicy, journeysPolicy, requireEvent, requireJourney, type EventOf } from './access.js';
import type { JourneysDeps } from './deps.js';
import { presetIn, presetsIn } from './catalog.js';
import { bundleById, PRIMARY_ROLE, ROLE_DEFAULTS, type LibraryEvent, type LibraryPreset } from './library.js';
import { planAddPreset, planRemovePreset, presetFits, presetPurposes, presetSelected } from './presets.js';
import { allCategories, allFlowTypes, eventJson, flowTypeJson, limitsJson, presetJson, roleJson, routeFlowType, tagJson } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import { addEventBody, createRoleBody, createTagBody, eventBody, togglePresetBody, updateTagBody, type UpdateEventBody } from './schema.js';
import type { SessionService } from './sessions.js';
import type { JourneyEvent, JourneyRole, JourneyTag } from './tables.js';

const DEFAULT_MINUTE = 9 * 60;

type EventPatch = UpdateEventBody['onboarding_schedule_event'];

/**
 * Journeys ("tags"): listing and creating them (from a bundle or presets), their roles, their events and presets,
 * with the free plan's limits (one journey at a time, 3 messages per journey) asked of the entitlements module.
 * Every change to a journey's events regenerates its sessions' events in the same transaction.
 */
export class JourneyService {
  /** Who may see and change a journey: admins, its creator and its permission users (`./access.ts`). */
  readonly policy: AccessPolicy<JourneyTag>;
  /** One event of a journey: as its journey. */
  readonly eventPolicy: AccessPolicy<EventOf>;

  constructor(
    private readonly s: Pick<JourneysDeps, 'clock' | 'events' | 'entitlements' | 'config' | 'people' | 'channels'>,
    private readonly repo: JourneyRepository,
    private readonly sessions: SessionService,
  ) {
    this.policy = journeyPolicy(repo);
    this.eventPolicy = eventPolicy(repo);
  }

  // ---- roles

  /** The primary role of a flow ("New hire" for onboarding, "Participant" otherwise), created on first use. */
  async ensurePrimaryRole(trx: Trx, workspaceId: number, flowType: FlowType): Promise<{ role: JourneyRole; created: boolean }> {
    const names = flowType === 'onboarding' ? PRIMARY_ROLE.onboarding : PRIMARY_ROLE.other;
    const existing = (await this.repo.roles(workspaceId, trx)).find((r) => r.is_primary && r.name === names.name);
    if (existing) return { role: existing, created: false };
    return { role: await this.repo.insertRole(trx, workspaceId, { purpose: 'primary', is_primary: true, ...names }, this.s.clock.now()), created: true };
  }

  /** The workspace's role for each purpose a preset needs, created (with its default names) when missing. */
  async ensureRoles(trx: Trx, workspaceId: number, flowType: FlowType, purposes: RolePurpose[]): Promise<{ byPurpose: Map<RolePurpose, JourneyRole>; created: JourneyRole[] }> {
    await this.repo.lockWorkspace(trx, workspaceId);
    const byPurpose = new Map<RolePurpose, JourneyRole>();
    const created: JourneyRole[] = [];
    const roles = await this.repo.roles(workspaceId, trx);
    for (const purpose of purposes) {
      if (purpose === 'primary') {
        const p = await this.ensurePrimaryRole(trx, workspaceId, flowType);
        byPurpose.set('primary', p.role);
        if (p.created) created.push(p.role);
        continue;
      }
      let role = roles.find((r) => r.purpose === purpose && !r.is_primary);
      if (!role) {
        const defaults = ROLE_DEFAULTS[purpose];
        role = (await this.repo.roleByName(trx, workspaceId, defaults.name)) ?? (await this.repo.insertRole(trx, workspaceId, { purpose, is_primary: false, ...defaults }, this.s.clock.now()));
        created.push(role);
        roles.push(role);
      }
      byPurpose.set(purpose, role);
    }
    return { byPurpose, created };
  }

  /** POST /onboarding/roles: a workspace's role (admins), added to journey `tag_id` when named (who may edit it). */
  async createRole(auth: AuthContext, input: unknown): Promise<RoleJson> {
    await requireAccess(auth, journeysPolicy, auth.workspace.id, 'edit');
    const body = parse(createRoleBody, input);
    const tag = body.tag_id === undefined ? undefined : await requireAccess(auth, this.policy, body.tag_id, 'edit');
    return this.s.events.transaction(async (trx) => {
      await this.repo.lockWorkspace(trx, auth.workspace.id);
      if (await this.repo.roleByName(trx, auth.workspace.id, body.role.name)) throw badRequest('role.name: a role with this name exists', { 'role.name': 'a role with this name exists' });
      const role = await this.repo.insertRole(trx, auth.workspace.id, { purpose: body.role.purpose ?? 'other', is_primary: false, name: body.role.name, plural_name: body.role.plural_name }, this.s.clock.now());
      if (tag) await this.repo.updateTag(trx, auth.workspace.id, tag.id, { role_ids: JSON.stringify([...tag.role_ids, role.id]), updated_at: this.s.clock.now() });
      return roleJson(role);
    });
  }

  /**
   * Takes a role out of one journey (or of every journey of the workspace): never the primary role, and not while an
   * active event sends to it or introduces it. The role itself goes when nothing refers to it any more.
   */
  async deleteRole(auth: AuthContext, roleId: number, tagId?: number): Promise<DeleteRoleAnswer> {
    await requireAccess(auth, journeysPolicy, auth.workspace.id, 'edit');
    const tag = tagId === undefined ? undefined : await requireAccess(auth, this.policy, tagId, 'edit');
    const ws = auth.workspace.id;
    return this.s.events.transaction(async (trx) => {
      await this.repo.lockWorkspace(trx, ws);
      const role = (await this.repo.roles(ws, trx)).find((r) => r.id === roleId);
      if (!role) throw new HttpError(404, 'Not found');
      if (role.is_primary) throw badRequest('role: the primary role cannot be removed', { role: 'the primary role cannot be removed' });
      const blocking = (await this.repo.eventsUsingRole(trx, ws, roleId, tag?.id)).filter((e) => e.active);
      if (blocking.length) {
        const what = `${blocking.length === 1 ? 'one active message uses' : `${blocking.length} active messages use`} it: send them to another role or deactivate them first`;
        throw badRequest(`role: ${what}`, { role: what });
      }
      const tags = (tag ? [tag] : await this.repo.tags(ws, {}, trx)).filter((t) => t.role_ids.includes(roleId));
      const now = this.s.clock.now();
      for (const t of tags) {
        const { [String(roleId)]: _gone, ...settings } = t.role_selection_settings;
        await this.repo.updateTag(trx, ws, t.id, { role_ids: JSON.stringify(t.role_ids.filter((id) => id !== roleId)), role_selection_settings: JSON.stringify(settings), updated_at: now });
      }
      return { id: roleId, removed_from: tags.map((t) => t.id), deleted: await this.repo.deleteRoleIfUnused(trx, ws, roleId) };
    });
  }

  // ---- reads

  async tagsJson(workspaceId: number, tags: JourneyTag[]): Promise<TagJson[]> {
    const ids = tags.map((t) => t.id);
    const [roles, perms, counts] = await Promise.all([this.repo.roles(workspaceId), this.repo.permissionUsers(workspaceId, ids), this.repo.tagCounts(workspaceId, ids)]);
    const involved = new Map<number, number[]>();
    for (const t of tags) involved.set(t.id, []);
    // Involved roles: the journey's roles that its active events go to or are about.
    const events = await Promise.all(tags.map((t) => this.repo.events(workspaceId, t.id)));
    tags.forEach((t, i) => {
      const ids = new Set<number>();
      for (const e of events[i]!.filter((e) => e.active)) {
        if (e.role_id !== null) ids.add(e.role_id);
        for (const r of e.role_ids) ids.add(r);
      }
      involved.set(t.id, [...ids]);
    });
    return tags.map((t) =>
      tagJson(t, { roles, permissionUsers: perms.filter((p) => p.tag_id === t.id), involvedRoleIds: involved.get(t.id)!, counts: counts.get(t.id)! }),
    );
  }

  /** The journeys of a flow: every member may list them (journeyPolicy); each says whether this member may change it. */
  async list(auth: AuthContext, scope: { route: 'onboarding' | 'participants'; ignoreScope: boolean; showArchived: boolean }): Promise<TagsIndex> {
    const workspaceId = auth.workspace.id;
    const flowTypes: FlowType[] | undefined = scope.ignoreScope ? undefined : scope.route === 'onboarding' ? ['onboarding'] : ['events', 'mentorship', 'training', 'offboarding', 'other'];
    const tags = await this.repo.tags(workspaceId, { flowTypes, archived: scope.showArchived ? undefined : false });
    const json = await this.tagsJson(workspaceId, tags);
    const editable = await Promise.all(tags.map((t) => hasAccess(auth, this.policy, t, 'edit')));
    return { tags: json.map((t, i) => ({ ...t, can_edit: editable[i]! })), flow_types: allFlowTypes(), limits: await this.limitsFor(workspaceId) };
  }

  async limitsFor(workspaceId: number) {
    const access = await this.s.entitlements.plan(workspaceId);
    const active = (await this.repo.tags(workspaceId, { archived: false })).length;
    return limitsJson(this.s.entitlements.limits(access), access.paidFeatureAccess, active);
  }

  async detail(auth: AuthContext, id: number, flow: RouteFlowType): Promise<TagDetail> {
    const tag = await requireJourney(auth, this.policy, id, 'read', flow);
    const [json] = await this.tagsJson(tag.workspace_id, [tag]);
    const roles = await this.repo.roles(tag.workspace_id);
    const events = await this.repo.events(tag.workspace_id, tag.id);
    return {
      tag: json!,
      flow_type: flowTypeJson(tag.flow_type),
      roles: roles.filter((r) => tag.role_ids.includes(r.id)).map(roleJson),
      events: events.map((e) => eventJson(e)),
      limits: await this.limitsFor(tag.workspace_id),
      can_edit: await hasAccess(auth, this.policy, tag, 'edit'),
    };
  }

  async rolesOf(auth: AuthContext, id: number, flow: RouteFlowType): Promise<TagRolesAnswer> {
    const tag = await requireJourney(auth, this.policy, id, 'read', flow);
    const roles = await this.repo.roles(tag.workspace_id);
    return { roleIds: tag.role_ids, roles: roles.map(roleJson), role_selection_settings: tag.role_selection_settings };
  }

  // ---- create and change a journey

  /** POST /onboarding/tags (admins). Its channel is one of this workspace's: another's is a field error. */
  async create(auth: AuthContext, input: unknown): Promise<CreateTagAnswer> {
    await requireAccess(auth, journeysPolicy, auth.workspace.id, 'edit');
    const body = parse(createTagBody, input);
    const ws = auth.workspace.id;
    const t = body.onboarding_tag;
    if (body.channel_id) await this.s.channels.requireOwn(ws, 'channel_id', [body.channel_id]);
    const bundle = t.preset_bundle_id ? bundleById(t.preset_bundle_id) : undefined;
    if (t.preset_bundle_id && !bundle) throw badRequest('onboarding_tag.preset_bundle_id: is not a known preset bundle', { 'onboarding_tag.preset_bundle_id': 'is not a known preset bundle' });
    const presetIds = [...new Set([...(bundle?.preset_ids ?? []), ...(t.preset_ids ?? [])])];
    const presets: LibraryPreset[] = [];
    for (const id of presetIds) {
      const preset = await presetIn(this.repo, ws, id);
      if (!preset) throw badRequest('onboarding_tag.preset_ids: contains an unknown preset', { 'onboarding_tag.preset_ids': `${id} is not a known preset` });
      presets.push(preset);
    }
    const now = this.s.clock.now();
    const answer = await this.s.events.transaction(async (trx) => {
      await this.repo.lockWorkspace(trx, ws);
      const access = await this.s.entitlements.plan(ws, trx);
      const active = await this.repo.countActiveTags(trx, ws);
      const decision = this.s.entitlements.decide(access, { feature: 'journeys', journeys: active + 1 });
      if (!decision.allowed) throw paymentRequired(decision.feature, decision.reason, access);
      const primary = await this.ensurePrimaryRole(trx, ws, t.flow_type);
      const tag = await this.repo.insertTag(trx, {
        workspace_id: ws,
        name: t.name,
        flow_type: t.flow_type,
        role_ids: JSON.stringify([primary.role.id]),
        role_selection_settings: JSON.stringify({}),
        channel_id: body.channel_id ?? null,
        auto_enroll: t.auto_enroll ?? false,
        preset_bundle_id: bundle?.id ?? null,
        source: body.source ?? null,
        created_by_member_id: auth.member.id,
        cohort_channels: presetIds.includes(106),
        created_at: now,
        updated_at: now,
      });
      const limit = this.s.entitlements.limits(access).journeyMessages;
      const events: JourneyEvent[] = [];
      const newRoles: JourneyRole[] = primary.created ? [primary.role] : [];
      let current = tag;
      for (const preset of presets) {
        // The free plan's journey starts with its first messages active; the rest wait, inactive, for an upgrade.
        const added = await this.addPresetIn(trx, current, preset, body.channel_id ?? null, { capActiveAt: limit });
        events.push(...added.events);
        newRoles.push(...added.newRoles);
        current = added.tag;
      }
      return { tag: current, events, newRoles };
    });
    const [json] = await this.tagsJson(ws, [answer.tag]);
    return {
      tag: json!,
      redirect_url: `/${routeFlowType(answer.tag.flow_type)}/tags/${answer.tag.id}`,
      events: answer.events.map((e) => eventJson(e)),
      new_roles: answer.newRoles.map(roleJson),
    };
  }

  /**
   * PUT /{flow}/tags/{id} (who may edit it). The channels and people it names (its channel, its permission users,
   * the members and channels that fill its roles) are this workspace's: another workspace's id is a field error.
   */
  async update(auth: AuthContext, id: number, flow: RouteFlowType, input: unknown): Promise<TagJson> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    const p = parse(updateTagBody, input).onboarding_tag;
    const ws = auth.workspace.id;
    if (p.channel_id) await this.s.channels.requireOwn(ws, 'onboarding_tag.channel_id', [p.channel_id]);
    if (p.permission_user_ids) await this.s.people.requireOwn(ws, 'onboarding_tag.permission_user_ids', p.permission_user_ids);
    for (const [roleId, r] of Object.entries(p.role_selection_settings ?? {})) {
      const field = `onboarding_tag.role_selection_settings.${roleId}`;
      if (r.channel_id) await this.s.channels.requireOwn(ws, `${field}.channel_id`, [r.channel_id]);
      if (r.user_id) await this.s.people.requireOwn(ws, `${field}.user_id`, [r.user_id]);
      if (r.selector_id) await this.s.people.requireOwn(ws, `${field}.selector_id`, [r.selector_id]);
    }
    const updated = await this.s.events.transaction(async (trx) => {
      await this.repo.lockWorkspace(trx, ws);
      if (p.archived === false && tag.archived) {
        const active = await this.repo.countActiveTags(trx, ws);
        await this.s.entitlements.require(ws, { feature: 'journeys', journeys: active + 1 }, { ex: trx });
      }
      if (p.roleIds) {
        const roles = await this.repo.roles(ws, trx);
        for (const id of p.roleIds) if (!roles.some((r) => r.id === id)) throw badRequest('onboarding_tag.roleIds: contains an unknown role', { 'onboarding_tag.roleIds': `${id} is not a role` });
      }
      if (p.role_selection_settings) {
        for (const key of Object.keys(p.role_selection_settings))
          if (!(p.roleIds ?? tag.role_ids).includes(Number(key))) throw badRequest('onboarding_tag.role_selection_settings: names a role the journey does not use', { 'onboarding_tag.role_selection_settings': `${key} is not a role of this journey` });
      }
      if (p.permission_user_ids) await this.repo.setPermissionUsers(trx, ws, tag.id, p.permission_user_ids);
      return (await this.repo.updateTag(trx, ws, tag.id, {
        ...(p.name !== undefined ? { name: p.name } : {}),
        ...(p.archived !== undefined ? { archived: p.archived } : {}),
        ...(p.channel_id !== undefined ? { channel_id: p.channel_id } : {}),
        ...(p.auto_enroll !== undefined ? { auto_enroll: p.auto_enroll } : {}),
        ...(p.past_start_policy !== undefined ? { past_start_policy: p.past_start_policy } : {}),
        ...(p.cohort_channels !== undefined ? { cohort_channels: p.cohort_channels } : {}),
        ...(p.role_selection_settings !== undefined ? { role_selection_settings: JSON.stringify(p.role_selection_settings) } : {}),
        ...(p.roleIds !== undefined ? { role_ids: JSON.stringify(ensurePrimaryFirst(p.roleIds, tag.role_ids)) } : {}),
        updated_at: this.s.clock.now(),
      }))!;
    });
    return (await this.tagsJson(ws, [updated]))[0]!;
  }

  // ---- presets of a journey

  /** GET /onboarding/tags/{id}/presets: the presets that fit the journey, each with its state in it. */
  async presetsOf(auth: AuthContext, id: number): Promise<TagPresetsIndex> {
    const tag = await requireAccess(auth, this.policy, id, 'read');
    const [roles, states, events] = await Promise.all([this.repo.roles(tag.workspace_id), this.repo.tagPresets(tag.id), this.repo.events(tag.workspace_id, tag.id)]);
    const inUse = new Set(events.filter((e) => e.active && e.preset_event_id !== null).map((e) => e.preset_event_id!));
    const [json] = await this.tagsJson(tag.workspace_id, [tag]);
    return {
      tag: json!,
      presets: (await presetsIn(this.repo, tag.workspace_id)).filter((p) => presetFits(p, tag.flow_type) || states.some((s) => s.preset_id === p.id)).map((p) => {
        const st = states.find((s) => s.preset_id === p.id);
        return presetJson(p, { flowType: tag.flow_type, roles, state: { selected: st?.selected ?? false, edited: st?.edited ?? false }, inUse });
      }),
      preset_categories: allCategories().filter((c) => c.flow_types.includes(tag.flow_type)),
    };
  }

  /** GET /onboarding/tags/{tagId}/presets/{presetId}: the index of the journey's presets with only this one. */
  async presetOf(auth: AuthContext, id: number, presetId: number): Promise<TagPresetsIndex> {
    const index = await this.presetsOf(auth, id);
    const preset = index.presets.find((x) => x.id === presetId);
    if (!preset) throw new HttpError(404, 'Not found');
    return { ...index, presets: [preset] };
  }

  /** PUT /onboarding/tags/{tagId}/presets/{presetId} {removing, channel_id}; the channel is this workspace's. */
  async togglePreset(auth: AuthContext, id: number, presetId: number, input: unknown): Promise<TogglePresetAnswer> {
    const tag = await requireAccess(auth, this.policy, id, 'edit');
    const { removing, channel_id: channelId = null } = parse(togglePresetBody, input);
    if (channelId) await this.s.channels.requireOwn(tag.workspace_id, 'channel_id', [channelId]);
    const preset = await presetIn(this.repo, tag.workspace_id, presetId);
    if (!preset) throw new HttpError(404, 'Not found');
    const ws = tag.workspace_id;
    const out = await this.s.events.transaction(async (trx) => {
      const locked = (await this.repo.lockTag(trx, ws, tag.id))!;
      if (removing) {
        const events = await this.repo.events(ws, tag.id, trx);
        const { deactivate } = planRemovePreset(preset.id, events);
        await this.repo.setEventsActive(trx, ws, deactivate, false, this.s.clock.now());
        await this.repo.setTagPreset(trx, tag.id, preset.id, { selected: false }, this.s.clock.now());
        await this.sessions.syncIn(trx, ws, tag.id, deactivate);
        return { tag: locked, removed: deactivate, events: [] as JourneyEvent[], newRoles: [] as JourneyRole[] };
      }
      const access = await this.s.entitlements.plan(ws, trx);
      const limit = this.s.entitlements.limits(access).journeyMessages;
      const added = await this.addPresetIn(trx, locked, preset, channelId, { requireWithin: limit === null ? null : { limit, access } });
      return { tag: added.tag, removed: [] as number[], events: added.events, newRoles: added.newRoles };
    });
    const roles = await this.repo.roles(ws);
    const states = await this.repo.tagPresets(tag.id);
    const st = states.find((s) => s.preset_id === preset.id);
    const all = await this.repo.events(ws, tag.id);
    const inUse = new Set(all.filter((e) => e.active && e.preset_event_id !== null).map((e) => e.preset_event_id!));
    const presetOut = presetJson(preset, { flowType: tag.flow_type, roles, state: { selected: st?.selected ?? false, edited: st?.edited ?? false }, inUse });
    if (removing) return { preset: presetOut, removed_event_ids: out.removed };
    const involvedIds = new Set(out.events.flatMap((e) => [e.role_id, ...e.role_ids]).filter((id): id is number => id !== null));
    return {
      preset: presetOut,
      events: out.events.map((e) => eventJson(e)),
      involved_roles: roles.filter((r) => involvedIds.has(r.id)).map(roleJson),
      new_roles: out.newRoles.map(roleJson),
    };
  }

  /**
   * Adds a preset to a journey (in the caller's transaction): its roles (created when missing, added to the
   * journey), its events re-activated or created, the preset marked selected, the sessions' events regenerated.
   * `capActiveAt`: create events beyond this many active ones inactive (a new free journey). `requireWithin`: refuse
   * with a 402 instead (adding a preset to an existing journey).
   */
  private async addPresetIn(
    trx: Trx,
    tag: JourneyTag,
    preset: LibraryPreset,
    channelId: string | null,
    opts: { capActiveAt?: number | null; requireWithin?: { limit: number; access: Awaited<ReturnType<JourneysDeps['entitlements']['plan']>> } | null },
  ): Promise<{ tag: JourneyTag; events: JourneyEvent[]; newRoles: JourneyRole[] }> {
    const ws = tag.workspace_id;
    const now = this.s.clock.now();
    const { byPurpose, created } = await this.ensureRoles(trx, ws, tag.flow_type, presetPurposes(preset));
    const roleIds = [...tag.role_ids];
    for (const role of byPurpose.values()) if (!roleIds.includes(role.id)) roleIds.push(role.id);
    const updatedTag = (await this.repo.updateTag(trx, ws, tag.id, { role_ids: JSON.stringify(roleIds), ...(channelId && !tag.channel_id ? { channel_id: channelId } : {}), updated_at: now }))!;

    const existing = await this.repo.events(ws, tag.id, trx);
    const plan = planAddPreset(preset, existing);
    const activeNow = existing.filter((e) => e.active).length;
    if (opts.requireWithin) {
      const after = activeNow + plan.reactivate.length + plan.create.length;
      const decision = this.s.entitlements.decide(opts.requireWithin.access, { feature: 'journeys', journeyMessages: after });
      if (!decision.allowed) throw paymentRequired(decision.feature, decision.reason, opts.requireWithin.access);
    }
    let room = opts.capActiveAt == null ? Infinity : Math.max(0, opts.capActiveAt - activeNow);
    const reactivate = plan.reactivate.slice(0, Number.isFinite(room) ? room : undefined);
    room -= reactivate.length;
    const reactivated = await this.repo.setEventsActive(trx, ws, reactivate, true, now);
    const rows = [...plan.create]
      .sort((a, b) => a.days_later - b.days_later || a.minute_in_day - b.minute_in_day)
      .map((e) => {
        const active = room > 0;
        room -= 1;
        return libraryEventRow(ws, tag.id, preset, e, byPurpose, channelId ?? updatedTag.channel_id, active, now);
      });
    const inserted = await this.repo.insertEvents(trx, rows);
    await this.repo.setTagPreset(trx, tag.id, preset.id, { selected: presetSelected(preset.id, [...existing, ...reactivated, ...inserted].map((e) => ({ ...e, active: e.active || reactivate.includes(e.id) }))) }, now);
    await this.sessions.syncIn(trx, ws, tag.id, [...reactivate, ...inserted.map((e) => e.id)]);
    return { tag: updatedTag, events: [...reactivated, ...inserted], newRoles: created };
  }

  /** POST /onboarding/tags/{id}/presets/{presetId}/add_event {days_later, channel_id}: a new message in the preset's group. */
  async addEvent(auth: AuthContext, id: number, presetId: number, input: unknown): Promise<ScheduleEventJson> {
    const tag = await requireAccess(auth, this.policy, id, 'edit');
    const { days_later: daysLater, channel_id: channelId = null } = parse(addEventBody, input);
    const preset = await presetIn(this.repo, tag.workspace_id, presetId);
    if (!preset) throw new HttpError(404, 'Not found');
    return this.insertEvent(tag, {
      kind: 'message',
      days_later: daysLater,
      minute_in_day: DEFAULT_MINUTE,
      recipient_type: channelId ? 'channel' : 'role',
      channel_id: channelId,
      title: 'New message',
      text: 'Hi {first_name}! ',
      group: preset.name,
    }, preset.id);
  }

  // ---- events

  /** POST /{flow}/tags/{id}/events (who may edit the journey). */
  async createEvent(auth: AuthContext, id: number, flow: RouteFlowType, input: unknown): Promise<ScheduleEventJson> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    return this.insertEvent(tag, parse(eventBody, input).onboarding_schedule_event);
  }

  /** A new event of the journey; its channel is this workspace's (another workspace's is a field error). */
  private async insertEvent(tag: JourneyTag, p: EventPatch, presetId: number | null = null): Promise<ScheduleEventJson> {
    const ws = tag.workspace_id;
    if (p.channel_id) await this.s.channels.requireOwn(ws, 'onboarding_schedule_event.channel_id', [p.channel_id]);
    const now = this.s.clock.now();
    const event = await this.s.events.transaction(async (trx) => {
      const locked = (await this.repo.lockTag(trx, ws, tag.id))!;
      await this.requireMessages(trx, ws, tag.id, 1);
      const roles = await this.repo.roles(ws, trx);
      const recipientType: RecipientType = p.recipient_type ?? 'role';
      const roleId = recipientType === 'role' ? (p.role ?? roles.find((r) => r.is_primary && locked.role_ids.includes(r.id))?.id ?? null) : null;
      const values = checkEvent(
        {
          kind: p.kind ?? 'message',
          days_later: p.days_later ?? 0,
          minute_in_day: p.minute_in_day ?? DEFAULT_MINUTE,
          recipient_type: recipientType,
          role_id: roleId,
          role_ids: p.role_ids ?? [],
          channel_id: p.channel_id ?? null,
          title: p.title ?? 'New message',
          text: p.text ?? '',
          poll_options: p.poll_options ?? [],
        },
        roles,
        locked,
      );
      const [row] = await this.repo.insertEvents(trx, [
        {
          workspace_id: ws,
          tag_id: tag.id,
          preset_id: presetId,
          preset_event_id: null,
          ...values,
          role_ids: JSON.stringify(values.role_ids),
          poll_options: JSON.stringify(values.poll_options),
          group_name: p.group ?? null,
          active: true,
          created_at: now,
          updated_at: now,
        },
      ]);
      if (presetId !== null) await this.repo.setTagPreset(trx, tag.id, presetId, { selected: true, edited: true }, now);
      await this.sessions.syncIn(trx, ws, tag.id, [row!.id]);
      return row!;
    });
    return eventJson(event);
  }

  /** PUT /{flow}/events/{id}: edit, deactivate or reschedule; the preset's selected/edited state follows. */
  async updateEvent(auth: AuthContext, id: number, flow: RouteFlowType, input: unknown): Promise<ScheduleEventJson> {
    const { event, tag } = await requireEvent(auth, this.eventPolicy, id, 'edit', flow);
    const p = parse(eventBody, input).onboarding_schedule_event;
    const ws = tag.workspace_id;
    if (p.channel_id) await this.s.channels.requireOwn(ws, 'onboarding_schedule_event.channel_id', [p.channel_id]);
    const now = this.s.clock.now();
    const updated = await this.s.events.transaction(async (trx) => {
      const locked = (await this.repo.lockTag(trx, ws, tag.id))!;
      const current = (await this.repo.event(ws, event.id, trx))!;
      if (p.active === true && !current.active) await this.requireMessages(trx, ws, tag.id, 1);
      const roles = await this.repo.roles(ws, trx);
      const recipientType = p.recipient_type ?? current.recipient_type;
      const values = checkEvent(
        {
          kind: p.kind ?? current.kind,
          days_later: p.days_later ?? current.days_later,
          minute_in_day: p.minute_in_day ?? current.minute_in_day,
          recipient_type: recipientType,
          role_id: recipientType === 'role' ? (p.role !== undefined ? p.role : current.role_id) : null,
          role_ids: p.role_ids ?? current.role_ids,
          channel_id: p.channel_id !== undefined ? p.channel_id : current.channel_id,
          title: p.title ?? current.title,
          text: p.text ?? current.text,
          poll_options: p.poll_options ?? current.poll_options,
        },
        roles,
        locked,
      );
      const row = (await this.repo.updateEvent(trx, ws, event.id, {
        ...values,
        role_ids: JSON.stringify(values.role_ids),
        poll_options: JSON.stringify(values.poll_options),
        ...(p.active !== undefined ? { active: p.active, held_by_plan: false } : {}),
        ...(p.group !== undefined ? { group_name: p.group } : {}),
        updated_at: now,
      }))!;
      if (row.preset_id !== null) {
        const all = await this.repo.events(ws, tag.id, trx);
        const contentChanged = ['kind', 'days_later', 'minute_in_day', 'recipient_type', 'role', 'role_ids', 'channel_id', 'title', 'text', 'poll_options'].some((k) => k in p);
        await this.repo.setTagPreset(trx, tag.id, row.preset_id, { selected: presetSelected(row.preset_id, all), ...(contentChanged ? { edited: true } : {}) }, now);
      }
      await this.sessions.syncIn(trx, ws, tag.id, [row.id]);
      return row;
    });
    return eventJson(updated);
  }

  /** POST /{flow}/tags/{tagId}/events/{id}/duplicate_as_json. */
  async duplicateEvent(auth: AuthContext, tagId: number, id: number, flow: RouteFlowType): Promise<ScheduleEventJson> {
    const { event, tag } = await requireEvent(auth, this.eventPolicy, id, 'edit', flow, tagId);
    return this.insertEvent(
      tag,
      {
        kind: event.kind,
        days_later: event.days_later,
        minute_in_day: event.minute_in_day,
        recipient_type: event.recipient_type,
        role: event.role_id,
        role_ids: event.role_ids,
        channel_id: event.channel_id,
        group: event.group_name,
        title: `${event.title} (copy)`.slice(0, 150),
        text: event.text,
        poll_options: event.poll_options,
      },
      event.preset_id,
    );
  }

  async deleteEvent(auth: AuthContext, id: number, flow: RouteFlowType): Promise<void> {
    const { event, tag } = await requireEvent(auth, this.eventPolicy, id, 'edit', flow);
    const ws = tag.workspace_id;
    await this.s.events.transaction(async (trx) => {
      await this.repo.lockTag(trx, ws, tag.id);
      await this.repo.deleteEvent(trx, ws, event.id);
      if (event.preset_id !== null) {
        const all = await this.repo.events(ws, tag.id, trx);
        await this.repo.setTagPreset(trx, tag.id, event.preset_id, { selected: presetSelected(event.preset_id, all), edited: true }, this.s.clock.now());
      }
    });
  }

  /**
   * After an upgrade, in one step: turns on the messages the free plan held back when the journey was built
   * (still a 402 on the free plan, so the upgrade dialog can redo it), and schedules them for running sessions.
   */
  async turnOnHeldMessages(auth: AuthContext, id: number, flow: RouteFlowType): Promise<ScheduleEventJson[]> {
    const tag = await requireJourney(auth, this.policy, id, 'edit', flow);
    const ws = tag.workspace_id;
    const events = await this.s.events.transaction(async (trx) => {
      await this.repo.lockTag(trx, ws, tag.id);
      const held = (await this.repo.events(ws, tag.id, trx)).filter((e) => e.held_by_plan && !e.active).map((e) => e.id);
      if (!held.length) return [];
      await this.requireMessages(trx, ws, tag.id, held.length);
      const on = await this.repo.setEventsActive(trx, ws, held, true, this.s.clock.now());
      await this.sessions.syncIn(trx, ws, tag.id, held);
      return on;
    });
    return events.map((e) => eventJson(e));
  }

  /** The free plan's message limit, counted under the journey's lock. */
  private async requireMessages(trx: Trx, workspaceId: number, tagId: number, adding: number): Promise<void> {
    const active = await this.repo.countActiveEvents(trx, workspaceId, tagId);
    await this.s.entitlements.require(workspaceId, { feature: 'journeys', journeyMessages: active + adding }, { ex: trx });
  }

  async member(workspaceId: number, id: number): Promise<Member | undefined> {
    return this.repo.member(workspaceId, id);
  }
}

function ensurePrimaryFirst(next: number[], current: number[]): number[] {
  const primary = current[0];
  if (primary === undefined) return next;
  return [primary, ...next.filter((id) => id !== primary)];
}

interface EventValues {
  kind: EventKind;
  days_later: number;
  minute_in_day: number;
  recipient_type: RecipientType;
  role_id: number | null;
  role_ids: number[];
  channel_id: string | null;
  title: string;
  text: string;
  poll_options: string[];
}

/** The cross-field rules of an event (the zod schema checks each field alone). */
function checkEvent(v: EventValues, roles: JourneyRole[], tag: JourneyTag): EventValues {
  const field = (name: string, message: string) => badRequest(`onboarding_schedule_event.${name}: ${message}`, { [`onboarding_schedule_event.${name}`]: message });
  // The recipient type follows the kind: posts go to a channel or the cohort channel, the rest to a role.
  const recipient: RecipientType = v.kind === 'channel_post' ? 'channel' : v.kind === 'cohort_message' ? 'cohortChannel' : v.recipient_type === 'role' ? 'role' : v.recipient_type;
  const kind: EventKind = recipient === 'channel' ? 'channel_post' : recipient === 'cohortChannel' ? 'cohort_message' : v.kind;
  if (recipient === 'role') {
    if (v.role_id === null) throw field('role', 'choose who receives it');
    if (!roles.some((r) => r.id === v.role_id)) throw field('role', 'is not a role of this workspace');
  }
  if (recipient === 'channel' && !v.channel_id && !tag.channel_id) throw field('channel_id', 'choose a channel to post in');
  for (const id of v.role_ids) if (!roles.some((r) => r.id === id)) throw field('role_ids', `${id} is not a role of this workspace`);
  if (kind === 'intro' && v.role_ids.length === 0) throw field('role_ids', 'choose whom to introduce');
  if (kind === 'poll' && (v.poll_options.length < 2 || v.poll_options.length > 10)) throw field('poll_options', 'a poll needs 2 to 10 answers');
  if (!v.text.trim()) throw field('text', "can't be blank");
  return { ...v, kind, recipient_type: recipient, role_id: recipient === 'role' ? v.role_id : null, channel_id: recipient === 'channel' ? v.channel_id : null, poll_options: kind === 'poll' ? v.poll_options : [] };
}

function libraryEventRow(
  workspaceId: number,
  tagId: number,
  preset: LibraryPreset,
  e: LibraryEvent,
  byPurpose: Map<RolePurpose, JourneyRole>,
  channelId: string | null,
  active: boolean,
  now: Date,
) {
  return {
    workspace_id: workspaceId,
    tag_id: tagId,
    preset_id: preset.id,
    preset_event_id: e.id,
    kind: e.kind,
    active,
    // Off only because the free plan's limit was reached: an upgrade turns it on (turnOnHeldMessages).
    held_by_plan: !active,
    days_later: e.days_later,
    minute_in_day: e.minute_in_day,
    recipient_type: e.recipient_type,
    role_id: e.recipient_type === 'role' && e.recipient ? (byPurpose.get(e.recipient)?.id ?? null) : null,
    role_ids: JSON.stringify(e.about.map((p) => byPurpose.get(p)?.id).filter((id): id is number => id !== undefined)),
    channel_id: e.recipient_type === 'channel' ? channelId : null,
    group_name: preset.name,
    title: e.title,
    text: e.text,
    poll_options: JSON.stringify(e.poll_options ?? []),
    created_at: now,
    updated_at: now,
  };
}
