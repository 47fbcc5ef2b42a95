import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage } from '../support/browser.js';
import { overflowingElements, overflowsX } from '../support/layout.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';


/** The kit page (/dev/kit, development only) in Chromium: every component, clicked for real, at 1366 and 800 px. */
describe.skipIf(!HAS_CHROMIUM)(`kit page${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    ({ page, pageErrors } = await signedInPage(browser, t, { teamId: ACME.teamId, userId: ACME.adminUserId }, { width: 1366, height: 860 }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows every component, and each one works with real clicks', async () => {
    await page.goto(`${t.url}/dev/kit`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Kit', exact: true }).waitFor({ timeout: 20_000 });
    for (const name of ['Switch', 'Tabs', 'SegmentedControl', 'Field', 'PageState', 'InlineError', 'ConfirmDialog', 'SendNowButton', 'TimeZoneSelect', 'DateField', 'DateRangePicker', 'OwnershipSection', 'DataTable', 'BlockKitPreview', 'Dates and times', 'Icons'])
      expect(await page.getByRole('heading', { level: 2, name, exact: true }).count(), name).toBe(1);
    await screenshot(page, 'kit-1366', { fullPage: true });

    // BlockKitPreview: the blocks drawn as Slack draws them, mentions named
    const intro = page.getByRole('article', { name: 'Intro preview' });
    expect(await intro.getByRole('heading', { level: 3 }).textContent()).toBe('Time for a coffee chat ☕');
    expect(await intro.textContent()).toContain("Hi @Ada Lovelace and @Grace Hopper! You've been introduced by Hearth in #intros.");
    expect(await intro.getByRole('button', { name: 'We met' }).count()).toBe(1);

    // Switch
    const sw = page.getByRole('switch', { name: 'Send intros' });
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await sw.click();
    expect(await sw.getAttribute('aria-checked')).toBe('false');

    // Tabs
    await page.getByRole('tab', { name: /Work anniversaries/ }).click();
    expect(await page.getByRole('tabpanel').textContent()).toContain('18 people have a start date on file.');

    // SegmentedControl
    await page.getByRole('radiogroup', { name: 'How often' }).getByRole('radio', { name: 'Every 4 weeks' }).click();
    expect(await page.getByRole('radio', { name: 'Every 4 weeks' }).getAttribute('aria-checked')).toBe('true');

    // Field counter
    const introField = page.getByRole('textbox', { name: 'Intro message' });
    await introField.fill('Hello there');
    expect(await page.locator('.kit-field', { has: introField }).textContent()).toContain('11 / 2000');

    // Send now: asks first, says who and where, then sends
    await page.locator('#sendnow').getByRole('button', { name: 'Send now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send now?' });
    await dialog.getByText('12 group DMs to 24 people in #intros').waitFor();
    await screenshot(page, 'kit-sendnow-confirm');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Sent 12 group DMs to 24 people in #intros.').waitFor({ timeout: 10_000 });

    // ConfirmDialog (destructive)
    await page.getByRole('button', { name: 'Open a destructive confirmation' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete this program\?/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // TimeZoneSelect: search by city
    const tz = page.getByRole('combobox', { name: 'Time zone' }).first();
    await tz.click();
    await tz.fill('berlin');
    await page.getByRole('option', { name: /Berlin \(UTC\+0[12]:00\)/ }).click();
    expect(await page.locator('#timezone').textContent()).toMatch(/Berlin \(UTC\+0[12]:00\)/);

    // DateRangePicker
    await page.getByRole('radio', { name: '7 days' }).click();
    // DataTable: sort, page, search
    const table = page.getByRole('table', { name: 'Members', exact: true });
    await table.getByRole('button', { name: /Intros met/ }).click();
    expect(await table.getByRole('columnheader', { name: /Intros met/ }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('navigation', { name: 'Members pages' }).getByRole('button', { name: /Next/ }).click();
    await page.getByText('Page 2 of 6').waitFor();
    await page.getByRole('searchbox', { name: 'Search Members' }).fill('hopper');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    for (const row of await table.locator('tbody tr').all()) expect((await row.textContent())?.toLowerCase()).toContain('hopper');
    // DataTable paged by the server: the page given, the server's total, Next asks for the next page
    const served = page.getByRole('region', { name: 'Members paged by the server' });
    await page.getByRole('navigation', { name: 'Members paged by the server pages' }).getByRole('button', { name: /Next/ }).click();
    await page.getByText('21–40 of 57').waitFor();
    expect(await served.getByRole('rowheader').count()).toBe(20);

    // InlineError: announced, with Try again; a Select shows its error under it and is marked invalid
    expect(await page.locator('#inlineerror').getByRole('alert').count()).toBe(3);
    await page.locator('#inlineerror').getByRole('button', { name: 'Try again' }).click();
    const groupSize = page.getByRole('combobox', { name: 'Group size' });
    expect(await groupSize.getAttribute('aria-invalid')).toBe('true');
    const groupSizeError = page.locator(`[id="${await groupSize.getAttribute('aria-describedby')}"]`);
    expect(await groupSizeError.textContent()).toBe('Groups of 3 need at least 6 people in the channel.');
    // Its menu opens right under the control, over the message, not below the message
    await groupSize.click();
    const menu = page.locator('.select.has-error .select-popover:not([hidden])');
    await menu.waitFor();
    const [menuBox, errorBox, triggerBox] = [await menu.boundingBox(), await groupSizeError.boundingBox(), await groupSize.boundingBox()];
    expect(menuBox!.y).toBeLessThan(errorBox!.y);
    expect(Math.abs(menuBox!.y - (triggerBox!.y + triggerBox!.height))).toBeLessThan(12);
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it('fits an 800 px window: nothing overflows the page', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`${t.url}/dev/kit`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Kit', exact: true }).waitFor({ timeout: 20_000 });
    expect(await overflowsX(page), (await overflowingElements(page)).join(', ')).toBe(false);
    await screenshot(page, 'kit-800', { fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
