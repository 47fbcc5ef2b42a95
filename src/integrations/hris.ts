import type { CelebrationDates } from '../celebrations/public.js';
import { decrypt, encrypt } from '../crypto.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { integrationsPolicy } from './access.js';
import { event } from '../platform/events/define.js';
import type { HrisIdentityJson, IntegratableProgramJson, LinkTokenJson } from './api-types.js';
import { HRIS_OWNER_NOT_MEMBER, HRIS_PROGRAM_TYPES } from './api-types.js';
import type { IntegrationsDeps } from './deps.js';
import { hrisLinked, hrisOwnerChanged, hrisStateChanged, hrisSyncablesChanged, integrationSynced } from './events.js';
import { IntegrationProviderError, type HrisEmployee, type HrisProvider } from './hris-provider.js';
import { recordPeople } from './people.js';
import { createIntegrationBody, syncablesBody, updateHrisBody } from './schema.js';
import type { HrisIdentity, IntegrationsRepository, PersonInput } from './repository.js';
import type { HrisState } from './tables.js';
import { syncJob } from './jobs.js';

const DAY_MS = 86_400_000;
/** While the provider's first sync runs, Hearth looks again this soon. */
const PENDING_RETRY_MS = 60_000;
/** After a failed call to the provider. */
const ERROR_RETRY_MS = 60 * 60_000;

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The one person as Hearth keeps them. */
function personOf(workspaceId: number, identityId: number, e: HrisEmployee, now: Date): PersonInput {
  return {
    workspace_id: workspaceId,
    source: 'hris',
    identity_id: identityId,
    remote_id: e.remoteId,
    email: e.email,
    first_name: e.firstName,
    last_name: e.lastName,
    start_date: e.startDate,
    birthday: e.dateOfBirth,
    department: e.department,
    location: e.location,
    job_title: e.jobTitle,
    manager_email: e.managerEmail,
    attributes: JSON.stringify(e.customFields),
    employment_status: e.employmentStatus,
    updated_at: now,
  };
}

/**
 * The HR system (programs.md §3, §4, §7): the link flow (link token → public token → account token, sealed at
 * rest), the identity's state (pending until the provider's first full sync, then active; relink_needed,
 * deactivated), its ownership, the programs it feeds, and the daily sync that matches employees to members
 * by email, writes birthdays and start dates to Celebrations and announces new hires.
 */
export class HrisService {
  constructor(
    private readonly s: IntegrationsDeps,
    private readonly repo: IntegrationsRepository,
    /** Null when this deployment has no HR system provider (no Merge key, no sandbox). */
    private readonly provider: HrisProvider | null,
    private readonly dates: CelebrationDates,
  ) {}

  get available(): boolean {
    return this.provider !== null;
  }

  private need(): HrisProvider {
    if (!this.provider) throw new HttpError(503, 'No HR system provider is configured for this deployment (set MERGE_API_KEY).');
    return this.provider;
  }

  /** Admins manage the HR system; its owner may too. Another workspace's id is a 404. */
  readonly policy: AccessPolicy<HrisIdentity> = {
    load: (workspaceId, id) => this.repo.hris(workspaceId, id),
    canRead: (auth, identity) => auth.isAdmin || identity.owner_id === auth.member.id,
    canEdit: (auth, identity) => auth.isAdmin || identity.owner_id === auth.member.id,
    forbidden: "Only workspace admins and the HR system's owner can change it",
  };

  async createLinkToken(auth: AuthContext): Promise<LinkTokenJson> {
    await requireAccess(auth, integrationsPolicy, auth.workspace.id, 'edit');
    const token = await this.providerCall(() =>
      this.need().createLinkToken({ originId: `hearth-${auth.workspace.team_id}`, organizationName: auth.workspace.name || auth.workspace.team_id, email: auth.member.email ?? `${auth.member.slack_user_id}@users.noreply` }),
    );
    return { link_token: token.linkToken, link: token.link.kind === 'merge' ? { kind: 'merge', script_url: token.link.scriptUrl } : { kind: 'sandbox' } };
  }

