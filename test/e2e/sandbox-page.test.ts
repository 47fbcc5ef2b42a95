import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { DEMO, demoPlugin } from '../support/demo-plugin.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/**
 * The sandbox page in Chromium: a member reads and clicks what the app sends, fills in its modal, types
 * /hearth help, moves the clock and opens the admin pages signed in. Screenshots go to $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`sandbox page${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true, capabilities: [demoPlugin()] });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });

  const open = async (query = `team=${ACME.teamId}&user=${ACME.adminUserId}`) => {
    await page.goto(`${t.url}/sandbox?${query}`);
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('general').waitFor();
  };

  it('shows /hearth help to the member who typed it', async () => {
    await open();
    const composer = page.getByRole('textbox', { name: 'Message #general' });
    await composer.fill('/hearth help');
    await composer.press('Enter');
    const answer = page.getByRole('listitem', { name: /Hearth \(only visible to you\)/ }).last();
    await expect.poll(() => answer.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await answer.getByRole('heading', { name: 'Hearth commands' }).isVisible()).toBe(true);
    expect(await answer.getByText('Only visible to you').isVisible()).toBe(true);
    await screenshot(page, 'sandbox-help');
    expect(pageErrors).toEqual([]);
  });

  it('opens the app DM, clicks a button, and sees the message update', async () => {
    await t.api('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: ACME.adminUserId, channel_id: ACME.channels.general, text: DEMO.command });
    await open();
    await page.getByRole('button', { name: 'Hearth Messages' }).click();
    const task = page.getByRole('listitem', { name: /^Hearth at/ }).filter({ hasText: 'Your demo task' }).last();
    await task.waitFor();
    await screenshot(page, 'sandbox-dm');
    await task.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => task.getByText('Done!').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await task.getByText('(edited)').isVisible()).toBe(true);
    expect(await task.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
    await page.getByText('Nice work — marked as done.').waitFor();
    await screenshot(page, 'sandbox-dm-clicked');
  });

  it('opens a modal, submits an invalid value and shows the app\'s error under the input', async () => {
    await t.api('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: ACME.adminUserId, channel_id: ACME.channels.general, text: DEMO.command });
    await open(`team=${ACME.teamId}&user=${ACME.adminUserId}&c=app`);
    const task = page.getByRole('listitem', { name: /^Hearth at/ }).filter({ hasText: 'Your demo task' }).last();
    await task.getByRole('button', { name: 'Open form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell us about you' });
    await dialog.waitFor();

    // Slack's own check first: required fields.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please complete this required field.').first().waitFor();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Alex');
    await dialog.getByRole('textbox', { name: 'Age', exact: true }).fill('forty');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const error = dialog.getByRole('alert').filter({ hasText: 'Age must be a whole number, like 42' });
    await error.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Alex');
    await screenshot(page, 'sandbox-modal-error');

    await dialog.getByRole('textbox', { name: 'Age', exact: true }).fill('42');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
  });

  it('opens the Home tab and moves the clock a day', async () => {
    await open();
    await page.getByRole('button', { name: 'Hearth Home' }).click();
    await page.getByRole('heading', { name: 'Welcome to Hearth, Alex' }).waitFor();
    const clock = page.getByRole('region', { name: 'Sandbox clock' });
    expect(await clock.locator('output').textContent()).toContain('Mar 2, 2026');
    await clock.getByRole('button', { name: '+1 day' }).click();
    await expect.poll(() => clock.locator('output').textContent(), { timeout: 15_000 }).toContain('Mar 3, 2026');
    await screenshot(page, 'sandbox-home');
  });

  it("shows Slack's date tokens in the member's zone, replies in a thread, and moves the clock to the programs' Monday", async () => {
    // Tuesday 3 March 2026, 08:00 UTC (after the previous test). The app posts 14:00 UTC today as a date token.
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const client = await t.services.clients.forWorkspace(ws.id);
    const posted = await client.chat.postMessage({ channel: ACME.channels.general, text: 'Standup moved to <!date^1772546400^{date_short_pretty} at {time}|Tue, Mar 3 at 9:00 AM New York time>.' });
    // Lena is in Berlin: she reads 3:00 PM, not New York's 9:00 AM.
    await open(`team=${ACME.teamId}&user=U0DEMO009`);
    const message = page.getByRole('listitem', { name: /^Hearth at/ }).filter({ hasText: 'Standup moved to' }).last();
    await message.waitFor();
    expect(await message.locator('.sbx-message-body').textContent()).toBe('Standup moved to Today at 3:00 PM.');

    // A reply in the thread: the page posts it with thread_ts; the sandbox keeps it in the thread (what conversations.replies reads).
    await message.getByRole('button', { name: 'Reply in thread' }).click();
    const reply = message.getByRole('textbox', { name: 'Reply in thread' });
    await reply.fill('Works for me!');
    await reply.press('Enter');
    await message.getByRole('button', { name: '1 reply' }).waitFor();
    await message.getByRole('list', { name: 'Thread replies' }).getByText('Works for me!').waitFor();
    const thread = t.sandbox.state.threadMessages(ACME.channels.general, posted.ts!);
    expect(thread.map((m) => [m.user, m.text, m.thread_ts])).toEqual([
      [ACME.botUserId, expect.stringContaining('Standup moved to'), posted.ts],
      ['U0DEMO009', 'Works for me!', posted.ts],
    ]);
    await screenshot(page, 'sandbox-thread');

    // The shortcut names the programs' zone (New York), not Lena's: Monday 9 March, 9:00 EDT = 13:00 UTC.
    const clock = page.getByRole('region', { name: 'Sandbox clock' });
    await clock.getByRole('button', { name: 'Next Monday 9:00 New York' }).click();
    await expect.poll(async () => (await t.api<{ now: string }>('GET', '/sandbox/clock')).now, { timeout: 30_000 }).toBe('2026-03-09T13:00:00.000Z');
    await expect.poll(() => clock.locator('output').textContent(), { timeout: 15_000 }).toContain('Mar 9, 2026');

    // At 800 px the header stays compact and nothing is wider than the window.
    await page.setViewportSize({ width: 800, height: 900 });
    const header = await page.locator('header.sbx-top').boundingBox();
    expect(header!.height).toBeLessThan(900 / 3);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(800);
    await screenshot(page, 'sandbox-800');
    expect(pageErrors).toEqual([]);
  });

  it('signs in as the chosen member and lands on the admin pages', async () => {
    await open(`return_to=${encodeURIComponent('/reporting')}`);
    const picker = page.getByRole('combobox', { name: 'You are' });
    await picker.click();
    await picker.fill('Priya');
    await page.getByRole('option', { name: /Priya Raman/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe('U0DEMO002');
    await screenshot(page, 'sandbox-member-picked');
    await page.getByRole('button', { name: 'Open admin pages' }).click();
    await page.waitForURL(`${t.url}/reporting`);
    // The top bar's user menu names who is signed in, by her name as every page gives it (not her display name).
    await page.getByRole('button', { name: /^Priya Raman, Acme Demo: account menu$/ }).waitFor();
    await screenshot(page, 'sandbox-admin');
  });
});
