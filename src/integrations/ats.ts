import { decrypt, encrypt } from '../crypto.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { integrationsPolicy } from './access.js';
import { event } from '../platform/events/define.js';
import type { DirectIdentityJson } from './api-types.js';
import type { AtsProvider, HiredCandidate } from './ats-provider.js';
import type { IntegrationsDeps } from './deps.js';
import { atsConnected, atsValidated, integrationSynced } from './events.js';
import { IntegrationProviderError } from './hris-provider.js';
import { utcDay } from './hris.js';
import { syncJob } from './jobs.js';
import { recordPeople } from './people.js';
import { directIdentityBody } from './schema.js';
import type { DirectIdentity, IntegrationsRepository } from './repository.js';

const DAY_MS = 86_400_000;
const ERROR_RETRY_MS = 60 * 60_000;

/** The key as shown: never the key itself, only its last four characters. */
export const maskKey = (key: string) => `••••••••${key.slice(-4)}`;

/**
 * Applicant tracking (journeys.md §3, §4, §7, §9): a direct integration identity holds an API key (sealed at
 * rest); a job checks its permission groups (validated, or error with the messages to show), then reads the
 * hired candidates daily, each a new hire once.
 */
export class AtsService {
  private readonly providers: Map<string, AtsProvider>;

  constructor(
    private readonly s: IntegrationsDeps,
    private readonly repo: IntegrationsRepository,
    providers: AtsProvider[],
  ) {
    this.providers = new Map(providers.map((p) => [p.integrationName, p]));
  }

  get integrationNames(): string[] {
    return [...this.providers.keys()];
  }

  readonly policy: AccessPolicy<DirectIdentity> = {
    load: (workspaceId, id) => this.repo.direct(workspaceId, id),
    canRead: (auth) => auth.isAdmin,
    canEdit: (auth) => auth.isAdmin,
    forbidden: 'Only workspace admins can manage integrations',
  };

  /** GET /direct_integration_identities/{id}. */
  async show(auth: AuthContext, id: number): Promise<DirectIdentityJson> {
    return this.json(await requireAccess(auth, this.policy, id, 'read'));
  }

  private async json(identity: DirectIdentity): Promise<DirectIdentityJson> {
    const people = await this.repo.countPeople(identity.workspace_id, 'ats', identity.id);
    return {
      id: identity.id,
      integration_name: identity.integration_name,
      api_key: { key: maskKey(decrypt(this.s.config.encryptionKey, identity.api_key_enc)) },
      state: identity.state,
      errors: identity.errors,
      people_count: people.people,
      last_synced_at: identity.last_synced_at?.toISOString() ?? null,
    };
  }

  async list(auth: AuthContext): Promise<DirectIdentityJson[]> {
    if (!auth.isAdmin) return [];
    return Promise.all((await this.repo.directs(auth.workspace.id)).map((d) => this.json(d)));
  }

  async create(auth: AuthContext, body: unknown): Promise<DirectIdentityJson> {
    await requireAccess(auth, integrationsPolicy, auth.workspace.id, 'edit');
    const input = parse(directIdentityBody, body);
    if (!this.providers.has(input.integration_name)) throw new HttpError(400, `integration_name: must be one of ${this.integrationNames.join(', ')}`, { integration_name: `must be one of ${this.integrationNames.join(', ')}` });
    const now = this.s.clock.now();
    const identity = await this.s.events.transaction(async (trx, emit) => {
      const row = await this.repo.insertDirect(trx, {
        workspace_id: auth.workspace.id,
        integration_name: input.integration_name,
        api_key_enc: encrypt(this.s.config.encryptionKey, input.api_key),
        errors: '[]',
        creator_id: auth.member.id,
        next_sync_at: now,
        created_at: now,
        updated_at: now,
      });
      emit(event(atsConnected, auth.workspace.id, { identityId: row.id, integration: input.integration_name, byMemberId: auth.member.id }));
      return row;
    });
    await this.enqueue(identity);
    return this.json(identity);
  }