  /** Trades the link dialog's public token for the account token and starts the first sync. */
  async create(auth: AuthContext, body: unknown): Promise<HrisIdentityJson> {
    await requireAccess(auth, integrationsPolicy, auth.workspace.id, 'edit');
    const publicToken = parse(createIntegrationBody, body).public_token;
    const existing = await this.repo.liveHris(auth.workspace.id);
    if (existing && existing.state !== 'relink_needed') throw new HttpError(409, 'This workspace already has an HR system linked.');
    const account = await this.providerCall(() => this.need().exchangePublicToken(publicToken));
    const now = this.s.clock.now();
    const identity = await this.s.events.transaction(async (trx, emit) => {
      if (existing) {
        await this.repo.updateHris(trx, auth.workspace.id, existing.id, { state: 'deactivated', next_sync_at: null, updated_at: now });
        emit(event(hrisStateChanged, auth.workspace.id, { identityId: existing.id, from: existing.state, to: 'deactivated' }));
      }
      const row = await this.repo.insertHris(trx, {
        workspace_id: auth.workspace.id,
        provider: 'merge',
        integration_name: account.integrationName,
        integration_slug: account.integrationSlug,
        account_token_enc: encrypt(this.s.config.encryptionKey, account.accountToken),
        creator_id: auth.member.id,
        owner_id: auth.member.id,
        hris_sync_data: JSON.stringify(existing?.hris_sync_data ?? {}),
        next_sync_at: now,
        created_at: now,
        updated_at: now,
      });
      emit(event(hrisLinked, auth.workspace.id, { identityId: row.id, integration: account.integrationName, byMemberId: auth.member.id }));
      return row;
    }).catch((err: unknown) => {
      // Two links at once: the one live HR system per workspace (a unique index) keeps the first.
      if ((err as { code?: string }).code === '23505') throw new HttpError(409, 'This workspace already has an HR system linked.');
      throw err;
    });
    await this.enqueueSync(identity);
    return this.json(identity);
  }

  /** GET /hris/{id}/show_as_json. */
  async show(auth: AuthContext, id: number): Promise<HrisIdentityJson> {
    return this.json(await requireAccess(auth, this.policy, id, 'read'));
  }

  private async json(identity: HrisIdentity): Promise<HrisIdentityJson> {
    const [people, syncables, names] = await Promise.all([
      this.repo.countPeople(identity.workspace_id, 'hris', identity.id),
      this.repo.syncables(identity.id),
      this.repo.members(identity.workspace_id, [identity.creator_id, identity.owner_id].filter((x): x is number => x !== null)),
    ]);
    const ref = (id: number | null) => {
      const m = names.find((n) => n.id === id);
      return m ? { id: m.id, name: m.name } : null;
    };
    const flags = identity.hris_sync_data;
    return {
      id: identity.id,
      state: identity.state,
      integration_name: identity.integration_name,
      creator: ref(identity.creator_id),
      owner: ref(identity.owner_id),
      hris_sync_data: Object.fromEntries(HRIS_PROGRAM_TYPES.map((t) => [t, flags[t] === true])) as HrisIdentityJson['hris_sync_data'],
      syncables,
      people_count: people.people,
      matched_count: people.matched,
      last_synced_at: identity.last_synced_at?.toISOString() ?? null,
      last_error: identity.last_error,
      fully_synced: identity.state === 'active' && identity.last_synced_at !== null,
    };
  }

  async current(auth: AuthContext): Promise<HrisIdentityJson | null> {
    const live = await this.repo.liveHris(auth.workspace.id);
    return live && (await this.policy.canRead!(auth, live)) ? this.json(live) : null;
  }

