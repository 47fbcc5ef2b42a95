import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage, type SignedInPage } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * A trial as a new admin meets it (Monday 2 March 2026, 14 days): the shell and /billing say how many days
 * are left and what stops after; when the clock passes the end, /billing says the trial ended and keeps its
 * history, and saving a paid setting opens the upgrade dialog alone (no empty dialog under it, no page error).
 * At 1366 and 800 px. Screenshots (billing-trial-*.png) go to $HEARTH_SCREENSHOTS when set.
 */
describe.skipIf(!HAS_CHROMIUM)(`A trial in the pages${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  let programId: number;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    let call: SignedInPage['call'];
    ({ page, pageErrors, call } = await signedInPage(browser, t, { teamId: TEAM, userId: ACME.adminUserId }));
    const created = await call('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    programId = ((await created.json()) as { id: number }).id;
    expect((await call('POST', '/sign_up/change_plan', { plan: 'premium', trial: true })).ok()).toBe(true);
    expect((await call('PUT', `/coffee/${programId}/update_as_json`, { pairing_type: 'lottery' })).ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the shell and /billing count the days left and say what stops after the trial', async () => {
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${t.url}/billing`);
      await page.getByTestId('trial-notice').filter({ hasText: 'Premium trial: 14 days left' }).waitFor();
      await page.getByTestId('trial-left').filter({ hasText: '14 days left: your trial ends Mon, Mar 16, 2026.' }).waitFor();
      expect(await page.getByTestId('free-plan-stops').getByRole('listitem').count()).toBe(4);
      await page.getByTestId('plan-history').filter({ hasText: 'Premium trial started, ending Mon, Mar 16, 2026' }).waitFor();
      await screenshot(page, `billing-trial-running-${width}`, { fullPage: true });
    }
  });

  it('after the end: a paid setting saved on a page opened during the trial opens the upgrade dialog alone', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${t.url}/coffee/${programId}/edit`);
    await page.getByRole('heading', { level: 1, name: /Settings for #intros/ }).waitFor();
    await page.getByRole('radio', { name: /^Within-group/ }).click({ force: true });
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-16T09:00:00Z' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Unlock more ways to pair' });
    await upgrade.waitFor();
    await upgrade.getByRole('button', { name: 'Upgrade' }).waitFor();
    await screenshot(page, 'billing-trial-ended-upgrade');
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('after the end: /billing says the trial ended, keeps its history, and the shell stops counting', async () => {
    await page.goto(`${t.url}/billing`);
    await page.getByTestId('trial-ended').filter({ hasText: 'Your Premium trial ended Mon, Mar 16, 2026.' }).waitFor();
    await page.getByTestId('plan-history').filter({ hasText: 'Premium trial ended: back to the Free plan' }).waitFor();
    expect(await page.getByTestId('trial-notice').count()).toBe(0);
    await screenshot(page, 'billing-trial-ended', { fullPage: true });
  });
});
