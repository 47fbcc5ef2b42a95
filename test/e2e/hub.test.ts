import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionJson } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { dm, enrolJonas, hubLinkOf, JONAS, KAI, sendTasksAndPolls, settle, TEAM, textOf, type Who } from '../integration/hub-support.js';

const PHONE = { width: 390, height: 844 };

/**
 * The journey hub in Chromium on the sandbox workspace: the admin edits the site (texts, a link, order, a module
 * off, published) with its live preview and saves it; Jonas opens his hub on a 390 px phone from the link in his
 * Slack message, completes a task and answers a poll with the keyboard, and the domain events are the Slack
 * buttons' own with source site; Kai, not in Jonas's journey, is refused. Screenshots (hub-*.png) go to
 * $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`journey hub end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let admin: Who;
  let tagId: number;
  let session: SessionJson;
  const pageErrors: string[] = [];

  const open = async (viewport: { width: number; height: number }, slackUserId?: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport, timezoneId: 'Europe/Berlin' });
    if (slackUserId) expect((await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: slackUserId } })).ok()).toBe(true);
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return { context, page };
  };
  /** Nothing wider than the screen: no sideways scrolling on a phone. */
  const fitsWidth = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    ({ admin, tagId, session } = await enrolJonas(t));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the admin edits the site with a live preview, publishes it and saves; a failed save says so', async () => {
    const { context, page } = await open({ width: 1366, height: 900 }, ACME.adminUserId);
    await page.goto(`${t.url}/onboarding/tags/${tagId}/site/edit`);
    await page.getByRole('heading', { name: 'Journey site editor', level: 1 }).waitFor();
    const preview = page.getByRole('complementary', { name: 'Live preview' });

    await page.getByLabel('Welcome: title').fill('Welcome to Acme, {first_name}!');
    // The preview fills the placeholder with the participant (the admin, Alex, in the preview).
    await preview.getByRole('heading', { name: 'Welcome to Acme, Alex!' }).waitFor();
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByLabel('Link 1: label').fill('Engineering handbook');
    await page.getByLabel('Link 1: address').fill('https://acme.example/handbook');
    await preview.getByRole('link', { name: /Engineering handbook/ }).waitFor();
    await page.getByRole('switch', { name: 'Show Timeline' }).click();
    await expect.poll(() => preview.getByRole('heading', { name: 'Timeline' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Move Your people up' }).click();
    await expect.poll(() => preview.locator('section h2').first().textContent()).toBe('Your people');
    await page.getByRole('switch', { name: 'Published' }).click();

    // A failed save: the spec's words, and nothing is lost.
    await page.route('**/onboarding/tags/*/site', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' }) : route.continue()));
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }).waitFor();
    await page.unroute('**/onboarding/tags/*/site');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/onboarding/tags/${tagId}/site`) && r.request().method() === 'PUT' && r.status() === 200);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await saved;
    await screenshot(page, 'hub-editor', { fullPage: true });

    // Round trip: a fresh load shows what was saved.
    await page.goto(`${t.url}/onboarding/tags/${tagId}/site/edit`);
    await expect.poll(() => page.getByLabel('Welcome: title').inputValue()).toBe('Welcome to Acme, {first_name}!');
    expect(await page.getByLabel('Link 1: address').inputValue()).toBe('https://acme.example/handbook');
    expect(await page.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Show Timeline' }).getAttribute('aria-checked')).toBe('false');
    await page.goto(`${t.url}/onboarding/tags/${tagId}/site`);
    await page.getByRole('heading', { name: 'Journey site preview', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Welcome to Acme, Alex!' }).waitFor();
    await context.close();
  });

  it('the editor’s image upload is the kit uploader, and the editor fits 1366 and 800 px', async () => {
    for (const width of [1366, 800]) {
      const { context, page } = await open({ width, height: 900 }, ACME.adminUserId);
      await page.goto(`${t.url}/onboarding/tags/${tagId}/site/edit`);
      await page.getByRole('heading', { name: 'Journey site editor', level: 1 }).waitFor();
      // The Welcome module's picture: the kit's file field (its label, what it takes, how large) and its Upload button.
      const image = page.getByLabel('Image', { exact: true });
      expect(await image.getAttribute('type')).toBe('file');
      expect(await image.getAttribute('accept')).toBe('image/*');
      expect(await image.getAttribute('class')).toContain('kit-file-input');
      expect(await image.getAttribute('aria-describedby')).toBeTruthy();
      expect(await page.getByRole('button', { name: 'Upload' }).first().isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `hub-editor-${width}`, { fullPage: true });
      await context.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it('Jonas opens his hub on a phone from his Slack message, completes a task and answers a poll: the same events as Slack, source site', async () => {
    await sendTasksAndPolls(t, admin, session);
    const message = t.sandbox.state.messageList(dm(t, JONAS)).find((m) => m.bot_id && textOf(m).includes('Open your journey hub'))!;
    const { context, page } = await open(PHONE);
    await page.goto(`${t.url}${hubLinkOf(message)}`);
    await page.waitForURL(`${t.url}/site/${session.id}`);
    await page.getByRole('heading', { name: 'Engineering onboarding', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Welcome to Acme, Jonas!' }).waitFor();
    await page.getByRole('link', { name: 'Message in Slack: Lena Fischer' }).waitFor();
    await page.getByRole('link', { name: /Engineering handbook/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Timeline' }).count()).toBe(0);

    // A task, with the keyboard: focus its button and press Enter.
    const taskButton = page.getByRole('button', { name: /^Mark as done: “.+”$/ }).first();
    const taskTitle = (await taskButton.getAttribute('aria-label'))!.replace(/^Mark as done: “(.+)”$/, '$1');
    const done = page.waitForResponse((r) => r.url().includes('/onboarding/task_assignments/') && r.status() === 200);
    await taskButton.focus();
    await page.keyboard.press('Enter');
    await done;
    await page.getByRole('listitem').filter({ hasText: taskTitle }).getByText('Done').waitFor();

    // A poll: its answers are a labelled group of buttons.
    const poll = page.getByRole('group').first();
    const answer = (await poll.getByRole('button').first().textContent())!.trim();
    const answered = page.waitForResponse((r) => r.url().includes('/onboarding/poll_responses/') && r.status() === 200);
    await poll.getByRole('button').first().focus();
    await page.keyboard.press('Space');
    await answered;
    await page.getByText(`You answered ${answer}`).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'hub-phone', { fullPage: true });
    await context.close();

    // The events are Journeys' own, as from the Slack buttons, with source site.
    const jonasId = (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, JONAS))!.id;
    const events = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('type', 'in', ['journey.task_completed', 'journey.poll_answered']).orderBy('seq').execute();
    expect(events.map((e) => [e.type, (e.payload as { source: string; memberId: number }).source, (e.payload as { memberId: number }).memberId])).toEqual([
      ['journey.task_completed', 'site', jonasId],
      ['journey.poll_answered', 'site', jonasId],
    ]);
    // A Slack button on another of his tasks records the same event, with source slack.
    const slackTask = t.sandbox.state.messageList(dm(t, JONAS)).find((m) => m.bot_id && textOf(m).includes('journeys_task_done') && !textOf(m).includes(taskTitle))!;
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: JONAS, action_id: 'journeys_task_done', channel_id: dm(t, JONAS), message_ts: slackTask.ts });
    await settle(t);
    const viaSlack = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', 'journey.task_completed').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(Object.keys(viaSlack.payload as object).sort()).toEqual(Object.keys(events[0]!.payload as object).sort());
    expect(viaSlack.payload).toMatchObject({ source: 'slack', memberId: jonasId });
  });

  it('someone outside the journey is refused, on a phone too', async () => {
    const { context, page } = await open(PHONE, KAI);
    await page.goto(`${t.url}/site/${session.id}`);
    await page.getByRole('heading', { name: "You can't open this journey hub" }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
