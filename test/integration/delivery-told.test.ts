import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsIndex, TagDetail } from '../../src/journeys/api-types.js';
import type { SessionIssuesJson } from '../../src/reporting/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, settle, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/** Failures are visible and someone is told (issue 27). */
describe('delivery failures: someone is told', () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  let ws: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
  });
  afterAll(() => t?.close());

  const issues = async () => (await t.call<SessionIssuesJson>(owner, 'GET', '/onboarding/session_issues?date_window=1w')).data.flatMap((u) => u.sessions.flatMap((s) => s.issues.map((i) => ({ ...i, session_id: s.session_id }))));

  it("a journey's channel post Slack refused is a delivery_failed issue of its session, in words, closed when Try again delivers it", async () => {
    const tagId = (await createOnboardingJourney(t, owner, 'Told journey')).tag.id;
    const detail = await t.call<TagDetail>(owner, 'GET', `/onboarding/tags/${tagId}`);
    const primary = detail.roles.find((r) => r.primary)!.id;
    const hire = (await t.services.people.bySlackId(ws, 'U0DEMO011'))!.id;
    const session = (await t.call<{ session: SessionsIndex['sessions'][number] }>(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: hire }] })).session;
    // The journey's first message becomes a post to its channel (#general).
    const post = detail.events.find((e) => e.active)!;
    await t.call(owner, 'PUT', `/onboarding/events/${post.id}`, { onboarding_schedule_event: { kind: 'channel_post', recipient_type: 'channel', channel_id: null, title: 'Welcome {first_name}' } });
    const se = session.session_events.find((e) => e.event_id === post.id)!;

    // Slack refuses the post: Hearth was removed from #general.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: ACME.channels.general, kind: 'error', error: 'not_in_channel' });
    await t.call(owner, 'POST', `/onboarding/session_events/${se.id}/trigger`);
    await settle(t);
    const open = (await issues()).filter((i) => i.session_id === session.id && i.issue_type === 'delivery_failed');
    expect(open).toHaveLength(1);
    expect(open[0]!.detail).toBe('“Welcome Tereza” in Told journey was not delivered: Hearth was removed from #general. Add Hearth back to the channel, then try again.');
    expect(open[0]!.fix).toEqual({ label: 'See who didn’t get it', path: `/onboarding/tags/${tagId}?tab=people` });

    // Try again delivers it: the issue is resolved.
    const row = (await t.services.db.selectFrom('outbox').select('id').where('workspace_id', '=', ws).where('idempotency_key', '=', `journey:se:${se.id}:channel:${ACME.channels.general}`).executeTakeFirstOrThrow()).id;
    await t.call(owner, 'POST', `/deliveries/${row}/retry`, {});
    await settle(t);
    expect((await t.services.outbox.repo.byId(row))!.state).toBe('sent');
    await expect.poll(async () => (await issues()).filter((i) => i.session_id === session.id && i.issue_type === 'delivery_failed'), { timeout: 10_000 }).toEqual([]);
  });
});