  /** Ownership to another member of the workspace (programs.md §6); the error is shown as a toast. */
  async updateOwner(auth: AuthContext, id: number, body: unknown): Promise<HrisIdentityJson> {
    const identity = await requireAccess(auth, this.policy, id, 'edit');
    const userId = parse(updateHrisBody, body).hris_identity.user_id;
    const [member] = await this.repo.members(auth.workspace.id, [userId]);
    if (!member || member.deleted || member.is_bot || member.is_external) throw new HttpError(400, HRIS_OWNER_NOT_MEMBER, { user_id: HRIS_OWNER_NOT_MEMBER });
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.updateHris(trx, auth.workspace.id, identity.id, { owner_id: member.id, updated_at: now });
      emit(event(hrisOwnerChanged, auth.workspace.id, { identityId: identity.id, fromMemberId: identity.owner_id, toMemberId: member.id, byMemberId: auth.member.id }));
    });
    return this.json((await this.repo.hris(auth.workspace.id, identity.id))!);
  }

  /** The programs the HR system can feed; onboarding journeys only for members with onboarding unrestricted. */
  async integratablePrograms(auth: AuthContext): Promise<IntegratableProgramJson[]> {
    await requireAccess(auth, integrationsPolicy, auth.workspace.id, 'read');
    return this.programsFor(auth);
  }

  /** The programs this member may have the HR system feed: onboarding journeys only for admins. */
  private async programsFor(auth: AuthContext): Promise<IntegratableProgramJson[]> {
    const programs = await this.repo.integratablePrograms(auth.workspace.id);
    return programs.filter((p) => p.program_type !== 'onboarding' || auth.isAdmin);
  }

  /** Which programs the sync feeds (replacing the previous choice); the next sync runs at once. */
  async createSyncables(auth: AuthContext, id: number, body: unknown): Promise<HrisIdentityJson> {
    const identity = await requireAccess(auth, this.policy, id, 'edit');
    const syncables = parse(syncablesBody, body).hris_syncables;
    const known = await this.programsFor(auth);
    syncables.forEach((s, i) => {
      if (!known.some((p) => p.program_type === s.program_type && p.id === s.program_id))
        throw new HttpError(400, `hris_syncables.${i}: no such ${s.program_type} program`, { [`hris_syncables.${i}.program_id`]: `no such ${s.program_type} program` });
    });
    const unique = [...new Map(syncables.map((s) => [`${s.program_type}:${s.program_id}`, s])).values()];
    const flags = Object.fromEntries(HRIS_PROGRAM_TYPES.map((t) => [t, unique.some((s) => s.program_type === t)]));
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.replaceSyncables(trx, identity.id, unique, now);
      const live = identity.state === 'pending' || identity.state === 'active';
      await this.repo.updateHris(trx, auth.workspace.id, identity.id, { hris_sync_data: JSON.stringify(flags), updated_at: now, ...(live ? { next_sync_at: now } : {}) });
      emit(event(hrisSyncablesChanged, auth.workspace.id, { identityId: identity.id, syncables: unique, byMemberId: auth.member.id }));
    });
    const updated = (await this.repo.hris(auth.workspace.id, identity.id))!;
    await this.enqueueSync(updated);
    return this.json(updated);
  }

  private async enqueueSync(identity: HrisIdentity): Promise<void> {
    if (!identity.next_sync_at) return;
    await this.s.queue.enqueue(syncJob, { workspaceId: identity.workspace_id, kind: 'hris', identityId: identity.id }, { jobId: `integrations-sync:hris:${identity.id}:${identity.next_sync_at.toISOString()}` });
  }

  private async providerCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof IntegrationProviderError) throw new HttpError(502, err.message);
      throw err;
    }
  }

  /** One sync (the job): the account's status, then, once the provider is fully synced, every employee. */
  async sync(workspaceId: number, identityId: number): Promise<void> {
    const identity = await this.repo.hris(workspaceId, identityId);
    if (!identity || (identity.state !== 'pending' && identity.state !== 'active') || !this.provider) return;
    const provider = this.provider;
    const token = decrypt(this.s.config.encryptionKey, identity.account_token_enc);
    const now = this.s.clock.now();
    let employees: HrisEmployee[];
    try {
      const status = await provider.accountStatus(token);
      if (status === 'gone' || status === 'relink_needed') return this.setState(identity, status === 'gone' ? 'deactivated' : 'relink_needed', now);
      if (!(await provider.fullySynced(token))) {
        await this.repo.updateHris(this.s.db, workspaceId, identityId, { next_sync_at: new Date(now.getTime() + PENDING_RETRY_MS), updated_at: now });
        return;
      }
      employees = [];
      for await (const e of provider.employees(token)) employees.push(e);
    } catch (err) {
      if (!(err instanceof IntegrationProviderError)) throw err;
      this.s.log.warn({ err, workspaceId, identityId }, 'HR system sync failed');
      await this.repo.updateHris(this.s.db, workspaceId, identityId, { last_error: err.message, next_sync_at: new Date(now.getTime() + ERROR_RETRY_MS), updated_at: now });
      return;
    }
    const feedsCelebrations = identity.hris_sync_data.celebrations === true;
    await this.s.events.transaction(async (trx, emit) => {
      const { stored, newHires } = await recordPeople(this.repo, trx, emit, {
        workspaceId,
        source: 'hris',
        identityId,
        people: employees.map((e) => personOf(workspaceId, identityId, e, now)),
        today: utcDay(now),
        now,
      });
      if (feedsCelebrations)
        for (const p of stored) {
          if (!p.member_id || p.employment_status === 'INACTIVE') continue;
          const birthday = p.birthday ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(p.birthday) : null;
          if (birthday) await this.dates.saveImported(trx, workspaceId, p.member_id, 'birthday', { year: Number(birthday[1]), month: Number(birthday[2]), day: Number(birthday[3]) }, now);
          const start = p.start_date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(p.start_date) : null;
          // A start date ahead is kept too: Celebrations lists it among the upcoming new hires.
          if (start) await this.dates.saveImported(trx, workspaceId, p.member_id, 'anniversary', { year: Number(start[1]), month: Number(start[2]), day: Number(start[3]) }, now);
        }
      await this.repo.updateHris(trx, workspaceId, identityId, { state: 'active', last_error: null, last_synced_at: now, next_sync_at: new Date(now.getTime() + DAY_MS), updated_at: now });
      if (identity.state !== 'active') emit(event(hrisStateChanged, workspaceId, { identityId, from: identity.state, to: 'active' }));
      emit(event(integrationSynced, workspaceId, { source: 'hris', identityId, people: stored.length, matched: stored.filter((p) => p.member_id).length, newHires }));
    });
  }

  private async setState(identity: HrisIdentity, to: HrisState, now: Date): Promise<void> {
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.updateHris(trx, identity.workspace_id, identity.id, { state: to, next_sync_at: null, updated_at: now });
      emit(event(hrisStateChanged, identity.workspace_id, { identityId: identity.id, from: identity.state, to }));
    });
  }
}
