import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { member } from '../integration/members-support.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/** A plain member of the sandbox's Acme: no Slack admin, not on the Hearth account, runs nothing. */
const KAI = 'U0DEMO012';

/**
 * Members see only what they may use (issue 29): signed in as a plain member in Chromium, every page the
 * navigation and the home cards lead to loads without one call answering 403, the admin areas are not offered,
 * "Export my data" is, and Redeem is disabled with 0 points. At 1366 and 800 px.
 */
describe.skipIf(!HAS_CHROMIUM)(`a plain member's pages${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const refused: string[] = [];
  let journeyId: number;

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    // A reward to (not) redeem, made by an admin.
    const admin = await member(t, ACME.teamId, ACME.adminUserId);
    await admin.call('POST', '/rewards', { listing: { preset_id: 'coffee' } });
    journeyId = (await admin.call<{ tag: { id: number } }>('POST', '/onboarding/tags', { onboarding_tag: { name: 'Welcome to Acme', flow_type: 'onboarding' } })).tag.id;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    const res = await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: ACME.teamId, user_id: KAI } });
    expect(res.ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Every link of the main navigation (children show once their section is open) and of the home cards. */
  const reachable = async (): Promise<string[]> => {
    await page.goto(`${t.url}/`);
    await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
    const hrefs = async (selector: string) => page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const seen = new Set<string>([...(await hrefs('nav[aria-label="Main"] a')), ...(await hrefs('.program-grid a'))]);
    for (const top of await hrefs('nav[aria-label="Main"] > ul > li > a')) {
      await page.goto(`${t.url}${top}`);
      await page.waitForLoadState('networkidle');
      for (const child of await hrefs('nav[aria-label="Main"] a')) seen.add(child);
    }
    return [...seen].filter((h) => h.startsWith('/'));
  };

  for (const width of [1366, 800]) {
    it(`offers no admin area, and no page it leads to answers 403 (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const links = await reachable();
      expect(links).not.toEqual([]);
      for (const banned of ['/onboarding', '/reporting', '/billing', '/shoutouts']) expect(links.filter((l) => l === banned || l.startsWith(`${banned}/`) || l.startsWith(`${banned}?`)), banned).toEqual([]);
      for (const wanted of ['/settings/profile', '/settings/celebrations', '/points', '/rewards', '/settings/data']) expect(links, wanted).toContain(wanted);
      refused.length = 0;
      for (const link of links) {
        await page.goto(`${t.url}${link}`);
        await page.waitForLoadState('networkidle');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      expect(refused).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }

  it('Redeem is disabled with 0 points; "My redemptions" and "Export my data" are there; no points admin control', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    refused.length = 0;
    await page.goto(`${t.url}/points`);
    await page.getByText(/^You have \d+ /).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Points settings' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bonus or allowance' }).count()).toBe(0);
    await page.goto(`${t.url}/rewards`);
    const coffee = page.getByRole('article', { name: 'Coffee on us' });
    await coffee.waitFor();
    expect(await coffee.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
    expect(await coffee.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'My redemptions' }).click();
    await page.getByText('No redemptions yet.').waitFor();
    await screenshot(page, 'member-access-rewards');

    await page.goto(`${t.url}/settings/data`);
    await page.getByRole('heading', { name: 'Export my data' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download everything (JSON)' }).count()).toBe(0);
    const download = await context.request.get(`${t.url}${await page.getByRole('link', { name: 'Export my data (JSON)' }).getAttribute('href')}`);
    expect(download.status()).toBe(200);
    await screenshot(page, 'member-access-data');
    expect(refused).toEqual([]);
  });

  it("a journey's page, reached by its address, shows its name and why, and no tab or button whose call would answer 403 (1366 and 800 px)", async () => {
    refused.length = 0;
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${t.url}/onboarding/tags/${journeyId}`);
      await page.getByRole('heading', { level: 1, name: /Welcome to Acme/ }).waitFor();
      await page.getByText('Only admins and the people who run this journey see its schedule, people and dry run.').waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Enroll people' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `member-access-journey-${width}`);
    }
    expect(refused).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  // Last: it deletes Kai's data (and ends the session).
  it('"Delete my data" asks first, then deletes and signs the member out (1366 and 800 px)', async () => {
    await page.goto(`${t.url}/settings/data`);
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: 'Delete my data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your data?' });
      await dialog.waitFor();
      await screenshot(page, `member-access-delete-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const kai = (await t.services.people.bySlackId(ws.id, KAI))!;
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await Promise.all([page.waitForURL(`${t.url}/`), page.getByRole('dialog').getByRole('button', { name: 'Delete my data' }).click()]);
    const row = await t.services.db.selectFrom('members').select(['slack_user_id', 'deleted']).where('id', '=', kai.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ slack_user_id: `deleted:${kai.id}`, deleted: true });
    expect((await context.request.get(`${t.url}/data/mine.json`)).status()).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
