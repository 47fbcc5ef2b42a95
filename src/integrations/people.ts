import type { Trx } from '../db/index.js';
import { event, type Emit } from '../platform/events/define.js';
import { newHire } from '../platform/events/new-hire.js';
import type { IntegrationPerson, IntegrationsRepository, PersonInput } from './repository.js';
import type { PersonSource } from './tables.js';

/** Whether a person reported by an integration is a new hire: starting today or later (or not yet started) and not gone. */
export function isNewHire(p: Pick<PersonInput, 'start_date' | 'employment_status'>, today: string): boolean {
  if (p.employment_status === 'INACTIVE') return false;
  if (p.employment_status === 'PENDING') return true;
  return p.start_date !== null && p.start_date !== undefined && p.start_date >= today;
}

/**
 * Records the people an integration reported (matched to members by email) and announces each new hire
 * once per person per identity: `integrations.new_hire`, in the same transaction as the mark that guards it.
 */
export async function recordPeople(
  repo: IntegrationsRepository,
  trx: Trx,
  emit: Emit,
  input: { workspaceId: number; source: PersonSource; identityId: number; people: PersonInput[]; today: string; now: Date },
): Promise<{ stored: IntegrationPerson[]; newHires: number }> {
  const stored: IntegrationPerson[] = [];
  let newHires = 0;
  for (const p of input.people) {
    const row = await repo.upsertPerson(trx, p);
    stored.push(row);
    if (!row.email || row.new_hire_at || !isNewHire(row, input.today)) continue;
    if (!(await repo.markNewHire(trx, input.workspaceId, row.id, input.now))) continue;
    newHires += 1;
    emit(
      event(newHire, input.workspaceId, {
        source: input.source,
        identityId: input.identityId,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        startDate: row.start_date,
        attributes: attributesOf(row),
      }),
    );
  }
  return { stored, newHires };
}

/** What enrollment rules can match on: the person's department, location, title, manager and custom fields. */
function attributesOf(p: IntegrationPerson): Record<string, string> {
  const base: Record<string, string | null> = { department: p.department, location: p.location, job_title: p.job_title, manager_email: p.manager_email };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v) out[k] = v;
  return { ...out, ...p.attributes };
}
