import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DryRunAnswer, SessionsIndex } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/** The pages show a session's titles as its people read them: placeholders filled, people by name, never `{first_name}` or `<@U…>`. */
describe("a session's titles on the pages", () => {
  let t: SandboxHearth;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
  });
  afterAll(() => t?.close());

  it('the People tab, a rescheduled event and the dry run fill them for the participant, and name channels', async () => {
    const created = await createOnboardingJourney(t, owner);
    const tagId = created.tag.id;
    const primary = created.new_roles.find((r) => r.purpose === 'primary')!.id;
    const ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    const jonas = (await t.services.people.bySlackId(ws, 'U0DEMO010'))!.id;
    await t.call(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: jonas }] });

    const session = (await t.call<SessionsIndex>(owner, 'GET', `/onboarding/tags/${tagId}/sessions`)).sessions[0]!;
    const titles = session.session_events.map((e) => e.title);
    expect(titles).toContain("Plan Jonas's first week");
    for (const title of titles) expect(title).not.toMatch(/[{}]|<@/);

    const plan = session.session_events.find((e) => e.title === "Plan Jonas's first week")!;
    const moved = await t.call<{ session_event: { title: string } } | { title: string }>(owner, 'PUT', `/onboarding/session_events/${plan.id}`, { onboarding_session_event: { occurs_at: `${plan.occurs_on}T11:00` } });
    expect(JSON.stringify(moved)).toContain("Plan Jonas's first week");

    const dry = await t.call<DryRunAnswer>(owner, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${jonas}`);
    expect(dry.items.map((i) => i.title)).toContain("Plan Jonas's first week");
    for (const item of dry.items) expect(item.title).not.toMatch(/[{}]|<@/);
    // A channel post is "to #general", not to a raw <#C…> id.
    expect(dry.items.map((i) => i.recipient_label)).toContain('#general');
    for (const item of dry.items) expect(item.recipient_label).not.toMatch(/<#/);
  });
});
