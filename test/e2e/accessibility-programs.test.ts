import { ACME } from '../../src/sandbox/seed.js';
import { accessibilitySuite } from '../support/a11y.js';
import { signIn } from '../support/hearth.js';

const JONAS = 'U0DEMO010';

/**
 * The channel programs', reporting, points, account and settings pages, the OAuth pages, the sandbox and the bare
 * pages (test/support/a11y.ts says what each test checks), with real data made through the API: an Intros program
 * with a round paired, a Watercooler and a Celebrations program, a reward Jonas redeemed with bonus points, a
 * shoutout, and a message Slack refused (a failed delivery).
 */
accessibilitySuite('programs, reporting, points, account and settings', {
  data: async ({ t, app, memberId, settle }) => {
    const intros = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    await app('POST', `/coffee/${intros.id}/trigger_arrangement_as_json`, {});
    const water = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    const celebrations = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations });

    const jonas = await memberId(JONAS);
    const reward = await app<{ listing: { id: number } }>('POST', '/rewards', { listing: { preset_id: 'coffee' } });
    await app('POST', '/points/bonus', { member_id: jonas, points: 1000, note: 'Welcome bonus', request_id: 'a11y-bonus' });
    await app('POST', '/shoutouts/activate');
    await app('POST', '/shoutouts', { recipient_id: jonas, points: 10, message: 'Thanks for the launch!', request_id: 'a11y-shoutout' });
    await t.call(await signIn(t, ACME.teamId, JONAS), 'POST', `/rewards/${reward.listing.id}/redeem`, {});

    // Posted to a private channel Hearth is not in: Slack refuses it, and it shows on the failed deliveries page.
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    await t.services.outbox.enqueue([{ workspaceId: ws.id, key: 'a11y-failed:1', kind: 'watercooler', method: 'chat.postMessage', args: { channel: ACME.channels.leadership, text: 'A prompt' } }]);
    await settle();
    return { intros: intros.id, water: water.id, celebrations: celebrations.id };
  },
  pages: [
    ['home', () => '/'],
    ['installed', () => '/installed?app=A0HEARTH'],
    ['intros list', () => '/all_channels?type=intros'],
    ['watercooler list', () => '/all_channels?type=watercooler'],
    ['new program', () => '/channel_programs/new?preview=intros'],
    ['intros members', (i) => `/coffee/${i.intros}?tab=members`],
    ['intros rounds', (i) => `/coffee/${i.intros}?tab=rounds`],
    ['intros preview', (i) => `/coffee/${i.intros}?tab=preview`],
    ['intros settings', (i) => `/coffee/${i.intros}/edit`],
    ['watercooler settings', (i) => `/watercooler/${i.water}/edit`],
    ['celebrations', () => '/celebrations'],
    ['celebrations program', (i) => `/celebrations/${i.celebrations}/edit`],
    ['templates', () => '/templates?hide_defaults=false'],
    ['reporting', () => '/reporting'],
    ['program report', (i) => `/reporting/${i.intros}`],
    ['attention required', () => '/reporting/attention_required'],
    ['intros feedback', () => '/reporting/intros_feedback'],
    ['points', () => '/points'],
    ['rewards', () => '/rewards'],
    ['redemptions', () => '/rewards?tab=redemptions'],
    ['shoutouts', () => '/shoutouts'],
    ['billing', () => '/billing'],
    ['payment', () => '/billing/payment'],
    ['profile', () => '/settings/profile'],
    ['intros preferences', () => '/settings/intros'],
    ['celebration preferences', () => '/settings/celebrations'],
    ['workspace data', () => '/settings/data'],
    ['failed deliveries', () => '/settings/deliveries'],
    ['api reference', () => '/settings/api'],
    ['integrations', () => '/integrations'],
    // A provider's refusal comes back to the callback, which returns to /integrations and says so in a toast.
    ['oauth callback', () => '/integrations/oauth/google/callback?error=access_denied&state=x', (page) => page.getByRole('heading', { level: 1, name: 'Integrations' })],
    ['sandbox sign-in', () => '/integrations/sandbox_authorize/google?client_id=sandbox&redirect_uri=%2Fintegrations%2Foauth%2Fgoogle%2Fcallback&state=x'],
    ['sandbox', () => `/sandbox?team=${ACME.teamId}&user=${ACME.adminUserId}`, (page) => page.getByRole('navigation', { name: 'Conversations' }).getByText('general')],
    ['workspace deleted', () => '/workspace_deleted'],
    ['not found', () => '/no/such/page'],
  ],
});
