import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { seriousViolations } from '../support/axe.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { overflowsX } from '../support/layout.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const JONAS = 'U0DEMO010';

/**
 * Reporting in Chromium on the sandbox, with numbers made by real program activity: a journey enrols Jonas with
 * nobody in his manager and buddy roles (missing_role), sends him a task he leaves undone (task_overdue after
 * three days); an Intros round goes out, someone clicks "We met" and rates the intro 5 with a comment from the
 * feedback DM. Then /reporting, /reporting/attention_required (hide an issue) and /reporting/intros_feedback.
 */
describe.skipIf(!HAS_CHROMIUM)(`Reporting pages${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cookie = '';
  let csrf = '';
  const pageErrors: string[] = [];
  let introsId = 0;

  const app = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrf, accept: 'application/json', ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const settle = async () => {
    await t.services.queue.idle();
    await expect.poll(async () => (await t.services.db.selectFrom('outbox').select('id').where('state', 'in', ['pending', 'sending']).execute()).length, { timeout: 15_000 }).toBe(0);
    await t.services.queue.idle();
  };
  const advance = async (to: string) => {
    await t.api('POST', '/sandbox/clock/advance', { to });
    await settle();
  };
  const dm = (userId: string) => t.sandbox.state.openConversation(TEAM, ACME.botUserId, [userId]).channel.id;
  const textOf = (m: { text?: string; blocks?: unknown }) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, slackUserId))!.id;

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    await setPlan(t, TEAM, 'premium');
    const res = await fetch(`${t.url}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: TEAM, user_id: ACME.adminUserId }) });
    const cookies = res.headers.getSetCookie();
    cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    csrf = decodeURIComponent(cookies.find((c) => c.startsWith('hearth_csrf='))!.split(';')[0]!.split('=')[1]!);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const session = await page.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } });
    expect(session.status()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('runs a journey and an Intros round in the sandbox, with feedback from Slack', async () => {
    // A journey from bundle 1; Jonas enrolled with nobody as his manager or buddy.
    const form = new FormData();
    form.set('channel_id', ACME.channels.general);
    form.set('onboarding_tag[name]', 'Engineering onboarding');
    form.set('onboarding_tag[flow_type]', 'onboarding');
    form.set('onboarding_tag[preset_bundle_id]', '1');
    form.set('source', 'one_click');
    const created = await app<{ tag: { id: number }; new_roles: Array<{ id: number; purpose: string }> }>('POST', '/onboarding/tags', form);
    const primary = created.new_roles.find((r) => r.purpose === 'primary')!.id;
    await app('POST', `/onboarding/tags/${created.tag.id}/sessions`, { start_date: '2026-03-03', memberships: [{ role_id: primary, user_id: await memberId(JONAS) }] });
    await advance('2026-03-03T12:30:00Z');
    expect(t.sandbox.state.messageList(dm(JONAS)).some((m) => textOf(m).includes('Complete your Slack profile'))).toBe(true);

    // An Intros round; the first member says "We met", then rates it from the feedback DM.
    const intros = await app<{ id: number; redirect_url: string }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    introsId = intros.id;
    const before = await app<{ config: { next_run_at: string } }>('GET', intros.redirect_url);
    // The round's group DMs are paced by Slack's rate limits: wait for the first group's, not for all of them.
    await t.api('POST', '/sandbox/clock/advance', { to: new Date(new Date(before.config.next_run_at).getTime() + 2 * 60_000).toISOString() });
    const round = await app<{ current_round: { groups: Array<{ members: Array<{ slack_user_id: string }> }> } }>('GET', intros.redirect_url);
    const clicker = round.current_round.groups[0]!.members[0]!.slack_user_id;
    const introOf = () => {
      const mpim = t.sandbox.state.channelList(TEAM).find((c) => c.is_mpim && c.members.includes(clicker));
      const message = mpim && t.sandbox.state.messageList(mpim.id).find((m) => textOf(m).includes('intros_met'));
      return mpim && message ? { mpim, intro: message } : undefined;
    };
    await expect.poll(introOf, { timeout: 60_000 }).toBeDefined();
    const { mpim, intro } = introOf()!;
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: clicker, channel_id: mpim.id, message_ts: intro.ts, action_id: 'intros_met' });
    const askOf = () => t.sandbox.state.messageList(dm(clicker)).find((m) => textOf(m).includes('How was your intro?'));
    await expect.poll(askOf, { timeout: 60_000, message: 'the feedback DM' }).toBeDefined();
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: clicker, channel_id: dm(clicker), message_ts: askOf()!.ts, action_id: 'reporting_feedback_5' });
    await expect.poll(async () => (await t.api<{ modals: unknown[] }>('GET', `/sandbox/views?team=${TEAM}&user=${clicker}`)).modals.length, { timeout: 30_000 }).toBe(1);
    const done = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: clicker, values: { comment: { comment_input: 'Lovely chat about hiking' } } });
    expect(done.response_action).toBe('close');
    await expect
      .poll(async () => (await t.services.db.selectFrom('reporting_coffee_feedbacks').select(['rating', 'comment']).execute()).map((r) => [r.rating, r.comment]), { timeout: 15_000 })
      .toEqual([[5, 'Lovely chat about hiking']]);
    await settle();

    // A day later the task of 3 March is still undone: the tick's derive job opened task_overdue three days after
    // it went out (the later task and poll are not overdue yet).
    await advance(new Date(t.services.clock.now().getTime() + 86_400_000).toISOString());
    await expect.poll(async () => (await t.services.db.selectFrom('reporting_session_issues').select('issue_type').execute()).map((r) => r.issue_type), { timeout: 15_000 }).toContain('task_overdue');
  });

  it('shows the modules with a chart and the numbers in a table', async () => {
    await page.goto(`${t.url}/reporting`);
    await page.getByRole('heading', { level: 1, name: 'Reporting' }).waitFor();
    const sessions = page.locator('[data-stat="onboarding_sessions_created"]');
    await expect.poll(() => sessions.getByTestId('module-total').textContent(), { timeout: 15_000 }).toBe('1');
    // The chart loads after the figures (its own chunk).
    await expect.poll(() => sessions.locator('.recharts-surface').count(), { timeout: 15_000 }).toBe(1);
    expect(await sessions.getByRole('table').count()).toBe(1);
    const meetings = page.locator('[data-stat="coffee_meetings_completed"]');
    await expect.poll(() => meetings.getByTestId('module-total').textContent(), { timeout: 15_000 }).toBe('1');
    const tasks = page.locator('[data-stat="task_assignments_completed"]');
    await expect.poll(() => tasks.getByTestId('module-total').textContent(), { timeout: 15_000 }).toBe('0%');
    // Changing a module's period is saved for this user.
    await page.locator('[data-stat="active_users"]').getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: '7 days' }).click();
    await expect.poll(async () => (await app<{ template: Array<{ date_window: string }> }>('GET', `/reporting_module_settings/${await memberId(ACME.adminUserId)}`)).template[0]!.date_window).toBe('7d');
    // The CSV report: a job makes it and sends it to the requester's DMs as a file; the toast says so.
    await page.getByRole('button', { name: 'Send CSV to Slack' }).click();
    await page.getByText('Your report is being generated. We will send the CSV to you in a Slack DM.').waitFor();
    await settle();
    const csvOf = () => t.sandbox.state.messageList(dm(ACME.adminUserId)).find((m) => m.files?.length)?.files?.[0];
    await expect.poll(csvOf, { timeout: 15_000, message: 'the CSV in the DM' }).toBeDefined();
    const csv = t.sandbox.state.file(TEAM, csvOf()!.id)!.content!;
    expect(csv.split('\n')[0]).toBe('Module,Stat,Journey,From,To,Group by,Period starting,Value,Sent,Rate (%)');
    expect(csv).toContain('Onboarding sessions created,onboarding_sessions_created,All,');
    await screenshot(page, 'reporting-modules', { fullPage: true });
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await overflowsX(page)).toBe(false);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('lists attention-required issues by person and session, and hides one', async () => {
    await page.goto(`${t.url}/reporting/attention_required`);
    await page.getByRole('heading', { level: 1, name: 'Attention required' }).waitFor();
    const jonas = page.locator('.issue-user').filter({ hasText: 'Jonas' });
    await jonas.waitFor();
    const issues = jonas.locator('.issue');
    const count = await issues.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await jonas.locator('[data-issue-type="missing_role"]').count()).toBeGreaterThan(0);
    expect(await jonas.locator('[data-issue-type="task_overdue"]').count()).toBe(1);
    await jonas.locator('[data-issue-type="task_overdue"]').getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => jonas.locator('[data-issue-type="task_overdue"]').count()).toBe(0);
    // Only missing roles: the filter is kept in this browser.
    await page.getByLabel('Poll overdue').uncheck();
    await page.getByLabel('Task overdue').uncheck();
    await page.getByLabel('Strategic connections not selected').uncheck();
    await page.getByLabel('Channels not selected').uncheck();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Attention required' }).waitFor();
    await page.locator('.issue-user').first().waitFor();
    expect(await page.getByLabel('Missing role').isChecked()).toBe(true);
    expect(await page.getByLabel('Channels not selected').isChecked()).toBe(false);
    await screenshot(page, 'reporting-attention-required', { fullPage: true });
  });

  it('shows the pairing report’s fairness and the strategic connections of journey participants', async () => {
    await page.goto(`${t.url}/reporting/${introsId}`);
    const fairness = page.getByRole('region', { name: 'Fairness' });
    await fairness.waitFor();
    await fairness.getByRole('table', { name: 'Wait since their last intro' }).waitFor();
    expect(await fairness.getByRole('table', { name: 'Wait since their last intro' }).getByRole('row').count()).toBeGreaterThan(2);
    await fairness.getByText(/the lowest possible here was/).waitFor();
    await fairness.getByRole('region', { name: 'Never paired' }).waitFor();
    await fairness.getByRole('region', { name: 'Left out by the plan’s cap' }).waitFor();
    const strategic = page.getByRole('region', { name: 'Strategic connections' });
    // Jonas is the one journey participant.
    await expect.poll(() => strategic.getByTestId('strategic-summary').textContent(), { timeout: 15_000 }).toMatch(/^[01] of 1 journey participant had an intro\.$/);
    await screenshot(page, 'reporting-pairing-fairness', { fullPage: true });

    // A custom range in the kit's date fields, no browser date input: a typed start, an end picked on the calendar
    // with the keyboard; the report follows both, and an end before the start is said at the end date.
    const dates = page.locator('.date-range');
    await dates.getByRole('radio', { name: 'Custom' }).click();
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    const from = dates.getByRole('textbox', { name: 'From' });
    await from.fill('02/01/2026');
    await from.press('Enter');
    await page.waitForURL(/start_date=2026-02-01/);
    const to = dates.getByRole('textbox', { name: 'To' });
    const end = await to.inputValue();
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await dates.getByRole('button', { name: 'Choose to' }).click();
      await page.getByRole('dialog', { name: 'Choose to' }).waitFor();
      await screenshot(page, `reporting-custom-range-${width}`, { fullPage: true });
      expect(await overflowsX(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await dates.getByRole('button', { name: 'Choose to' }).click();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => to.inputValue()).not.toBe(end);
    const picked = await to.inputValue();
    const [m, d, y] = picked.split('/');
    await page.waitForURL(new RegExp(`end_date=${y}-${m}-${d}`));
    await to.fill('01/15/2026');
    await to.press('Enter');
    await dates.getByRole('alert').getByText('The end date is before the start date.').waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain(`end_date=${y}-${m}-${d}`);
    expect(pageErrors).toEqual([]);
  });

  it('shows Intros feedback from Slack: the rating and the comment', async () => {
    await page.goto(`${t.url}/reporting/intros_feedback`);
    await page.getByRole('heading', { level: 1, name: 'Intros feedback' }).waitFor();
    await expect.poll(() => page.getByTestId('feedback-average').textContent(), { timeout: 15_000 }).toBe('5 / 5');
    await page.getByText('Lovely chat about hiking').waitFor();
    expect(await page.getByRole('heading', { name: 'Ratings, last 3 months' }).count()).toBe(1);
    await page.getByRole('radio', { name: '7 days' }).click();
    await page.getByRole('heading', { name: 'Ratings, last 7 days' }).waitFor();
    await screenshot(page, 'reporting-intros-feedback', { fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
