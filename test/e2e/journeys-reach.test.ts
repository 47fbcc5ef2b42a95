import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, ScheduleEventJson } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { signIn } from '../support/hearth.js';
import { setPlan, settle, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const GRACE = 'U0DEMO027';

/**
 * Issue 28's "reachable" drill in Chromium, on the sandbox page as Grace (a member, not an admin): she finds the
 * survey she was sent in her DM with Hearth, answers it in its modal (the invitation then shows her answer, not its
 * buttons), joins a journey from the Home tab's "Journeys you can join", and opens her journey hub from
 * `/hearth journey` — all without typing an address. Screenshots (reach-*.png) go to $HEARTH_SCREENSHOTS when set.
 */
describe.skipIf(!HAS_CHROMIUM)(`journeys reachable from Slack${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  let training: { id: number; flow: string; primary: number };
  let mentoring: { id: number; flow: string; primary: number };

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the admin shares a survey to Grace and opens another journey to self-enrollment (their hubs published)', async () => {
    const admin = await signIn(t, TEAM, ACME.adminUserId);
    await setPlan(t, TEAM, 'premium');
    // A mentorship journey with a survey shared to Grace, and a training journey open to self-enrollment, both hubs published.
    const journey = async (name: string, flow_type: string) => {
      const created = await t.call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name, flow_type } });
      const flow = created.tag.route_flow_type;
      await t.call<{ event: ScheduleEventJson }>(admin, 'POST', `/${flow}/tags/${created.tag.id}/events`, { onboarding_schedule_event: { kind: 'message', days_later: 0, minute_in_day: 600, role: created.tag.roleIds[0], title: 'Hello', text: `Welcome to ${name}, {first_name}!` } });
      await t.call(admin, 'PUT', `/${flow}/tags/${created.tag.id}/site`, { published: true });
      return { id: created.tag.id, flow, primary: created.tag.roleIds[0]! };
    };
    mentoring = await journey('Mentoring', 'mentorship');
    training = await journey('Sales training', 'training');
    const survey = await t.call<{ enrollment_survey: { id: number } }>(admin, 'POST', `/${mentoring.flow}/tags/${mentoring.id}/enrollment_surveys`, {
      enrollment_survey: { name: 'Engineering mentorship program 2026', role_enrollment_surveys: [{ role_id: mentoring.primary, questions: [{ input_type: 'radio', query: 'Which area?', optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] }] }] },
    });
    const grace = await signIn(t, TEAM, GRACE);
    await t.call(admin, 'POST', `/${mentoring.flow}/tags/${mentoring.id}/enrollment_surveys/${survey.enrollment_survey.id}/share_to_slack_as_json`, { channel_ids: [], user_ids: [grace.memberId], start_date: '2026-03-09' });
    await t.call(admin, 'PUT', `/${training.flow}/tags/${training.id}/self_enroll_settings`, { enabled: true });
    await settle(t);
  });

  const open = async (width: number, query = `team=${TEAM}&user=${GRACE}`) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${t.url}/sandbox?${query}`);
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('general').waitFor();
    return context;
  };

  it('Grace finds the survey in her DM and answers it; the invitation then shows her answer instead of its buttons', async () => {
    await open(1366);
    await page.getByRole('button', { name: 'Hearth Messages' }).click();
    const invite = page.getByRole('listitem', { name: /^Hearth at/ }).filter({ hasText: 'invited to join' }).last();
    await invite.waitFor();
    await invite.getByRole('button', { name: 'Answer' }).click();
    // Slack's 24 characters, cut at a word.
    const dialog = page.getByRole('dialog', { name: 'Engineering mentorship…' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Backend' }).check();
    await screenshot(page, 'reach-survey-modal');
    await dialog.getByRole('button', { name: 'Sign me up' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => invite.getByText("You're signed up for Mentoring").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await invite.getByRole('button', { name: 'Answer' }).count()).toBe(0);
    await screenshot(page, 'reach-survey-answered');
  });

  it('Grace joins a journey from the Home tab, at 800 px, and is told in her DM', async () => {
    await open(800);
    await page.getByRole('button', { name: 'Hearth Home' }).click();
    await page.getByRole('heading', { name: 'Journeys you can join' }).waitFor();
    await screenshot(page, 'reach-home-join');
    // Mentoring is not open to self-enrollment (and she is on it): the one Join is Sales training's.
    expect(await page.getByText('Sales training').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Join' }).click();
    await settle(t);
    await page.getByRole('button', { name: 'Hearth Messages' }).click();
    await page.getByText("You've joined Sales training").waitFor({ timeout: 15_000 });
  });

  it('Grace opens her journey hub from /hearth journey, signed in by its link', async () => {
    const context = await open(1366, `team=${TEAM}&user=${GRACE}&c=app`);
    const composer = page.getByRole('textbox', { name: /^Message/ });
    await composer.fill('/hearth journey');
    await composer.press('Enter');
    const answer = page.getByRole('listitem', { name: /Hearth \(only visible to you\)/ }).last();
    await expect.poll(() => answer.isVisible(), { timeout: 15_000 }).toBe(true);
    const link = answer.getByRole('link', { name: 'Open your journey hub' }).first();
    await link.waitFor();
    const [hub] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await hub.waitForLoadState();
    await hub.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    expect(new URL(hub.url()).pathname).toMatch(/^\/site\/\d+$/);
    await screenshot(hub, 'reach-hub');
    expect(pageErrors).toEqual([]);
  });

  it("the admin sees who joined and the survey's answers on the journey's Enrollment tab, at 1366 and 800 px", async () => {
    for (const width of [1366, 800]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      expect((await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } })).ok()).toBe(true);
      const admin = await context.newPage();
      admin.on('pageerror', (err) => pageErrors.push(err.message));
      await admin.goto(`${t.url}/${training.flow}/tags/${training.id}?tab=enrollment`);
      expect(await admin.getByRole('switch', { name: 'Members can join this journey themselves' }).getAttribute('aria-checked')).toBe('true');
      await admin.getByRole('list', { name: 'People who joined by themselves' }).getByText(/Grace/).waitFor();
      await admin.goto(`${t.url}/${mentoring.flow}/tags/${mentoring.id}?tab=enrollment`);
      const row = admin.getByRole('table', { name: 'Enrollment surveys' }).getByRole('row').filter({ hasText: 'Engineering mentorship program 2026' });
      await row.getByRole('link', { name: '1 answer' }).waitFor();
      expect(await row.textContent()).toContain('Once, last');
      expect(await admin.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await screenshot(admin, `reach-enrollment-tab-${width}`);
      await context.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it('the join link tells Grace, in the server\'s words, that she is already on it', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    expect((await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: GRACE } })).ok()).toBe(true);
    const join = await context.newPage();
    await join.goto(`${t.url}/${training.flow}/tags/${training.id}/join`);
    await join.getByRole('heading', { name: 'Join Sales training', level: 1 }).waitFor();
    await join.getByRole('alert').filter({ hasText: "You're already on Sales training" }).waitFor();
    await screenshot(join, 'reach-join-page');
    await context.close();
  });
});
