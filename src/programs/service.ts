import type { Db } from '../db/index.js';
import type { ChannelProgram, ProgramType, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { Outbox } from '../outbox/service.js';
import type { AccessPolicy } from '../platform/access.js';
import type { Entitlements } from '../platform/entitlements/service.js';
import type { Clock } from '../time/clock.js';
import { compareLocalDate, instantToZoned, type LocalDate, formatLocalDate } from '../time/zoned.js';
import type { ProgramJson } from './api-types.js';
import type { ProgramKind, ProgramTemplate } from './kinds.js';

export type { ProgramJson };

const daysBetween = (a: LocalDate, b: LocalDate) => Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);

/** The model Intros, Watercooler and Celebrations share: a program tied to a channel, its people and "send now". */
export class ChannelProgramService {
  private readonly kinds = new Map<ProgramType, ProgramKind>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly entitlements: Entitlements,
  ) {}

  register(kind: ProgramKind): void {
    this.kinds.set(kind.type, kind);
  }

  kind(type: ProgramType): ProgramKind {
    const k = this.kinds.get(type);
    if (!k) throw new HttpError(404, 'Not found');
    return k;
  }

  kindByController(controller: string): ProgramKind {
    const k = [...this.kinds.values()].find((x) => x.controller === controller);
    if (!k) throw new HttpError(404, 'Not found');
    return k;
  }

  templates(hideDefaults: boolean): ProgramTemplate[] {
    return [...this.kinds.values()].flatMap((k) => k.templates).filter((t) => !hideDefaults || !t.is_default);
  }

  /** A program of this workspace, or 404: another workspace's id is never found. */
  async get(workspaceId: number, id: number, type?: ProgramType): Promise<ChannelProgram> {
    const program = await this.find(workspaceId, id, type);
    if (!program) throw new HttpError(404, 'Not found');
    return program;
  }

  private find(workspaceId: number, id: number, type?: ProgramType): Promise<ChannelProgram | undefined> {
    let q = this.db.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id);
    if (type) q = q.where('type', '=', type);
    return q.executeTakeFirst();
  }

  /** Owner, editors and workspace admins may change a program; everyone in the workspace may see it. */
  async canEdit(auth: AuthContext, program: ChannelProgram): Promise<boolean> {
    if (auth.isAdmin || program.owner_member_id === auth.member.id) return true;
    const row = await this.db.selectFrom('channel_program_members').select('role').where('program_id', '=', program.id).where('member_id', '=', auth.member.id).executeTakeFirst();
    return row !== undefined;
  }

  /** The access policy of programs (of one kind, when given) for `requireAccess`. */
  policy(type?: ProgramType): AccessPolicy<ChannelProgram> {
    return {
      load: (workspaceId, id) => this.find(workspaceId, id, type),
      canEdit: (auth, program) => this.canEdit(auth, program),
      forbidden: "Only this program's owner, editors and workspace admins can change it",
    };
  }

  async create(auth: AuthContext, input: { templateId: string; channelId: string }): Promise<ChannelProgram> {
    const template = this.templates(false).find((t) => t.id === input.templateId);
    if (!template) throw new HttpError(400, 'Unknown template', { template_id: 'is not a template' });
    const channel = await this.db.selectFrom('channels').selectAll().where('workspace_id', '=', auth.workspace.id).where('channel_id', '=', input.channelId).executeTakeFirst();
    if (!channel || channel.is_archived) throw new HttpError(400, 'Choose a channel Hearth can see', { channel_id: 'is not a channel in this workspace' });
    if (channel.is_private && !channel.bot_is_member) throw new HttpError(400, 'Invite @Hearth to the private channel first', { channel_id: 'is private and Hearth is not in it' });
    const kind = this.kind(template.type);
    await kind.checkCreate(auth.workspace.id, channel.channel_id);
    const existing = await this.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', auth.workspace.id).where('type', '=', template.type).where('channel_id', '=', channel.channel_id).executeTakeFirst();
    if (existing) throw new HttpError(400, `#${channel.name} already has ${kind.label}`, { channel_id: `already has ${kind.label}` });
    const now = this.clock.now();
    const program = await this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('channel_programs')
        .values({
          workspace_id: auth.workspace.id,
          type: template.type,
          channel_id: channel.channel_id,
          tz: auth.member.tz ?? auth.workspace.default_tz,
          creator_member_id: auth.member.id,
          owner_member_id: auth.member.id,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await kind.createConfig(trx, created, template);
      return created;
    });
    // Hearth needs to be in a public channel to hear its events; joining is idempotent.
    if (!channel.bot_is_member)
      await this.outbox.enqueue([{ workspaceId: auth.workspace.id, key: `join:${channel.channel_id}`, kind: 'join', method: 'conversations.join', args: { channel: channel.channel_id } }]);
    return program;
  }

  async setActive(program: ChannelProgram, active: boolean): Promise<void> {
    await this.db.updateTable('channel_programs').set({ is_active: active, updated_at: this.clock.now() }).where('id', '=', program.id).execute();
  }

  async setTimeZone(program: ChannelProgram, tz: string): Promise<void> {
    await this.db.updateTable('channel_programs').set({ tz, updated_at: this.clock.now() }).where('id', '=', program.id).execute();
  }

  /** Owner, editors and permission users, all members of this workspace; replaced as a whole. */
  async updateOwnership(program: ChannelProgram, input: { ownerId: number; editorIds: number[]; permissionUserIds: number[] }): Promise<void> {
    const ids = [...new Set([input.ownerId, ...input.editorIds, ...input.permissionUserIds])];
    const found = await this.db.selectFrom('members').select('id').where('workspace_id', '=', program.workspace_id).where('deleted', '=', false).where('id', 'in', ids).execute();
    const known = new Set(found.map((f) => f.id));
    const unknown = ids.filter((i) => !known.has(i));
    if (unknown.length) throw new HttpError(400, 'Choose people from this workspace', { [unknown.includes(input.ownerId) ? 'owner_id' : 'editor_ids']: `unknown member ${unknown[0]}` });
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('channel_programs').set({ owner_member_id: input.ownerId, updated_at: this.clock.now() }).where('id', '=', program.id).execute();
      await trx.deleteFrom('channel_program_members').where('program_id', '=', program.id).execute();
      const rows = [
        ...input.editorIds.filter((i) => i !== input.ownerId).map((member_id) => ({ program_id: program.id, member_id, role: 'editor' as const })),
        ...input.permissionUserIds.filter((i) => i !== input.ownerId && !input.editorIds.includes(i)).map((member_id) => ({ program_id: program.id, member_id, role: 'permission_user' as const })),
      ];
      if (rows.length) await trx.insertInto('channel_program_members').values(rows).execute();
    });
  }

  /** Programs this member may change: every one for admins. */
  async listEditable(auth: AuthContext): Promise<ChannelProgram[]> {
    let q = this.db.selectFrom('channel_programs').selectAll().where('workspace_id', '=', auth.workspace.id);
    if (!auth.isAdmin)
      q = q.where((eb) =>
        eb.or([
          eb('owner_member_id', '=', auth.member.id),
          eb('id', 'in', eb.selectFrom('channel_program_members').select('program_id').where('member_id', '=', auth.member.id)),
        ]),
      );
    return q.orderBy('id').execute();
  }

  async requestSendNow(program: ChannelProgram): Promise<void> {
    const now = this.clock.now();
    await this.db.updateTable('channel_programs').set({ send_now_requested_at: now, send_now_completed_at: null, updated_at: now }).where('id', '=', program.id).execute();
    await this.kind(program.type).sendNow({ ...program, send_now_requested_at: now, send_now_completed_at: null });
  }

  /** Called by a kind when the run that "send now" started has been written (its messages are in the outbox). */
  async markSendNowComplete(programId: number): Promise<void> {
    await this.db.updateTable('channel_programs').set({ send_now_completed_at: this.clock.now() }).where('id', '=', programId).where('send_now_requested_at', 'is not', null).execute();
  }

  async serialize(workspace: Workspace, programs: ChannelProgram[]): Promise<ProgramJson[]> {
    if (!programs.length) return [];
    const now = this.clock.now();
    const ids = programs.map((p) => p.id);
    const memberIds = programs.flatMap((p) => [p.creator_member_id, p.owner_member_id]).filter((x): x is number => x !== null);
    const [channels, people, roles, access] = await Promise.all([
      this.db.selectFrom('channels').select(['channel_id', 'name']).where('workspace_id', '=', workspace.id).where('channel_id', 'in', programs.map((p) => p.channel_id)).execute(),
      memberIds.length ? this.db.selectFrom('members').select(['id', 'real_name', 'display_name', 'name']).where('id', 'in', memberIds).execute() : [],
      this.db
        .selectFrom('channel_program_members as pm')
        .innerJoin('members as m', 'm.id', 'pm.member_id')
        .select(['pm.program_id', 'pm.role', 'm.id', 'm.real_name', 'm.display_name', 'm.name'])
        .where('pm.program_id', 'in', ids)
        .execute(),
      this.entitlements.plan(workspace.id),
    ]);
    const nameOf = (m: { real_name: string; display_name: string; name: string }) => m.display_name || m.real_name || m.name;
    const person = (id: number | null) => {
      const m = people.find((p) => p.id === id);
      return m ? { id: m.id, name: nameOf(m) } : null;
    };
    const summaries = new Map<number, { numParticipants: number; nextOccurrenceAt: Date | null }>();
    for (const type of new Set(programs.map((p) => p.type))) {
      const kind = this.kinds.get(type);
      if (!kind) continue;
      for (const [id, s] of await kind.summarize(programs.filter((p) => p.type === type))) summaries.set(id, s);
    }
    return programs.map((p) => {
      const kind = this.kind(p.type);
      const summary = summaries.get(p.id);
      const next = p.is_active ? (summary?.nextOccurrenceAt ?? null) : null;
      const nextDate = next ? instantToZoned(next, p.tz).date : null;
      const today = instantToZoned(now, p.tz).date;
      const loading = p.send_now_requested_at !== null && (p.send_now_completed_at === null || p.send_now_completed_at < p.send_now_requested_at);
      return {
        id: p.id,
        type: p.type,
        is_active: p.is_active,
        channel: `#${channels.find((c) => c.channel_id === p.channel_id)?.name ?? p.channel_id}`,
        channel_uid: p.channel_id,
        creator: person(p.creator_member_id),
        owner: person(p.owner_member_id),
        permission_users: roles.filter((r) => r.program_id === p.id).map((r) => ({ id: r.id, name: nameOf(r), role: r.role })),
        num_participants: summary?.numParticipants ?? 0,
        next_occurrence_on: nextDate ? formatLocalDate(nextDate) : null,
        next_occurrence_on_days_from_now: nextDate ? Math.max(0, compareLocalDate(nextDate, today) === 0 ? 0 : daysBetween(today, nextDate)) : null,
        controller_path: `/${kind.controller}/${p.id}`,
        page_path: kind.pagePath(p.id),
        send_now_data: { allow_send_now: p.is_active, slack_url: `https://${workspace.domain || 'app'}.slack.com/archives/${p.channel_id}`, isLoading: loading },
        service_account: { paidFeatureAccess: access.paidFeatureAccess, paidCoffeeTrialAllowed: access.paidCoffeeTrialAllowed },
      };
    });
  }

  async sendNowStatus(workspace: Workspace, program: ChannelProgram): Promise<{ done: boolean; program: ProgramJson }> {
    const fresh = await this.get(workspace.id, program.id);
    const done = fresh.send_now_requested_at !== null && fresh.send_now_completed_at !== null && fresh.send_now_completed_at >= fresh.send_now_requested_at;
    return { done, program: (await this.serialize(workspace, [fresh]))[0]! };
  }
}
