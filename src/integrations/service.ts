import type { AuthContext } from '../http/auth.js';
import { requireAccess } from '../platform/access.js';
import { integrationsPolicy } from './access.js';
import type { PendingHire } from '../platform/ports.js';
import type { IntegrationsOverviewJson, NewHireJson } from './api-types.js';
import { ATS_PERMISSION_GROUPS } from './ats-provider.js';
import type { AtsService } from './ats.js';
import type { CalendarsService } from './calendars.js';
import { variantFor } from './field-test.js';
import { utcDay, type HrisService } from './hris.js';
import type { IntegrationsRepository } from './repository.js';
import type { VariantBody } from './schema.js';

const DAY_MS = 86_400_000;

/** The integrations as the routes see them: the HR system, applicant tracking, calendars, and the page's reads. */
export class IntegrationsService {
  constructor(
    private readonly repo: IntegrationsRepository,
    readonly hris: HrisService,
    readonly ats: AtsService,
    readonly calendars: CalendarsService,
    private readonly clock: { now(): Date },
  ) {}

  async overview(auth: AuthContext): Promise<IntegrationsOverviewJson> {
    const [identity, directs, identities] = await Promise.all([this.hris.current(auth), this.ats.list(auth), this.calendars.identities(auth.workspace.id, auth.member.id)]);
    return { hris: { available: this.hris.available, identity }, ats: { identities: directs, permission_groups: ATS_PERMISSION_GROUPS }, identities };
  }

  /** People starting in the next `days` days, as the HR system and applicant tracking report them. */
  async upcomingNewHires(auth: AuthContext, days: number): Promise<{ days: number; new_hires: NewHireJson[] }> {
    await requireAccess(auth, integrationsPolicy, auth.workspace.id, 'read');
    const now = this.clock.now();
    const rows = await this.repo.upcomingPeople(auth.workspace.id, utcDay(now), utcDay(new Date(now.getTime() + days * DAY_MS)));
    return {
      days,
      new_hires: rows.map((p) => ({
        source: p.source,
        name: `${p.first_name} ${p.last_name}`.trim(),
        email: p.email,
        start_date: p.start_date!,
        department: p.department,
        location: p.location,
        job_title: p.job_title,
        member_id: p.member_id,
      })),
    };
  }

  /** Who the HR system or applicant tracking says starts between the two dates and is not in Slack yet (Celebrations lists them). */
  async pendingHires(workspaceId: number, from: string, to: string): Promise<PendingHire[]> {
    const rows = await this.repo.upcomingNotInSlack(workspaceId, from, to);
    return rows.map((p) => ({
      source: p.source,
      name: `${p.first_name} ${p.last_name}`.trim() || p.email || p.remote_id,
      email: p.email,
      start_date: p.start_date!,
      department: p.department,
      location: p.location,
      job_title: p.job_title,
    }));
  }

  /** POST /field_test/variant_as_json: the member's stable variant of an experiment. */
  variant(auth: AuthContext, input: VariantBody): { experiment: string; variant: string } {
    const variants = input.variants ?? ['control', 'variant'];
    return { experiment: input.experiment, variant: variantFor(input.experiment, `${auth.workspace.team_id}:${auth.member.slack_user_id}`, variants) };
  }
}
