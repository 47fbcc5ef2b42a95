import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

/** The programs built so far; more items appear as their pages are built (the nav leads only to what exists). */
const NAV = [
  ['All channels', /\/all_channels$/],
  ['Intros', /\/all_channels\?type=intros$/],
  ['Watercooler', /\/all_channels\?type=watercooler$/],
  ['Celebrations', /\/celebrations$/],
  ['Templates', /\/templates$/],
] as const;

/** The admin shell in Chromium against the real server on the sandbox workspace. */
describe.skipIf(!HAS_CHROMIUM)(`admin shell${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sends a signed-out visitor to sign in, through the sandbox, and back to the page asked for', async () => {
    await page.goto(`${t.url}/templates?hide_defaults=false`);
    await page.waitForURL(/\/sandbox\?return_to=/, { timeout: 15_000 });
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('return_to')!)).toBe('/templates?hide_defaults=false');
    // What the sandbox page's "Open admin pages" does: sign in as the chosen member, then go back.
    const res = await page.request.post(`${t.url}/sandbox/session`, { data: { team_id: ACME.teamId, user_id: ACME.adminUserId } });
    expect(res.status()).toBe(200);
    await page.goto(`${t.url}/templates?hide_defaults=false`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Signed in: the account menu (a chunk of its own, so it may come a moment after the page) names the member.
    await page.getByRole('button', { name: /^Alex.*: account menu$/ }).waitFor({ timeout: 10_000 });
  });

  it('walks every item of the navigation, each page saying what it is; none is "coming soon"', async () => {
    for (const [name, url] of NAV) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await page.waitForURL(url);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect((await heading.textContent())?.trim().length).toBeGreaterThan(0);
      // the item is highlighted as the current page
      // (polled: the URL changes before the router's render commits, so the old item may still be marked for a moment)
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    const hrefs = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) {
      await page.goto(`${t.url}${href}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('is coming soon').count(), href).toBe(0);
    }
    await page.goto(`${t.url}/no/such/page`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i);
    await screenshot(page, 'admin-shell-notfound');
  });

  it('picks a channel with the channel picker, searching the real server', async () => {
    await page.goto(`${t.url}/channel_programs/new?preview=intros`);
    const picker = page.getByRole('combobox', { name: /channel/i });
    await picker.click();
    await picker.fill('gen');
    // The list the search answers replaces the one shown while typing: click in the answered list.
    await page.locator('.select-spinner').waitFor({ state: 'detached', timeout: 10_000 });
    const option = page.getByRole('option', { name: /general/ });
    await option.waitFor({ timeout: 10_000 });
    await option.click();
    await screenshot(page, 'admin-shell-picker');
    await expect.poll(() => page.locator('input[type=hidden][name=channel_id]').inputValue()).toBe(ACME.channels.general);
  });

  it('opens the upgrade modal on a 402 (the free plan has one Intros channel) and closes it with Not now', async () => {
    const created = await page.request.post(`${t.url}/channel_programs/apply_template_as_json`, {
      data: { template_id: await templateId('CoffeeConfiguration'), channel_id: ACME.channels.intros },
      headers: { 'x-csrf-token': await csrf() },
    });
    expect(created.status()).toBe(200);
    await page.goto(`${t.url}/channel_programs/new?preview=intros`);
    await choose('general');
    await page.getByRole('button', { name: 'Create Intros program' }).click();
    const modal = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await modal.waitFor({ timeout: 10_000 });
    expect(await modal.getByText('The free plan includes one Intros channel').isVisible()).toBe(true);
    await screenshot(page, 'admin-shell-upgrade');
    await modal.getByRole('button', { name: 'Not now' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it("shows the server's error when creating a program fails, and keeps the form usable", async () => {
    const data = { template_id: await templateId('Watercooler'), channel_id: ACME.channels.general };
    expect((await page.request.post(`${t.url}/channel_programs/apply_template_as_json`, { data, headers: { 'x-csrf-token': await csrf() } })).status()).toBe(200);
    await page.goto(`${t.url}/channel_programs/new?preview=watercooler`);
    await choose('general');
    const create = page.getByRole('button', { name: /Create Watercooler/ });
    await create.click();
    await page.getByText('#general already has Watercooler').waitFor({ timeout: 10_000 });
    expect(await create.isEnabled()).toBe(true);
    // issue 14 item 4: a link to the Watercooler #general already has (not an upgrade dialog)
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('alert').getByRole('link', { name: 'Open it' }).click();
    await page.waitForURL(/\/watercooler\/\d+\/edit$/);
  });

  it("says 'Error loading Intros programs' when the list fails, and shows a failed call's error in a toast", async () => {
    await page.route('**/channel_programs/editable_programs_as_json', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database is down"}' }));
    await page.goto(`${t.url}/all_channels?type=intros`);
    await page.getByText('Error loading Intros programs').waitFor({ timeout: 10_000 });
    await page.unroute('**/channel_programs/editable_programs_as_json');

    await page.route('**/channel_programs/send_now_data_as_json', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Slack is not answering right now"}' }));
    await page.goto(`${t.url}/all_channels?type=watercooler`);
    await page.getByRole('button', { name: 'Send now: #general' }).click();
    await page.getByRole('dialog', { name: 'Send #general now?' }).getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Slack is not answering right now').waitFor({ timeout: 10_000 });
    await screenshot(page, 'admin-shell-error-toast');
    await page.unroute('**/channel_programs/send_now_data_as_json');
    expect(pageErrors).toEqual([]);
  });

  it('asks before cancelling a modal with unsaved changes (confirmOnCancel), and keeps them on "Keep editing"', async () => {
    // Custom packs are a premium feature; this workspace upgrades for the test.
    await setPlan(t, ACME.teamId, 'premium');
    const program = await t.services.db.selectFrom('channel_programs').select('id').where('type', '=', 'Watercooler').executeTakeFirstOrThrow();
    await page.goto(`${t.url}/watercooler/${program.id}/edit`);
    await page.getByRole('button', { name: 'New pack', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'New prompt pack' });
    await modal.getByLabel('Name').fill('Team rituals');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await screenshot(page, 'admin-shell-confirm-cancel');
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(await modal.getByLabel('Name').inputValue()).toBe('Team rituals');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    // Nothing was created.
    const library = await page.request.get(`${t.url}/watercooler/${program.id}/packs_library_as_json`, { headers: { accept: 'application/json' } });
    expect(library.status()).toBe(200);
    expect(await library.text()).not.toContain('Team rituals');
  });

  async function choose(channel: string): Promise<void> {
    const picker = page.getByRole('combobox', { name: /channel/i });
    await picker.click();
    await picker.fill(channel);
    await page.getByRole('option', { name: new RegExp(channel) }).click();
  }
  async function csrf(): Promise<string> {
    return (await context.cookies()).find((c) => c.name === 'hearth_csrf')!.value;
  }
  async function templateId(type: string): Promise<string> {
    const res = await page.request.get(`${t.url}/templates`, { headers: { accept: 'application/json' } });
    const { templates } = (await res.json()) as { templates: Array<{ id: string; type: string }> };
    return templates.find((x) => x.type === type)!.id;
  }
});
