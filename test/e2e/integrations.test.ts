import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * The Integrations page in Chromium against the providers' stand-ins the sandbox serves (Monday 2 March 2026):
 * the HR system's link flow (the stand-in link dialog, the integration polled every 30 s until it is active, the
 * manage-programs modal and its success variant, the server's ownership error as a toast), applicant tracking
 * (a key missing a permission group shows the error after the 5 s poll; a good key ends at the enrollment
 * rules page) and a calendar linked and unlinked through the stand-in OAuth server. The page's timers run on
 * Playwright's clock, so the 30 s and 5 s polls are fast-forwarded rather than waited for.
 */
describe.skipIf(!HAS_CHROMIUM)(`Integrations end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const signedIn = await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } });
    expect(signedIn.ok()).toBe(true);
    const csrf = (await context.cookies()).find((c) => c.name === 'hearth_csrf')!.value;
    const created = await context.request.post(`${t.url}/channel_programs/apply_template_as_json`, {
      headers: { 'x-csrf-token': csrf, accept: 'application/json' },
      data: { template_id: 'celebrations-birthdays-anniversaries', channel_id: ACME.channels.celebrations },
    });
    expect(created.ok()).toBe(true);
    await page.clock.install();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('links the HR system through the link dialog; the page polls every 30 s until it is connected', async () => {
    await page.goto(`${t.url}/integrations`);
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await page.getByRole('button', { name: 'Connect your HR system' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect your HR system' });
    await dialog.waitFor();
    await screenshot(page, 'integrations-hris-link');
    await dialog.getByRole('button', { name: 'Connect Sandbox HR' }).click();
    await dialog.waitFor({ state: 'detached' });
    const state = page.getByTestId('hris-state');
    await state.waitFor();
    // The sync runs in the background; once it is done, the page's next ask (30 s on) shows it connected.
    const hrisState = async () => (await t.services.db.selectFrom('hris_identities').select('state').executeTakeFirst())?.state;
    await expect.poll(hrisState, { timeout: 15_000 }).toBe('active');
    await page.clock.fastForward(30_000);
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toMatch(/Connected/);
    await page.getByTestId('hris-summary').filter({ hasText: '9 people synced, 6 matched to Slack members' }).waitFor();
    await screenshot(page, 'integrations-hris-connected');
  });

  it('chooses the programs the HR system feeds in the manage-programs modal, then shows its success variant', async () => {
    await page.getByRole('button', { name: 'Manage programs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage programs' });
    await dialog.getByRole('switch', { name: '#celebrations' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const success = page.getByRole('dialog', { name: 'Your HR system is feeding your programs' });
    await success.getByText('Hearth feeds one program from your HR system and syncs it every day.').waitFor();
    await screenshot(page, 'integrations-hris-programs-saved');
    await success.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Feeding 1 program.').waitFor();
  });

  it("shows the server's error as a toast when ownership cannot move", async () => {
    await page.route('**/hris/*/update_as_json', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: "That person isn't in this workspace." }) }));
    const owner = page.getByRole('combobox', { name: 'Owner' });
    await owner.click();
    await owner.fill('Marcus');
    await page.getByRole('option', { name: /Marcus Chen/ }).click();
    await page.getByRole('button', { name: 'Save owner' }).click();
    await toast("That person isn't in this workspace.").waitFor();
    await page.unroute('**/hris/*/update_as_json');
  });

  it('applicant tracking: a key missing a permission group shows the error after the 5 s poll; a good key ends at the enrollment rules', async () => {
    const key = page.getByLabel('Harvest API key');
    await key.fill('sbx-no-offers-key1');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const error = page.getByText('The API key is missing the Offers permissions (get and list).');
    await expect.poll(async () => {
      if (await error.isVisible()) return true;
      await page.clock.fastForward(5_000);
      return error.isVisible();
    }, { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'integrations-ats-error');

    await key.fill('sbx-harvest-key-1234');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(async () => {
      if (page.url().endsWith('/onboarding/tags/enrollment')) return true;
      await page.clock.fastForward(5_000);
      return page.url().endsWith('/onboarding/tags/enrollment');
    }, { timeout: 20_000 }).toBe(true);
  });

  it('links Google Calendar through the stand-in consent page and unlinks it', async () => {
    await page.goto(`${t.url}/integrations`);
    await page.getByRole('button', { name: 'Link Google Calendar' }).click();
    await page.waitForURL(/\/integrations\/sandbox_authorize\/google\?/);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/integrations$/);
    await page.getByTestId('identity-google').filter({ hasText: 'Linked as alex.rivera@acme.example' }).waitFor();
    await toast('Google Calendar is linked.').waitFor();
    await page.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('dialog', { name: 'Unlink Google Calendar?' }).getByRole('button', { name: 'Unlink' }).click();
    await page.getByTestId('identity-google').filter({ hasText: 'Not linked' }).waitFor();

    // Denying consent comes back with the spec's calendar error toast.
    await page.getByRole('button', { name: 'Link Google Calendar' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await toast("Your calendar hasn't been linked yet. Try linking it again.").waitFor();
    expect(pageErrors).toEqual([]);
  });
});
