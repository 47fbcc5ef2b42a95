import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * The Journeys pages in Chromium against the real server on the sandbox workspace: an admin builds an onboarding
 * journey from a preset bundle in the wizard, sees its calendar of 5-day weeks, edits a message (the change is
 * saved on the server), and runs the dry run for a start date in New York. Screenshots (journeys-*.png) go to
 * $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Journeys pages end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let journeyPath = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    // The dry run's default zone is the browser's.
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'America/New_York' });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const signedIn = await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } });
    expect(signedIn.ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('creates an onboarding journey from a bundle in the wizard', async () => {
    await page.goto(`${t.url}/onboarding/tags`);
    await page.getByRole('heading', { level: 1, name: 'Onboarding journeys' }).waitFor();
    await page.getByRole('button', { name: 'From a bundle' }).click();
    await page.waitForURL(/\/onboarding\/tags\?id=\d+$/);
    const wizard = page.getByRole('dialog', { name: 'Build a journey from a bundle' });
    const presets = wizard.getByRole('list', { name: /^Presets in / });
    await presets.waitFor();
    expect(await presets.getByRole('checkbox', { checked: true }).count()).toBeGreaterThan(0);
    await wizard.getByLabel('Journey name').fill('Acme engineering onboarding');
    // The main action is in view on a laptop screen and a narrow window, not below the list of presets.
    const create = wizard.getByRole('button', { name: 'Create journey' });
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 768 });
      const box = await create.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 768 && box.x + box.width <= width).toBe(true);
      await screenshot(page, `journeys-bundle-wizard-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await create.click();
    const success = page.getByRole('dialog', { name: 'Acme engineering onboarding is ready' });
    await success.waitFor();
    expect(await success.textContent()).toMatch(/\d+ messages? (is|are) scheduled/);
    await success.getByRole('button', { name: 'See the journey' }).click();
    await page.waitForURL(/\/onboarding\/tags\/\d+$/);
    journeyPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: /Acme engineering onboarding/ }).waitFor();
  });

  it('shows its events on a calendar of 5-day weeks and as a list', async () => {
    const week1 = page.getByRole('region', { name: 'Week 1', exact: true });
    await week1.waitFor();
    expect(await week1.getByRole('group').count()).toBe(5);
    const day1 = week1.getByRole('group', { name: 'Day 1', exact: true });
    expect(await day1.getByRole('button', { name: /· Day 1$/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'journeys-calendar', { fullPage: true });
    await page.getByRole('radio', { name: 'List' }).click();
    const table = page.getByRole('table', { name: 'Messages of this journey' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByRole('radio', { name: 'Calendar' }).click();
  });

  it('edits an event beside its Block Kit preview, and the server keeps the change', async () => {
    // The sandbox workspace is on the free plan: 3 messages of a journey are on, the rest stay off. Edit one that is on.
    const active = page.locator('.event-chip:not(.is-inactive)');
    await page.getByRole('region', { name: 'Week 1', exact: true }).waitFor();
    await expect.poll(() => active.count()).toBe(3);
    expect(await page.locator('.event-chip.is-inactive').count()).toBeGreaterThan(0);
    await active.first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('#event-form') });
    await dialog.getByRole('article', { name: /^Message preview/ }).waitFor();
    // Send a test to me: it arrives in my DM with Hearth, and the modal shows what was sent (the server's Block Kit).
    await dialog.getByRole('button', { name: 'Send a test to me' }).click();
    const sent = dialog.getByRole('article', { name: 'Message preview (as sent to you)' });
    await sent.waitFor();
    const sentText = (await sent.textContent()) ?? '';
    expect(sentText.length).toBeGreaterThan(20);
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `journeys-event-modal-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    const dm = (await t.api<{ channel: { id: string } }>('POST', '/sandbox/conversations/open', { team_id: TEAM, user_id: ACME.adminUserId, users: [ACME.botUserId] })).channel.id;
    await expect
      .poll(async () => (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dm}/messages?team=${TEAM}&as=${ACME.adminUserId}`)).messages.length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await dialog.getByLabel('Title').fill('Welcome to Acme, edited');
    await dialog.getByLabel('Time').fill('10:15');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const chip = page.getByRole('button', { name: /^[^:]+: 10:15 AM Welcome to Acme, edited / });
    await chip.waitFor();
    await page.reload();
    await chip.waitFor();
  });

  it('runs the dry run for a start date in New York', async () => {
    await page.getByRole('tab', { name: 'Dry run' }).click();
    const start = page.getByLabel('Start date');
    await start.fill('03/09/2026');
    await start.press('Enter');
    const calendar = page.getByRole('region', { name: 'Dry run calendar' });
    await calendar.waitFor();
    await calendar.getByText(/starting Monday, March 9, 2026/).waitFor();
    // The three messages that are on, each on its local date at its local time; the edited one at 10:15.
    await expect.poll(() => calendar.locator('.dry-run-item').count()).toBe(3);
    // Each item's Slack message, as the server builds it to send (the sandbox's Block Kit renderer draws it).
    await calendar.getByRole('button', { name: /^[^:]+: 10:15 AM .*Welcome to Acme, edited/ }).click();
    const preview = calendar.getByRole('article', { name: 'Message preview' });
    await expect.poll(async () => (await preview.textContent()) ?? '').toContain('Acme engineering onboarding');
    const calendarText = (await calendar.textContent()) ?? '';
    // The zone by its city, never its IANA id.
    expect(calendarText).toContain('New York time');
    expect(calendarText).not.toContain('America/');
    await screenshot(page, 'journeys-dry-run', { fullPage: true });
    // Try it in the sandbox: I am enrolled, starting the next work day.
    await page.getByRole('button', { name: 'Try it in the sandbox' }).click();
    await page.getByText(/is on the journey/).waitFor();
    await screenshot(page, 'journeys-dry-run-sandbox');
    const sessions = await t.services.db.selectFrom('journey_sessions').select(['is_sandbox', 'start_date']).execute();
    expect(sessions).toEqual([{ is_sandbox: true, start_date: '2026-03-03' }]);
    expect(journeyPath).toMatch(/^\/onboarding\/tags\/\d+$/);
    expect(pageErrors).toEqual([]);
  });

  it('the People tab counts who is on it now as the header does, and shows each person\'s progress', async () => {
    await page.goto(`${t.url}${journeyPath}?tab=people`);
    const people = page.getByRole('list', { name: 'People on this journey' });
    await people.waitFor();
    // One definition (num_active_sessions): the header and the tab say the same.
    await expect.poll(() => page.getByText('1 person on it now', { exact: true }).count()).toBe(2);
    await people.getByRole('button').first().click();
    const schedule = page.getByRole('list', { name: /^Schedule of / });
    await schedule.waitFor();
    // Messages that are Off (the plan holds some back) keep their date and state in the scheduled rows' columns.
    expect(await schedule.getByText('Off', { exact: true }).count()).toBeGreaterThan(0);
    expect(await schedule.getByText('Scheduled', { exact: true }).count()).toBeGreaterThan(0);
    const lefts = (selector: string) => schedule.locator(`:scope > li ${selector}`).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 768 });
      for (const column of ['input', '.session-event-state']) expect(new Set(await lefts(column)).size, `${column} at ${width} px`).toBe(1);
      await screenshot(page, `journeys-people-${width}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
