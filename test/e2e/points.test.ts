import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { seriousViolations } from '../support/axe.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const GENERAL = ACME.channels.general;
const LENA = 'U0DEMO009';

/**
 * Points end to end on the sandbox workspace with the pages in Chromium: an admin launches and announces
 * shoutouts on /shoutouts and adds a reward from a preset on /rewards; the admin thanks Lena in Slack with
 * `/hearth shoutout`; Lena redeems the reward on /rewards; the admin fulfils it. Screenshots (points-*.png)
 * go to $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Points end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const messages = async (channel: string, as: string = ACME.adminUserId) =>
    (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${channel}/messages?team=${TEAM}&as=${as}`)).messages;

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    admin = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await admin.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    expect((await admin.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } })).ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('launches shoutouts and announces them in #general from /shoutouts', async () => {
    await page.goto(`${t.url}/shoutouts`);
    await page.getByRole('heading', { name: 'Launch checklist' }).waitFor();
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('heading', { name: 'Shoutouts are live' }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Channels' });
    await picker.click();
    await picker.fill('gener');
    await page.getByRole('option', { name: '#general' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send announcement' }).click();
    await page.getByRole('heading', { name: 'Announced' }).waitFor();
    await screenshot(page, 'points-shoutouts');
    await expect.poll(async () => (await messages(GENERAL)).some((m) => m.text.startsWith(':tada: Shoutouts are here!')), { timeout: 15_000 }).toBe(true);
  });

  it('adds a reward from a preset on /rewards', async () => {
    await page.goto(`${t.url}/rewards`);
    await page.getByRole('button', { name: 'Add a reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a reward' });
    await dialog.getByRole('combobox', { name: 'Start from a preset' }).selectOption('coffee');
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Coffee on us');
    await dialog.getByRole('spinbutton', { name: /Quantity available/ }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Coffee on us' }).getByText('1 left').waitFor();
  });

  it('gives Lena a shoutout through the sandbox Slack side', async () => {
    const answer = await t.api<{ stored: { text: string } | null; response: unknown }>('POST', '/sandbox/commands', { team_id: TEAM, user_id: ACME.adminUserId, channel_id: GENERAL, text: '/hearth shoutout @lena.fischer 100 for running the launch' });
    expect(answer.stored?.text ?? JSON.stringify(answer.response)).toContain(`Shoutout given to <@${LENA}>: 100 points`);
    await expect.poll(async () => (await messages(GENERAL)).some((m) => m.text.includes(`gave <@${LENA}> 100 points for running the launch`)), { timeout: 15_000 }).toBe(true);
    const slack = await admin.newPage();
    await slack.goto(`${t.url}/sandbox?team=${TEAM}&user=${ACME.adminUserId}&c=${GENERAL}`);
    await slack.getByText('running the launch').first().waitFor();
    await screenshot(slack, 'points-slack-shoutout');
    await slack.close();
  });

  it('Lena redeems the reward on /rewards; the last one is gone', async () => {
    const lena = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await lena.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: LENA } });
    const mine = await lena.newPage();
    mine.on('pageerror', (err) => pageErrors.push(err.message));
    await mine.goto(`${t.url}/rewards`);
    await mine.getByText('You have 100 points to spend.').waitFor();
    const card = mine.getByRole('article', { name: 'Coffee on us' });
    await card.getByRole('button', { name: 'Redeem' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Redeem Coffee on us' });
    await screenshot(mine, 'points-redeem');
    await dialog.getByRole('button', { name: 'Redeem for 100 points' }).click();
    await mine.getByText('Redeemed Coffee on us.').waitFor();
    await card.getByText('0 left').waitFor();
    expect(await card.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
    await mine.goto(`${t.url}/points`);
    await mine.getByText(/You have 0 points to spend/).waitFor();
    await lena.close();
  });

  it('the admin sees the redemption and fulfils it', async () => {
    await page.goto(`${t.url}/rewards?tab=redemptions`);
    const row = page.getByRole('row').filter({ hasText: 'Coffee on us' });
    await row.getByRole('button', { name: 'Mark fulfilled' }).click();
    await row.getByText(/^By Alex/).waitFor();
    await screenshot(page, 'points-redemptions');
    expect(pageErrors).toEqual([]);
  });

  it('a From date filters the redemptions, and its Clear button (by keyboard) shows them all again', async () => {
    const from = page.getByRole('textbox', { name: /From date/ });
    await from.fill('01/01/2099');
    await from.press('Enter');
    await page.getByText('No redemptions in these dates.').waitFor();
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `points-redemptions-filtered-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
    await from.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const clear = page.getByRole('button', { name: 'Clear from date' });
    await expect.poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label") ?? null')).toBe('Clear from date');
    await page.keyboard.press('Enter');
    await page.getByRole('row').filter({ hasText: 'Coffee on us' }).waitFor();
    expect(await from.inputValue()).toBe('');
    expect(await clear.count()).toBe(0);
    await page.goto(`${t.url}/points`);
    await page.getByRole('table').getByText('Lena').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
