import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { Member } from '../db/types.js';
import type { FlowType, RolePurpose } from './api-types.js';
import type { CustomPresetEvent, JourneyCustomPreset, JourneyEvent, JourneyEventsTable, JourneyRole, JourneyTag, JourneyTagsTable } from './tables.js';

/**
 * The SQL of journeys: roles, journeys ("tags"), their events and the presets they use. Every method takes the
 * workspace id and scopes by it.
 */
export class JourneyRepository {
  constructor(private readonly db: Db) {}

  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- roles

  roles(workspaceId: number, ex: Executor = this.db): Promise<JourneyRole[]> {
    return ex.selectFrom('journey_roles').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  async insertRole(ex: Executor, workspaceId: number, role: { purpose: RolePurpose; is_primary: boolean; name: string; plural_name: string }, now: Date): Promise<JourneyRole> {
    return ex
      .insertInto('journey_roles')
      .values({ workspace_id: workspaceId, ...role, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  roleByName(ex: Executor, workspaceId: number, name: string): Promise<JourneyRole | undefined> {
    return ex
      .selectFrom('journey_roles')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  /** Events that send to a role or introduce it (of one journey, or of all): active ones block removing the role. */
  eventsUsingRole(ex: Executor, workspaceId: number, roleId: number, tagId?: number): Promise<JourneyEvent[]> {
    let q = ex
      .selectFrom('journey_events')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('role_id', '=', roleId), eb(sql`role_ids`, '@>', sql`${JSON.stringify([roleId])}::jsonb`)]));
    if (tagId !== undefined) q = q.where('tag_id', '=', tagId);
    return q.orderBy('days_later').orderBy('id').execute();
  }

  /** Deletes a role nothing refers to any more (no journey, event or membership); false when something still does. */
  async deleteRoleIfUnused(ex: Executor, workspaceId: number, roleId: number): Promise<boolean> {
    const r = await ex
      .deleteFrom('journey_roles')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', roleId)
      .where('is_primary', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('journey_tags')
              .select(sql`1`.as('x'))
              .where('workspace_id', '=', workspaceId)
              .where(sql`role_ids`, '@>', sql`${JSON.stringify([roleId])}::jsonb`),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('journey_memberships').select(sql`1`.as('x')).where('workspace_id', '=', workspaceId).where('role_id', '=', roleId))))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('journey_events')
              .select(sql`1`.as('x'))
              .where('workspace_id', '=', workspaceId)
              .where((eb) => eb.or([eb('role_id', '=', roleId), eb(sql`role_ids`, '@>', sql`${JSON.stringify([roleId])}::jsonb`)])),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Serialises role creation in a workspace (two presets added at once must not both create "Buddy"). */
  async lockWorkspace(trx: Trx, workspaceId: number): Promise<void> {
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  }

  // ---- tags

  tag(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyTag | undefined> {
    return ex.selectFrom('journey_tags').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  tags(workspaceId: number, opts: { flowTypes?: FlowType[]; archived?: boolean } = {}, ex: Executor = this.db): Promise<JourneyTag[]> {
    let q = ex.selectFrom('journey_tags').selectAll().where('workspace_id', '=', workspaceId);
    if (opts.flowTypes) q = q.where('flow_type', 'in', opts.flowTypes);
    if (opts.archived === false) q = q.where('archived', '=', false);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async countActiveTags(ex: Executor, workspaceId: number): Promise<number> {
    const row = await ex.selectFrom('journey_tags').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).where('archived', '=', false).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insertTag(ex: Executor, values: Insertable<JourneyTagsTable>): Promise<JourneyTag> {
    return ex.insertInto('journey_tags').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateTag(ex: Executor, workspaceId: number, id: number, values: Updateable<JourneyTagsTable>): Promise<JourneyTag | undefined> {
    return ex.updateTable('journey_tags').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async permissionUsers(workspaceId: number, tagIds: number[], ex: Executor = this.db): Promise<Array<Member & { tag_id: number }>> {
    if (!tagIds.length) return [];
    return ex
      .selectFrom('journey_tag_permission_users as p')
      .innerJoin('members', 'members.id', 'p.member_id')
      .selectAll('members')
      .select('p.tag_id')
      .where('members.workspace_id', '=', workspaceId)
      .where('p.tag_id', 'in', tagIds)
      .execute();
  }

  async setPermissionUsers(trx: Trx, workspaceId: number, tagId: number, memberIds: number[]): Promise<void> {
    await trx.deleteFrom('journey_tag_permission_users').where('tag_id', '=', tagId).execute();
    if (!memberIds.length) return;
    const valid = await trx.selectFrom('members').select('id').where('workspace_id', '=', workspaceId).where('id', 'in', memberIds).execute();
    if (valid.length) await trx.insertInto('journey_tag_permission_users').values(valid.map((m) => ({ tag_id: tagId, member_id: m.id }))).execute();
  }

  async isPermissionUser(workspaceId: number, tagId: number, memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('journey_tag_permission_users as p')
      .innerJoin('journey_tags as t', 't.id', 'p.tag_id')
      .select('p.member_id')
      .where('t.workspace_id', '=', workspaceId)
      .where('p.tag_id', '=', tagId)
      .where('p.member_id', '=', memberId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the member created a journey of the workspace or is on one's permission users. */
  async runsAny(workspaceId: number, memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('journey_tags as t')
      .select('t.id')
      .where('t.workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('t.created_by_member_id', '=', memberId), eb.exists(eb.selectFrom('journey_tag_permission_users as p').select('p.tag_id').whereRef('p.tag_id', '=', 't.id').where('p.member_id', '=', memberId))]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Events and sessions counted per journey, for the lists. */
  async tagCounts(workspaceId: number, tagIds: number[], ex: Executor = this.db): Promise<Map<number, { events: number; active_events: number; sessions: number; active_sessions: number }>> {
    const out = new Map<number, { events: number; active_events: number; sessions: number; active_sessions: number }>();
    if (!tagIds.length) return out;
    for (const id of tagIds) out.set(id, { events: 0, active_events: 0, sessions: 0, active_sessions: 0 });
    const ev = await ex
      .selectFrom('journey_events')
      .select(['tag_id', sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where active)`.as('a')])
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', 'in', tagIds)
      .groupBy('tag_id')
      .execute();
    for (const r of ev) Object.assign(out.get(r.tag_id)!, { events: Number(r.n), active_events: Number(r.a) });
    const se = await ex
      .selectFrom('journey_sessions')
      .select(['tag_id', sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where state = 'active')`.as('a')])
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', 'in', tagIds)
      .groupBy('tag_id')
      .execute();
    for (const r of se) Object.assign(out.get(r.tag_id)!, { sessions: Number(r.n), active_sessions: Number(r.a) });
    return out;
  }

  // ---- events

  events(workspaceId: number, tagId: number, ex: Executor = this.db): Promise<JourneyEvent[]> {
    return ex
      .selectFrom('journey_events')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', '=', tagId)
      .orderBy('days_later')
      .orderBy('minute_in_day')
      .orderBy('id')
      .execute();
  }

  event(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyEvent | undefined> {
    return ex.selectFrom('journey_events').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  eventsByIds(workspaceId: number, ids: number[], ex: Executor = this.db): Promise<JourneyEvent[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.selectFrom('journey_events').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  async countActiveEvents(ex: Executor, workspaceId: number, tagId: number): Promise<number> {
    const row = await ex
      .selectFrom('journey_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('tag_id', '=', tagId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Locks a journey's row: changes to its events and presets go one at a time (the message limit counts right). */
  async lockTag(trx: Trx, workspaceId: number, tagId: number): Promise<JourneyTag | undefined> {
    return trx.selectFrom('journey_tags').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', tagId).forUpdate().executeTakeFirst();
  }

  async insertEvents(ex: Executor, rows: Array<Insertable<JourneyEventsTable>>): Promise<JourneyEvent[]> {
    if (!rows.length) return [];
    return ex.insertInto('journey_events').values(rows).returningAll().execute();
  }

  updateEvent(ex: Executor, workspaceId: number, id: number, values: Updateable<JourneyEventsTable>): Promise<JourneyEvent | undefined> {
    return ex.updateTable('journey_events').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async setEventsActive(ex: Executor, workspaceId: number, ids: number[], active: boolean, now: Date): Promise<JourneyEvent[]> {
    if (!ids.length) return [];
    // Turned on or off by a person or an upgrade: no longer held back by the plan.
    return ex.updateTable('journey_events').set({ active, held_by_plan: false, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', 'in', ids).returningAll().execute();
  }

  async deleteEvent(ex: Executor, workspaceId: number, id: number): Promise<boolean> {
    const r = await ex.deleteFrom('journey_events').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- presets of a journey

  async tagPresets(tagId: number, ex: Executor = this.db): Promise<Array<{ preset_id: number; selected: boolean; edited: boolean }>> {
    return ex.selectFrom('journey_tag_presets').select(['preset_id', 'selected', 'edited']).where('tag_id', '=', tagId).execute();
  }

  async setTagPreset(ex: Executor, tagId: number, presetId: number, values: { selected: boolean; edited?: boolean }, now: Date): Promise<void> {
    await ex
      .insertInto('journey_tag_presets')
      .values({ tag_id: tagId, preset_id: presetId, selected: values.selected, edited: values.edited ?? false, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['tag_id', 'preset_id']).doUpdateSet({ selected: values.selected, ...(values.edited === undefined ? {} : { edited: values.edited }), updated_at: now }),
      )
      .execute();
  }

  /** Whether the journey's hub is published (the hub writes it when its site is saved). */
  async setHubPublished(ex: Executor, workspaceId: number, tagId: number, published: boolean): Promise<void> {
    await ex.updateTable('journey_tags').set({ hub_published: published }).where('workspace_id', '=', workspaceId).where('id', '=', tagId).execute();
  }

  /** Whether members may join the journey themselves (Enrollment's self-enroll setting). */
  async setSelfEnroll(ex: Executor, workspaceId: number, tagId: number, enabled: boolean, now: Date): Promise<void> {
    await ex.updateTable('journey_tags').set({ self_enroll: enabled, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', tagId).execute();
  }

  // ---- the workspace's own presets

  customPresets(workspaceId: number, ex: Executor = this.db): Promise<JourneyCustomPreset[]> {
    return ex.selectFrom('journey_custom_presets').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  customPreset(workspaceId: number, id: number, ex: Executor = this.db): Promise<JourneyCustomPreset | undefined> {
    return ex.selectFrom('journey_custom_presets').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  /** A new preset; its events are numbered from its id (id × 100 + n), so they never meet another preset's. */
  async insertCustomPreset(
    trx: Trx,
    workspaceId: number,
    p: { category_id: number; name: string; description: string; flow_types: FlowType[]; events: Array<Omit<CustomPresetEvent, 'id'>>; created_by_member_id: number | null },
    now: Date,
  ): Promise<JourneyCustomPreset> {
    const row = await trx
      .insertInto('journey_custom_presets')
      .values({ workspace_id: workspaceId, category_id: p.category_id, name: p.name, description: p.description, flow_types: JSON.stringify(p.flow_types), events: '[]', created_by_member_id: p.created_by_member_id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events = p.events.map((e, i) => ({ id: row.id * 100 + i + 1, ...e }));
    return trx
      .updateTable('journey_custom_presets')
      .set({ events: JSON.stringify(events) })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---- members

  members(workspaceId: number, ids: number[], ex: Executor = this.db): Promise<Member[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  member(workspaceId: number, id: number, ex: Executor = this.db): Promise<Member | undefined> {
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  memberBySlackId(workspaceId: number, slackUserId: string, ex: Executor = this.db): Promise<Member | undefined> {
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', '=', slackUserId).executeTakeFirst();
  }

  /** Reachable humans in a channel (Hearth's record of its members), for roles picked from a channel. */
  channelMembers(workspaceId: number, channelId: string, ex: Executor = this.db): Promise<Member[]> {
    return ex
      .selectFrom('channel_members as cm')
      .innerJoin('members', (j) => j.onRef('members.slack_user_id', '=', 'cm.slack_user_id').onRef('members.workspace_id', '=', 'cm.workspace_id'))
      .selectAll('members')
      .where('cm.workspace_id', '=', workspaceId)
      .where('cm.channel_id', '=', channelId)
      .where('members.deleted', '=', false)
      .where('members.is_bot', '=', false)
      .orderBy('members.id')
      .execute();
  }

  /** A reachable human of the workspace other than `excludeId` (the sandbox try-out's other roles). */
  someoneElse(workspaceId: number, excludeId: number): Promise<Member | undefined> {
    return this.db
      .selectFrom('members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '<>', excludeId)
      .where('deleted', '=', false)
      .where('is_bot', '=', false)
      .where('is_external', '=', false)
      .orderBy('id')
      .executeTakeFirst();
  }

  async defaultTz(ex: Executor, workspaceId: number): Promise<string> {
    const row = await ex.selectFrom('workspaces').select('default_tz').where('id', '=', workspaceId).executeTakeFirst();
    return row?.default_tz ?? 'UTC';
  }
}
