import { ChannelRepository } from '../channels/repository.js';
import { personName } from '../people/name.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { ChannelProgram, Member, OutboxRow, ProgramType, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { FAILED_DELIVERIES_PATH } from '../outbox/api-types.js';
import type { DeliveryStatus } from '../outbox/reasons.js';
import type { NewOutboxRow } from '../outbox/repository.js';
import type { Outbox } from '../outbox/service.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import type { Entitlements } from '../platform/entitlements/service.js';
import { event, type Emit } from '../platform/events/define.js';
import type { DomainEvents } from '../platform/events/service.js';
import { PeopleRepository } from '../people/repository.js';
import type { Clock } from '../time/clock.js';
import { compareLocalDate, instantToZoned, type LocalDate, formatLocalDate } from '../time/zoned.js';
import type { ProgramJson } from './api-types.js';
import { programCreated, programPaused, programResumed } from './events.js';
import type { ProgramKind, ProgramTemplate } from './kinds.js';
import { failingNotice, INCIDENT_WINDOW_MS, isChannelLoss, pausedNotice, resumedNotice, unconfirmedNotice, type ChannelBack, type ChannelLoss } from './notices.js';
import { ProgramRepository } from './repository.js';
import { ownershipBody, type SendNowBody } from './schema.js';

export type { ProgramJson };

/** Why a member may not add a program to an account that covers only what its admins create (own_new_configs off). */
export const NOT_COVERED = "This workspace's Hearth account covers only the programs its admins create. Ask an admin to create it, or to turn on Cover new programs on the billing page.";
const daysBetween = (a: LocalDate, b: LocalDate) => Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);

