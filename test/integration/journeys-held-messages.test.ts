import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleEventJson, TagDetail } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * A journey built on the free plan keeps its first messages on and holds the rest back; after an upgrade one
 * call turns exactly those on (and schedules them for the running session), while on the free plan it is the
 * 402 the upgrade dialog redoes. A message the admin turned off by hand is not turned on.
 */
describe('messages the free plan held back', () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  let tagId: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
  });
  afterAll(() => t?.close());

  const detail = () => t.call<TagDetail>(owner, 'GET', `/onboarding/tags/${tagId}`);

  it('are marked when the journey is built, and turning them on is a 402 on the free plan', async () => {
    tagId = (await createOnboardingJourney(t, owner)).tag.id;
    const events = (await detail()).events;
    expect(events).toHaveLength(17);
    expect(events.filter((e) => e.active)).toHaveLength(3);
    expect(events.filter((e) => e.held_by_plan)).toHaveLength(14);
    const refused = await t.call<{ feature: string }>(owner, 'POST', `/onboarding/tags/${tagId}/turn_on_held_messages`, undefined, 402);
    expect(refused.feature).toBe('journeys');
    expect((await detail()).events.filter((e) => e.active)).toHaveLength(3);
  });

  it('after the upgrade, turns on exactly the held ones in one step, for the running session too', async () => {
    const primary = (await t.call<{ roles: Array<{ id: number; primary: boolean }> }>(owner, 'GET', `/onboarding/tags/${tagId}`)).roles.find((r) => r.primary)!.id;
    const hire = (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, 'U0DEMO010'))!.id;
    const session = (await t.call<{ session: { id: number; session_events: Array<{ active: boolean }> } }>(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: hire }] })).session;
    expect(session.session_events.filter((e) => e.active)).toHaveLength(3);
    await t.call(owner, 'POST', '/sign_up/change_plan', { plan: 'premium', trial: true });

    const held = (await detail()).events.filter((e) => e.held_by_plan);
    // One held message the admin turns off by hand stays off.
    await t.call(owner, 'PUT', `/onboarding/events/${held[0]!.id}`, { onboarding_schedule_event: { active: false } });
    const on = await t.call<{ events: ScheduleEventJson[] }>(owner, 'POST', `/onboarding/tags/${tagId}/turn_on_held_messages`);
    expect(on.events.map((e) => e.id).sort()).toEqual(held.slice(1).map((e) => e.id).sort());
    const after = (await detail()).events;
    expect(after.filter((e) => e.active)).toHaveLength(16);
    expect(after.filter((e) => e.held_by_plan)).toEqual([]);
    const sessions = await t.call<{ sessions: Array<{ id: number; session_events: Array<{ active: boolean }> }> }>(owner, 'GET', `/onboarding/tags/${tagId}/sessions`);
    expect(sessions.sessions.find((s) => s.id === session.id)!.session_events.filter((e) => e.active)).toHaveLength(16);
    // Nothing left to turn on: the same call changes nothing.
    expect((await t.call<{ events: ScheduleEventJson[] }>(owner, 'POST', `/onboarding/tags/${tagId}/turn_on_held_messages`)).events).toEqual([]);
  });
});
