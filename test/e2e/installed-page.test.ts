import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/**
 * Where an OAuth install lands (test/integration/install.test.ts signs the installer in and sends them here): it
 * says it worked and what to do next — Hearth's Home in Slack, `/hearth help`, a first program. At 1366 and 800 px.
 */
describe.skipIf(!HAS_CHROMIUM)(`the installed page${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    ({ page, pageErrors } = await signedInPage(browser, t, { teamId: ACME.teamId, userId: ACME.adminUserId }));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const width of [1366, 800]) {
    it(`says it worked and what to do next (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${t.url}/installed?app=A0HEARTH`);
      await page.getByRole('heading', { level: 1, name: 'Hearth is installed' }).waitFor();
      const steps = page.getByRole('list', { name: 'What to do next' });
      expect(await steps.getByRole('heading').allInnerTexts()).toEqual(['Open Hearth’s Home in Slack', 'Type /hearth help', 'Start a first program']);
      const open = new URL((await steps.getByRole('link', { name: 'Open Hearth in Slack' }).getAttribute('href'))!);
      expect([open.origin + open.pathname, open.searchParams.get('app'), open.searchParams.get('team')]).toEqual(['https://slack.com/app_redirect', 'A0HEARTH', ACME.teamId]);
      await steps.getByRole('link', { name: 'Choose a program' }).click();
      await page.waitForURL(`${t.url}/templates`);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Hearth is installed' }).waitFor();
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await screenshot(page, `installed-${width}`);
      expect(pageErrors).toEqual([]);
    });
  }
});