/** The model Intros, Watercooler and Celebrations share: a program tied to a channel, its people and "send now". */
export class ChannelProgramService {
  private readonly kinds = new Map<ProgramType, ProgramKind>();
  private readonly repo: ProgramRepository;
  private readonly channels: ChannelRepository;
  private readonly people: PeopleRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly entitlements: Entitlements,
    private readonly events: DomainEvents,
    /** Where the pages are, for the links in owners' notices. */
    private readonly publicUrl: string,
  ) {
    this.repo = new ProgramRepository(db);
    this.channels = new ChannelRepository(db);
    this.people = new PeopleRepository(db);
    outbox.onProgramFailed((row, status) => this.deliveryFailed(row, status));
  }

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
    return this.repo.find(workspaceId, id, type);
  }

  /** Owner, editors and workspace admins may change a program; everyone in the workspace may see it. */
  async canEdit(auth: AuthContext, program: ChannelProgram): Promise<boolean> {
    if (auth.isAdmin || program.owner_member_id === auth.member.id) return true;
    return this.repo.hasRole(auth.workspace.id, program.id, auth.member.id);
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
    const channel = await this.channels.byId(auth.workspace.id, input.channelId);
    if (!channel || channel.is_archived) throw new HttpError(400, 'Choose a channel Hearth can see', { channel_id: 'is not a channel in this workspace' });
    if (channel.is_private && !channel.bot_is_member) throw new HttpError(400, 'Invite @Hearth to the private channel first', { channel_id: 'is private and Hearth is not in it' });
    const kind = this.kind(template.type);
    // A second program of a kind on a channel is a plain "already has", with a link, before any plan limit (issue 14).
    const existing = await this.repo.existingId(auth.workspace.id, template.type, channel.channel_id);
    if (existing !== undefined)
      throw new HttpError(400, `#${channel.name} already has ${kind.label}`, { channel_id: `#${channel.name} already has ${kind.label}` }, { existing_program: { id: existing, page_path: kind.pagePath(existing) } });
    if (!(await this.entitlements.mayAddProgram(auth.workspace.id, auth.isAdmin))) throw new HttpError(403, NOT_COVERED);
    await kind.checkCreate(auth.workspace.id, channel.channel_id);
    const now = this.clock.now();
    const program = await this.events.transaction(async (trx, emit) => {
      const created = await this.repo.insert(
        trx,
        auth.workspace.id,
        { type: template.type, channelId: channel.channel_id, tz: auth.member.tz ?? auth.workspace.default_tz, creatorMemberId: auth.member.id, ownerMemberId: auth.member.id },
        now,
      );
      await kind.createConfig(trx, created, template);
      emit(event(programCreated, auth.workspace.id, { programId: created.id, type: created.type, channelId: created.channel_id, creatorMemberId: auth.member.id }));
      return created;
    });
    // Hearth needs to be in a public channel to hear its events; joining is idempotent.
    if (!channel.bot_is_member)
      await this.outbox.enqueue([{ workspaceId: auth.workspace.id, key: `join:${channel.channel_id}`, kind: 'join', method: 'conversations.join', args: { channel: channel.channel_id } }]);
    return program;
  }

  /** Pauses or resumes; the event is recorded only when the program's state changes. */
  async setActive(program: ChannelProgram, active: boolean): Promise<void> {
    await this.events.transaction((trx, emit) => this.setActiveIn(trx, emit, program, active));
  }

  /**
   * Pauses or resumes the program inside a capability's own events transaction, recording the change. A pause
   * for a lost channel says which loss (`pausedFor`): only such a pause is lifted when Hearth is invited back.
   */
  async setActiveIn(trx: Trx, emit: Emit, program: ChannelProgram, active: boolean, pausedFor: ChannelLoss | null = null): Promise<boolean> {
    if (!(await this.repo.setActive(trx, program.workspace_id, program.id, active, this.clock.now(), pausedFor))) return false;
    emit(event(active ? programResumed : programPaused, program.workspace_id, { programId: program.id, type: program.type }));
    return true;
  }

  /**
   * A message of a program failed for good (or was never confirmed). A lost channel pauses the program; its owner is
   * told once per incident (the program and the reason, while failures keep coming within INCIDENT_WINDOW_MS), not
   * once per message.
   */
  private async deliveryFailed(row: OutboxRow, status: DeliveryStatus): Promise<void> {
    const program = row.program_id === null ? undefined : await this.repo.find(row.workspace_id, row.program_id);
    if (!program) return;
    const code = status.code ?? 'error';
    const now = this.clock.now();
    const [about, owner] = await Promise.all([this.about(program), this.owner(program)]);
    await this.events.transaction(async (trx, emit) => {
      const started = await this.repo.recordIncident(trx, program.workspace_id, program.id, code, now, INCIDENT_WINDOW_MS);
      // A row failing for a lost channel pauses the program once; a later one finds it paused already.
      const paused = isChannelLoss(code) && (await this.setActiveIn(trx, emit, program, false, code));
      if (!started && !paused) return [];
      const reason = status.reason ?? code;
      const notice = paused && isChannelLoss(code) ? pausedNotice(about, code) : status.label === 'Not confirmed' ? unconfirmedNotice(about, reason) : failingNotice(about, reason);
      return this.outbox.add(trx, ownerNotice(program, owner, `program-incident:${program.id}:${code}:${now.getTime()}`, notice));
    });
  }

  /**
   * Hearth lost a program's channel (removed from it, or it was archived or deleted): each active program there
   * pauses and its owner is told what to do, once.
   */
  async channelLost(workspaceId: number, channelId: string, loss: ChannelLoss): Promise<void> {
    const now = this.clock.now();
    await this.events.transaction(async (trx, emit) => {
      const rows = [];
      for (const program of await this.repo.lockOnChannel(trx, workspaceId, channelId, 'active')) {
        if (!(await this.setActiveIn(trx, emit, program, false, loss))) continue;
        await this.repo.recordIncident(trx, workspaceId, program.id, loss, now, INCIDENT_WINDOW_MS);
        const notice = pausedNotice(await this.about(program, trx), loss);
        rows.push(...ownerNotice(program, await this.owner(program, trx), `program-paused:${program.id}:${loss}:${now.getTime()}`, notice));
      }
      return this.outbox.add(trx, rows);
    });
  }

  /**
   * Hearth has a channel again (invited back to it, or it was unarchived with Hearth still in it): the programs it
   * paused for losing it run again, and their owners are told.
   */
  async channelBack(workspaceId: number, channelId: string, why: ChannelBack): Promise<void> {
    const now = this.clock.now();
    await this.events.transaction(async (trx, emit) => {
      const rows = [];
      for (const program of await this.repo.lockOnChannel(trx, workspaceId, channelId, 'paused_for_channel')) {
        if (!(await this.setActiveIn(trx, emit, program, true))) continue;
        rows.push(...ownerNotice(program, await this.owner(program, trx), `program-resumed:${program.id}:${now.getTime()}`, resumedNotice(await this.about(program, trx), why)));
      }
      return this.outbox.add(trx, rows);
    });
  }

  /** What a notice names: the kind, the channel (its name from the directory) and the pages to act on. */
  private async about(program: ChannelProgram, ex?: Executor) {
    const [channel] = await this.channels.names(program.workspace_id, [program.channel_id], ex);
    const kind = this.kinds.get(program.type);
    return {
      label: kind?.label ?? program.type,
      channelId: program.channel_id,
      channelName: channel ? `#${channel.name}` : null,
      programUrl: `${this.publicUrl}${kind?.pagePath(program.id) ?? '/'}`,
      failedUrl: `${this.publicUrl}${FAILED_DELIVERIES_PATH}`,
    };
  }

  /** The program's owner, while they are an active member. */
  private async owner(program: ChannelProgram, ex?: Executor): Promise<Member | undefined> {
    return program.owner_member_id === null ? undefined : this.people.active(program.workspace_id, program.owner_member_id, ex);
  }

  async setTimeZone(program: ChannelProgram, tz: string, trx?: Trx): Promise<void> {
    await this.repo.setTimeZone(program.workspace_id, program.id, tz, this.clock.now(), trx);
  }

  /**
   * PUT /{controller}/{id}/update_ownership_as_json: owner, editors and permission users, replaced as a whole, by
   * whoever may manage the program (its owner, editors and workspace admins), who are asked before the body is
   * read. Everyone named must be an active member of this workspace: anyone else (another workspace's member, a
   * made-up id) is a 400 on the field that names them, and nothing is stored.
   */
  async updateOwnership(auth: AuthContext, controller: string, id: number, body: unknown): Promise<ProgramJson> {
    const program = await requireAccess(auth, this.policy(this.kindByController(controller).type), id, 'manage');
    const input = parse(ownershipBody, body);
    const known = await this.people.activeIds(program.workspace_id, [...new Set([input.owner_id, ...input.editor_ids, ...input.permission_user_ids])]);
    for (const [field, ids] of [['owner_id', [input.owner_id]], ['editor_ids', input.editor_ids], ['permission_user_ids', input.permission_user_ids]] as const) {
      const unknown = ids.find((i) => !known.has(i));
      if (unknown !== undefined) throw new HttpError(400, `${field}: choose people from this workspace`, { [field]: `unknown member ${unknown}` });
    }
    const roles = [
      ...input.editor_ids.filter((i) => i !== input.owner_id).map((memberId) => ({ memberId, role: 'editor' as const })),
      ...input.permission_user_ids.filter((i) => i !== input.owner_id && !input.editor_ids.includes(i)).map((memberId) => ({ memberId, role: 'permission_user' as const })),
    ];
    await this.repo.replaceOwnership(program.workspace_id, program.id, input.owner_id, roles, this.clock.now());
    return (await this.serialize(auth.workspace, [await this.get(program.workspace_id, program.id)]))[0]!;
  }

  /** Programs this member may change: every one for admins. */
  listEditable(auth: AuthContext): Promise<ChannelProgram[]> {
    return this.repo.listEditable(auth.workspace.id, auth.isAdmin ? null : auth.member.id);
  }

  async requestSendNow(program: ChannelProgram): Promise<void> {
    const now = this.clock.now();
    await this.repo.requestSendNow(program.workspace_id, program.id, now);
    await this.kind(program.type).sendNow({ ...program, send_now_requested_at: now, send_now_completed_at: null });
  }

  /** Called by a kind when the run that "send now" started has been written (its messages are in the outbox). */
  async markSendNowComplete(programId: number): Promise<void> {
    const workspaceId = await this.repo.workspaceOf(programId);
    if (workspaceId !== undefined) await this.repo.markSendNowComplete(workspaceId, programId, this.clock.now());
  }

  async serialize(workspace: Workspace, programs: ChannelProgram[]): Promise<ProgramJson[]> {
    if (!programs.length) return [];
    const now = this.clock.now();
    const ids = programs.map((p) => p.id);
    const memberIds = programs.flatMap((p) => [p.creator_member_id, p.owner_member_id]).filter((x): x is number => x !== null);
    const [channels, people, roles, access] = await Promise.all([
      this.channels.names(workspace.id, programs.map((p) => p.channel_id)),
      this.people.names(workspace.id, memberIds),
      this.repo.roles(workspace.id, ids),
      this.entitlements.plan(workspace.id),
    ]);
    const person = (id: number | null) => {
      const m = people.find((p) => p.id === id);
      return m ? { id: m.id, name: personName(m) } : null;
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
        permission_users: roles.filter((r) => r.program_id === p.id).map((r) => ({ id: r.id, name: personName(r), role: r.role })),
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

  /** GET /{controller}/{id}/send_now_complete_as_json: whether the run "send now" started has been written; every member may ask. */
  async sendNowStatus(auth: AuthContext, controller: string, id: number): Promise<{ done: boolean; program: ProgramJson }> {
    const fresh = await requireAccess(auth, this.policy(this.kindByController(controller).type), id, 'read');
    const done = fresh.send_now_requested_at !== null && fresh.send_now_completed_at !== null && fresh.send_now_completed_at >= fresh.send_now_requested_at;
    return { done, program: (await this.serialize(auth.workspace, [fresh]))[0]! };
  }

  /** PUT /channel_programs/send_now_data_as_json: every program is checked first, so a refused one sends none. */
  async sendNow(auth: AuthContext, input: SendNowBody): Promise<ProgramJson[]> {
    const chosen = await Promise.all(input.programs.map((p) => requireAccess(auth, this.policy(), p.id, 'edit')));
    for (const p of chosen) await this.requestSendNow(p);
    return this.serialize(auth.workspace, await Promise.all(chosen.map((p) => this.get(auth.workspace.id, p.id))));
  }

}

/** A DM to the program's owner (none when it has no active owner). */
function ownerNotice(program: ChannelProgram, owner: Member | undefined, key: string, notice: { text: string }): Array<Omit<NewOutboxRow, 'notBefore'>> {
  if (!owner) return [];
  return [{ workspaceId: program.workspace_id, key, kind: 'program_notice', method: 'dm.post', args: { users: [owner.slack_user_id], text: notice.text } }];
}
