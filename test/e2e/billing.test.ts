import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage, type SignedInPage } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * The plan-change flow in Chromium with the sandbox payment provider (Monday 2 March 2026): on the free plan
 * a paid pairing type opens the upgrade dialog, which starts a trial (updating, success, reload after 3 s) and
 * the feature unlocks; on /billing, upgrading without a card leads to /billing/payment, where a card is added
 * through the provider's page; the subscription shows its invoice; downgrading asks the survey and returns to
 * the free plan with the paid setting kept. Screenshots (billing-*.png) go to $HEARTH_SCREENSHOTS when set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Billing end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  let programId: number;
  let pageErrors: string[] = [];
  const wsId = async () => (await t.services.workspaces.byTeamId(TEAM))!.id;
  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    let call: SignedInPage['call'];
    ({ page, pageErrors, call } = await signedInPage(browser, t, { teamId: TEAM, userId: ACME.adminUserId }, { width: 1440, height: 1000 }));
    const created = await call('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    expect(created.ok()).toBe(true);
    programId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a paid pairing type opens the upgrade dialog; the trial starts, the page reloads after 3 s, and lottery saves', async () => {
    await page.goto(`${t.url}/coffee/${programId}/edit`);
    await page.getByRole('heading', { level: 1, name: /Settings for #intros/ }).waitFor();
    await page.getByRole('radio', { name: /^Lottery/ }).click({ force: true });
    const upgrade = page.getByRole('dialog', { name: 'Unlock more ways to pair' });
    await upgrade.waitFor();
    await screenshot(page, 'billing-upgrade-trial');
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await upgrade.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByRole('dialog', { name: "You're all set!" }).waitFor();
    await screenshot(page, 'billing-trial-started');
    const startedAt = Date.now();
    await reloaded;
    expect(Date.now() - startedAt).toBeGreaterThan(2_000);

    await page.getByRole('heading', { level: 1, name: /Settings for #intros/ }).waitFor();
    await page.getByRole('radio', { name: /^Lottery/ }).click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Unlock more ways to pair' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /^Lottery/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast('Intros settings saved.').waitFor();
    const config = await t.services.db.selectFrom('intros_configs').select('pairing_type').where('program_id', '=', programId).executeTakeFirstOrThrow();
    expect(config.pairing_type).toBe('lottery');
  });

  it('on /billing, upgrading without a card leads to /billing/payment; a card is added and the workspace subscribes', async () => {
    await page.goto(`${t.url}/billing`);
    await page.getByTestId('plan-name').filter({ hasText: 'Premium trial' }).waitFor();
    await page.getByTestId('trial-left').filter({ hasText: '14 days left: your trial ends Mon, Mar 16, 2026.' }).waitFor();
    await page.getByTestId('premium-cost').waitFor();
    await screenshot(page, 'billing-trial', { fullPage: true });
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(`${t.url}/billing/payment`);
    await page.getByTestId('payment-method').filter({ hasText: 'No payment method yet' }).waitFor();

    await page.getByRole('button', { name: 'Add a payment method' }).click();
    await page.getByTestId('payment-method').filter({ hasText: 'Visa ending 4242' }).waitFor();
    expect(page.url()).toBe(`${t.url}/billing/payment`);
    await screenshot(page, 'billing-payment');

    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.getByRole('dialog', { name: "You're all set!" }).waitFor();
    await reloaded;
    await page.goto(`${t.url}/billing`);
    await page.getByTestId('plan-name').filter({ hasText: /^Premium$/ }).waitFor();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.getByRole('row', { name: /SBX-0001/ }).waitFor();
    expect(await invoices.getByRole('row', { name: /SBX-0001/ }).textContent()).toContain('Paid');
    await screenshot(page, 'billing-premium', { fullPage: true });
  });

  it('downgrades with the survey: back to free, the lottery setting kept and gated again', async () => {
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    const survey = page.getByRole('dialog', { name: 'Before you downgrade' });
    await survey.waitFor();
    const submit = survey.getByRole('button', { name: 'Downgrade to Free' });
    expect(await submit.isDisabled()).toBe(true);
    await survey.getByRole('radio', { name: 'It costs too much' }).check();
    await survey.getByRole('textbox').fill('Budget freeze until Q3');
    await screenshot(page, 'billing-downgrade-survey');
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await submit.click();
    await page.getByRole('dialog', { name: "You're all set!" }).waitFor();
    await reloaded;
    await page.getByTestId('plan-name').filter({ hasText: /^Free$/ }).waitFor();
    // No second trial is offered.
    expect(await page.getByRole('button', { name: /free trial/ }).count()).toBe(0);

    const surveys = await t.services.db.selectFrom('downgrade_surveys').select(['reason', 'comment']).where('workspace_id', '=', await wsId()).execute();
    expect(surveys).toEqual([{ reason: 'too_expensive', comment: 'Budget freeze until Q3' }]);
    const config = await t.services.db.selectFrom('intros_configs').select('pairing_type').where('program_id', '=', programId).executeTakeFirstOrThrow();
    expect(config.pairing_type).toBe('lottery');

    await page.goto(`${t.url}/coffee/${programId}/edit`);
    await page.getByRole('heading', { level: 1, name: /Settings for #intros/ }).waitFor();
    await page.getByRole('radio', { name: /^Within-group/ }).click({ force: true });
    const upgrade = page.getByRole('dialog', { name: 'Unlock more ways to pair' });
    await upgrade.waitFor();
    // The trial is used: the dialog now offers to upgrade.
    await upgrade.getByRole('button', { name: 'Upgrade' }).waitFor();
    expect(await upgrade.getByRole('button', { name: 'Start free trial' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
