import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { overflowingElements, overflowsX } from '../support/layout.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

/**
 * The Intros admin pages in Chromium on the sandbox workspace: an admin creates an Intros program on #intros,
 * sends a round now, switches the pairing type to lottery (enforce group size turns off as they click),
 * previews the next round with its reasons, and reads the pairing report. Screenshots go to $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Intros pages${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let programId = 0;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const session = await page.request.post(`${t.url}/sandbox/session`, { data: { team_id: ACME.teamId, user_id: ACME.adminUserId } });
    expect(session.status()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

  it('creates an Intros program on #intros from /channel_programs/new?preview=intros', async () => {
    await page.goto(`${t.url}/channel_programs/new?preview=intros`);
    await page.getByRole('heading', { level: 1, name: 'New Intros program' }).waitFor();
    const coffee = page.getByRole('radio', { name: /Coffee chats/ });
    await coffee.waitFor();
    expect(await coffee.isChecked()).toBe(true);
    // The preview is the first intro as the round's builder makes it (issue 14, item 1), with the admin in it.
    const preview = page.getByRole('article', { name: 'Message preview from Hearth' });
    await preview.getByRole('heading', { level: 3, name: 'Time for a coffee chat ☕' }).waitFor();
    await expect.poll(() => preview.textContent()).toContain("Hi @Alex Rivera and @A teammate! You've been introduced through #intros.");

    await page.getByRole('combobox', { name: 'Channel' }).fill('intros');
    await page.getByRole('option', { name: '#intros' }).click();
    await screenshot(page, 'intros-new-program', { fullPage: true });
    await page.getByRole('button', { name: 'Create Intros program' }).click();

    await page.waitForURL(/\/coffee\/\d+\?tab=members$/);
    programId = Number(/\/coffee\/(\d+)/.exec(page.url())![1]);
    await page.getByRole('heading', { level: 1, name: /#intros/ }).waitFor();
    const members = page.getByRole('table', { name: 'Members of #intros' });
    await members.waitFor();
    // The seeded channel: ~30 people, plus a bot, a deactivated member and an external guest who are never paired.
    expect(await members.getByRole('row').count()).toBeGreaterThan(25);
    await members.getByRole('row', { name: /Polly/ }).getByText('Not eligible').waitFor();
    await screenshot(page, 'intros-members', { fullPage: true });
  });

  it('sends a round now: the page polls until the round is out, then lists it', async () => {
    await page.getByRole('button', { name: 'Send now: #intros' }).click();
    // issue 14 item 2: it asks first, saying who and where, and nothing is sent before the confirmation
    const dialog = page.getByRole('dialog', { name: 'Send #intros now?' });
    await dialog.getByText(/^\d+ group DMs? to \d+ people in #intros$/).waitFor({ timeout: 10_000 });
    await screenshot(page, 'intros-send-now-confirm');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('button', { name: 'Sending… #intros' }).waitFor();
    await toast(/^Sent \d+ group DMs? to \d+ people in #intros\.$/).waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Rounds' }).click();
    await page.getByRole('heading', { name: /^Round 1 ·/ }).waitFor();
    expect(await page.locator('.group-card').count()).toBeGreaterThan(5);
    await screenshot(page, 'intros-rounds', { fullPage: true });
  });

  it('on the free plan, lottery opens the upgrade modal and keeps the pairing type', async () => {
    await page.getByRole('link', { name: 'Edit settings' }).click();
    await page.waitForURL(`${t.url}/coffee/${programId}/edit`);
    await page.getByRole('heading', { level: 1, name: /Settings for #intros/ }).waitFor();
    await page.getByRole('radio', { name: /^Lottery/ }).click({ force: true });
    const upgrade = page.getByRole('dialog', { name: 'Unlock more ways to pair' });
    await upgrade.waitFor();
    await screenshot(page, 'intros-upgrade-modal');
    await upgrade.getByRole('button', { name: 'Not now' }).click();
    expect(await page.getByRole('radio', { name: /^Standard/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Lottery/ }).isChecked()).toBe(false);
  });

  it('with paid access: lottery turns enforce group size off as the admin clicks, and saves', async () => {
    await setPlan(t, ACME.teamId, 'premium');
    await page.reload();
    const enforce = page.getByRole('checkbox', { name: 'Enforce group size' });
    await enforce.waitFor();
    expect(await enforce.isDisabled()).toBe(true);

    await page.getByRole('radio', { name: /^Within-group/ }).click({ force: true });
    expect(await enforce.isEnabled()).toBe(true);
    await enforce.check();
    expect(await enforce.isChecked()).toBe(true);

    await page.getByRole('radio', { name: /^Lottery/ }).click({ force: true });
    expect(await page.getByRole('radio', { name: /^Lottery/ }).isChecked()).toBe(true);
    expect(await enforce.isChecked()).toBe(false);
    expect(await enforce.isDisabled()).toBe(true);
    await page.getByText('Turned off: Lottery intros do not enforce a group size').waitFor();
    await screenshot(page, 'intros-settings-lottery', { fullPage: true });

    // The settings preview is the intro the next round sends, with the unsaved text in it.
    const intro = page.getByRole('article', { name: 'Intro preview' });
    await intro.getByRole('heading', { level: 3, name: /^Time for a (coffee|group) chat ☕$/ }).waitFor();
    await page.getByRole('combobox', { name: 'Message' }).click();
    await page.getByRole('option', { name: 'Your own message' }).click();
    await page.getByRole('textbox', { name: 'Text under the intro' }).fill('Bring your favourite mug.');
    await expect.poll(() => intro.textContent(), { timeout: 10_000 }).toContain('Bring your favourite mug.');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast('Intros settings saved.').waitFor();
    await page.getByText('All changes saved.').waitFor();
    const saved = await sql<{ pairing_type: string; enforce_group_size: boolean }>`
      select pairing_type, enforce_group_size from intros_configs where program_id = ${programId}`.execute(t.services.db);
    expect(saved.rows).toEqual([{ pairing_type: 'lottery', enforce_group_size: false }]);
  });

  it('previews the next round with groups, names and reasons', async () => {
    await page.goto(`${t.url}/coffee/${programId}?tab=preview`);
    const groups = page.getByRole('list', { name: 'Groups in the next round' });
    await groups.waitFor();
    const first = groups.locator('.group-card').first();
    expect(await first.locator('.person-name').count()).toBeGreaterThanOrEqual(2);
    const reasons = await groups.locator('.group-reason').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).toMatch(/First time meeting|Met last round|Last met \d+ rounds ago|have met before|met \d+ times/);
    // What group 1 gets: the real intro, its people named.
    const intro = page.getByRole('article', { name: 'Intro preview' });
    await intro.getByRole('heading', { level: 3 }).waitFor();
    const names = await first.locator('.person-name').allTextContents();
    for (const name of names) expect(await intro.textContent()).toContain(`@${name}`);
    await screenshot(page, 'intros-preview', { fullPage: true });
  });

  it('shows the pairing report, and reloads when the dates change', async () => {
    await page.goto(`${t.url}/reporting/${programId}`);
    await page.getByRole('heading', { level: 1, name: 'Pairing report · #intros' }).waitFor();
    await page.getByRole('heading', { name: 'Fairness' }).waitFor();
    await page.locator('.batch').first().waitFor();
    await screenshot(page, 'intros-report', { fullPage: true });
    const reload = page.waitForResponse((r) => r.url().includes(`/reporting/${programId}/pairing_show`) && r.url().includes('start_date=2026-03-03'));
    // The report opens on the 90 days before the sandbox's today (March 2); Custom dates after the last round.
    const dates = page.getByRole('radiogroup', { name: 'Dates' });
    await dates.getByRole('radio', { name: 'Custom' }).click();
    // The kit's date fields, typed as mm/dd/yyyy.
    for (const [name, value] of [['To', '03/10/2026'], ['From', '03/03/2026']] as const) {
      const field = page.getByRole('textbox', { name, exact: true });
      await field.fill(value);
      await field.press('Enter');
    }
    await reload;
    await page.getByText('No rounds in these dates.').waitFor();
  });

  it('lists the program on /all_channels?type=intros', async () => {
    await page.goto(`${t.url}/all_channels?type=intros`);
    const row = page.getByRole('row', { name: /#intros/ });
    await row.waitFor();
    expect(await row.getByText('Intros', { exact: true }).count()).toBe(1);
    await screenshot(page, 'intros-all-channels', { fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('a second Intros program on #intros says "#intros already has Intros" and links to it, not an upgrade dialog', async () => {
    await page.goto(`${t.url}/channel_programs/new?preview=intros`);
    await page.getByRole('combobox', { name: 'Channel' }).fill('intros');
    await page.getByRole('option', { name: '#intros' }).click();
    await page.getByRole('button', { name: 'Create Intros program' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '#intros already has Intros' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await alert.getByRole('link', { name: 'Open it' }).click();
    await page.waitForURL(new RegExp(`/coffee/${programId}(\\?|$)`));
  });

  it('fits an 800 px window: the program page, its members table and All channels do not overflow', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    for (const path of [`/coffee/${programId}?tab=members`, `/coffee/${programId}?tab=preview`, '/all_channels?type=intros', `/coffee/${programId}/edit`, '/channel_programs/new?preview=intros']) {
      await page.goto(`${t.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflowsX(page), `${path}: ${(await overflowingElements(page)).join(', ')}`).toBe(false);
    }
    await page.goto(`${t.url}/coffee/${programId}?tab=members`);
    await page.getByRole('table').first().waitFor();
    // The table scrolls sideways inside its card, and each row's buttons stay in sight at its right edge.
    const card = (await page.locator('.kit-table-scroll').boundingBox())!;
    const optOut = (await page.getByRole('button', { name: /^Opt out .+$/ }).first().boundingBox())!;
    expect(optOut.x + optOut.width).toBeLessThanOrEqual(card.x + card.width);
    // the schedule names its zone in words, not an IANA id
    expect(await page.getByText('New York time').count()).toBeGreaterThan(0);
    expect(await page.getByText('America/New_York').count()).toBe(0);
    await screenshot(page, 'intros-800', { fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
