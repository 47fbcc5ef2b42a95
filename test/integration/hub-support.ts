import type { CreateTagAnswer, SessionJson } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { dmWith, settle, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

export const TEAM = ACME.teamId;
// Jonas is the new hire, Lena his manager, Ananya his buddy; Kai is in none of his journey's roles; Maya is
// another new hire of the same journey.
export const JONAS = 'U0DEMO010';
export const LENA = 'U0DEMO009';
export const ANANYA = 'U0DEMO007';
export const KAI = 'U0DEMO012';
export const MAYA = 'U0DEMO013';

export interface Who {
  cookie: string;
  csrf: string;
  memberId: number;
}

export { settle } from '../support/sandbox-hearth.js';
export const dm = dmWith;
export const textOf = (m: { text?: string; blocks?: unknown }) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;

/** The path and query of the hub link in a Slack message. */
export function hubLinkOf(message: { text?: string; blocks?: unknown }): string {
  const url = new URL(/<(https?:[^|>]+)\|Open your journey hub>/.exec(textOf(message))![1]!);
  return url.pathname + url.search;
}

/**
 * An onboarding journey from the first bundle on Acme (on Premium), with Jonas enrolled (Lena his manager, Ananya
 * his buddy) and Maya enrolled in another session (Lena her manager).
 */
export async function enrolJonas(t: SandboxHearth) {
  const call = t.call;
  const admin = await signIn(t, TEAM, ACME.adminUserId);
  const workspaceId = (await t.services.workspaces.byTeamId(TEAM))!.id;
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId(workspaceId, slackUserId))!.id;
  await setPlan(t, TEAM, 'premium');
  const form = new FormData();
  form.set('channel_id', ACME.channels.general);
  form.set('onboarding_tag[name]', 'Engineering onboarding');
  form.set('onboarding_tag[flow_type]', 'onboarding');
  form.set('onboarding_tag[preset_bundle_id]', '1');
  const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', form);
  const tagId = created.tag.id;
  const roles = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id])) as Record<string, number>;
  const enrol = async (memberships: Array<[role: string, slackUserId: string]>) =>
    (
      await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, {
        start_date: '2026-03-03',
        memberships: await Promise.all(memberships.map(async ([role, user]) => ({ role_id: roles[role]!, user_id: await memberId(user) }))),
      })
    ).session;
  const session = await enrol([
    ['primary', JONAS],
    ['manager', LENA],
    ['buddy', ANANYA],
  ]);
  const other = await enrol([
    ['primary', MAYA],
    ['manager', LENA],
  ]);
  return { call, admin, workspaceId, memberId, tagId, roles, session, other };
}

/** Sends a session's tasks and polls now, as the admin's "send now" on the session page does. */
export async function sendTasksAndPolls(t: SandboxHearth, admin: Who, session: SessionJson): Promise<void> {
  const call = t.call;
  for (const se of session.session_events.filter((e) => e.kind === 'task' || e.kind === 'poll')) await call(admin, 'POST', `/onboarding/session_events/${se.id}/trigger`);
  await settle(t);
}
