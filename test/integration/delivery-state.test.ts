import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsIndex, TagDetail } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import type { ShoutoutsPageData } from '../../src/points/api-types.js';
import { createOnboardingJourney, dmWith, settle, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/** What a page says was sent was sent (issue 27): each surface reads its message's outbox row, not its own hopes. */
describe('delivery state on the pages', () => {
  let t: SandboxHearth;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await startSandboxHearth();
    owner = await signIn(t, TEAM, ACME.adminUserId);
  });
  afterAll(() => t?.close());

  it("the journey People tab shows a welcome DM Slack refused as Not sent, with why, not as sent", async () => {
    const tagId = (await createOnboardingJourney(t, owner)).tag.id;
    const detail = await t.call<TagDetail>(owner, 'GET', `/onboarding/tags/${tagId}`);
    const primary = detail.roles.find((r) => r.primary)!.id;
    const hireSlackId = 'U0DEMO010';
    const hire = (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, hireSlackId))!.id;
    const session = (await t.call<{ session: SessionsIndex['sessions'][number] }>(owner, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: hire }] })).session;
    const toHire = detail.events.find((e) => e.active && e.recipient_type === 'role' && e.role === primary)!;
    const se = session.session_events.find((e) => e.event_id === toHire.id)!;
    expect(se.delivery).toBeNull();

    // The hire's Slack account is deactivated before Hearth hears of it: Slack refuses the DM.
    t.sandbox.state.member(TEAM, hireSlackId)!.deleted = true;
    await t.call(owner, 'POST', `/onboarding/session_events/${se.id}/trigger`);
    await settle(t);
    const shown = (await t.call<SessionsIndex>(owner, 'GET', `/onboarding/tags/${tagId}/sessions`)).sessions[0]!.session_events.find((e) => e.id === se.id)!;
    expect(shown.state).toBe('sent');
    expect(shown.delivery).toMatchObject({ label: 'Not sent', code: 'user_disabled', reason: 'This person’s Slack account is deactivated.' });
  });

  it("a shoutout's giver is told it was given, and in a DM when its channel post fails; the shoutouts page shows why", async () => {
    const lena = (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, 'U0DEMO009'))!.id;
    await t.call(owner, 'POST', '/shoutouts/activate');
    // The channel was archived after it was chosen: Slack refuses the post.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: ACME.channels.general, kind: 'error', error: 'is_archived' });
    await t.call(owner, 'POST', '/shoutouts', { recipient_id: lena, points: 5, message: 'for the launch', channels: [ACME.channels.general], request_id: 'delivery-state-1' });
    await settle(t);
    const recent = (await t.call<ShoutoutsPageData>(owner, 'GET', '/shoutouts')).recent[0]!;
    expect(recent.delivery).toMatchObject({ label: 'Not sent', code: 'is_archived', reason: '#general is archived. Unarchive it, then try again.', canRetry: true });
    const dms = (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dmWith(t, ACME.adminUserId)}/messages?team=${TEAM}&as=${ACME.adminUserId}`)).messages;
    const told = dms.filter((m) => m.text.includes("wasn't posted"));
    expect(told.map((m) => m.text)).toEqual([`Your shoutout to <@U0DEMO009> wasn't posted in <#${ACME.channels.general}>. #general is archived. Unarchive it, then try again. Your points still reached them.`]);
  });
  it("a shoutout's post Hearth couldn't confirm (#general, which it can't read): its giver is told so once, and the page shows Not confirmed", async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    const lena = (await t.services.people.bySlackId(ws, 'U0DEMO009'))!.id;
    expect(t.sandbox.state.channel(TEAM, ACME.channels.general)!.members).not.toContain(ACME.botUserId);
    // Slack stores the post (chat:write.public) and its answer is lost.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel: ACME.channels.general, kind: 'drop_after_store' });
    const { shoutoutId } = await t.call<{ shoutoutId: number }>(owner, 'POST', '/shoutouts', { recipient_id: lena, points: 5, message: 'for the docs', channels: [ACME.channels.general], request_id: 'delivery-state-2' });
    const row = async () => (await t.services.outbox.repo.byKey(ws, `shoutout:${shoutoutId}:${ACME.channels.general}`))!;
    await expect.poll(async () => (await row()).state, { timeout: 10_000 }).toBe('unknown');
    await t.services.outbox.reconcile((await row()).id);
    await t.services.outbox.reconcile((await row()).id);
    await settle(t);
    expect(await row()).toMatchObject({ state: 'unknown', reconcile_stopped_at: expect.any(Date) });
    const recent = (await t.call<ShoutoutsPageData>(owner, 'GET', '/shoutouts')).recent.find((r) => r.id === shoutoutId)!;
    expect(recent.delivery).toMatchObject({ label: 'Not confirmed', reason: "Hearth couldn't confirm its message reached #general: check the channel; Try again posts it again if it isn't there.", canRetry: true });
    const dms = async () => (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dmWith(t, ACME.adminUserId)}/messages?team=${TEAM}&as=${ACME.adminUserId}`)).messages.map((m) => m.text).filter((m) => m.includes("couldn't confirm your shoutout"));
    await expect.poll(dms, { timeout: 10_000 }).toEqual([`Hearth couldn't confirm your shoutout to <@U0DEMO009> was posted in <#${ACME.channels.general}>: check the channel. Your points still reached them.`]);
  });
});