  /** GET …/validate: checks the key again (in the job) unless it is being checked; answers the identity as it is. */
  async validate(auth: AuthContext, id: number): Promise<DirectIdentityJson> {
    let identity = await requireAccess(auth, this.policy, id, 'edit');
    if (identity.state === 'error') {
      const now = this.s.clock.now();
      await this.repo.updateDirect(this.s.db, identity.workspace_id, identity.id, { state: 'pending', errors: '[]', next_sync_at: now, updated_at: now });
      identity = (await this.repo.direct(identity.workspace_id, identity.id))!;
    }
    await this.enqueue(identity);
    return this.json(identity);
  }

  private async enqueue(identity: DirectIdentity): Promise<void> {
    if (!identity.next_sync_at) return;
    await this.s.queue.enqueue(syncJob, { workspaceId: identity.workspace_id, kind: 'ats', identityId: identity.id }, { jobId: `integrations-sync:ats:${identity.id}:${identity.next_sync_at.toISOString()}` });
  }

  /** The job: check the key (pending), then read the hired candidates (validated, active). */
  async sync(workspaceId: number, identityId: number): Promise<void> {
    const identity = await this.repo.direct(workspaceId, identityId);
    const provider = identity && this.providers.get(identity.integration_name);
    if (!identity || !provider || identity.state === 'error') return;
    const key = decrypt(this.s.config.encryptionKey, identity.api_key_enc);
    const now = this.s.clock.now();
    let hired: HiredCandidate[];
    try {
      if (identity.state === 'pending') {
        const check = await provider.validateKey(key);
        const state = check.ok ? 'validated' : 'error';
        const errors = check.ok ? [] : check.errors;
        await this.s.events.transaction(async (trx, emit) => {
          await this.repo.updateDirect(trx, workspaceId, identityId, { state, errors: JSON.stringify(errors), next_sync_at: check.ok ? now : null, updated_at: now });
          emit(event(atsValidated, workspaceId, { identityId, state, errors }));
        });
        if (!check.ok) return;
      }
      hired = await provider.hiredCandidates(key);
    } catch (err) {
      if (!(err instanceof IntegrationProviderError)) throw err;
      this.s.log.warn({ err, workspaceId, identityId }, 'applicant tracking sync failed');
      if (err.status === 401 || err.status === 403) {
        // The key was revoked or lost a permission since it was checked: shown as the identity's error.
        const errors = ['The applicant tracking system no longer accepts this API key. Add a new one.'];
        await this.s.events.transaction(async (trx, emit) => {
          await this.repo.updateDirect(trx, workspaceId, identityId, { state: 'error', errors: JSON.stringify(errors), next_sync_at: null, updated_at: now });
          emit(event(atsValidated, workspaceId, { identityId, state: 'error', errors }));
        });
        return;
      }
      await this.repo.updateDirect(this.s.db, workspaceId, identityId, { next_sync_at: new Date(now.getTime() + ERROR_RETRY_MS), updated_at: now });
      return;
    }
    await this.s.events.transaction(async (trx, emit) => {
      const { stored, newHires } = await recordPeople(this.repo, trx, emit, {
        workspaceId,
        source: 'ats',
        identityId,
        today: utcDay(now),
        now,
        people: hired.map((c) => ({
          workspace_id: workspaceId,
          source: 'ats' as const,
          identity_id: identityId,
          remote_id: c.remoteId,
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          start_date: c.startDate,
          birthday: null,
          department: c.department,
          location: c.office,
          job_title: c.jobTitle,
          manager_email: null,
          attributes: JSON.stringify(c.customFields),
          employment_status: c.startDate && c.startDate < utcDay(now) ? 'ACTIVE' : 'PENDING',
          updated_at: now,
        })),
      });
      await this.repo.updateDirect(trx, workspaceId, identityId, { state: 'active', last_synced_at: now, next_sync_at: new Date(now.getTime() + DAY_MS), updated_at: now });
      emit(event(integrationSynced, workspaceId, { source: 'ats', identityId, people: stored.length, matched: stored.filter((p) => p.member_id).length, newHires }));
    });
  }
}
