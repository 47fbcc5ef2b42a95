import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage, type SignedInPage } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/**
 * "Delete this workspace's data" on /settings/data (issue 30), in Chromium at 1366 and 800 px: a workspace admin sees
 * the danger section, confirms in the kit's dialog by typing the workspace's name (a wrong name is refused in the
 * field), and lands, signed out, on the page that says it is done. A plain member sees no such section.
 */
describe.skipIf(!HAS_CHROMIUM)(`deleting a workspace's data${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let admin: SignedInPage;

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    admin = await signedInPage(browser, t, { teamId: ACME.teamId, userId: ACME.adminUserId });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('is not offered to a plain member', async () => {
    const member = await signedInPage(browser, t, { teamId: ACME.teamId, userId: 'U0DEMO012' });
    await member.page.goto(`${t.url}/settings/data`);
    await member.page.getByRole('heading', { name: 'Delete my data' }).waitFor();
    expect(await member.page.getByRole('button', { name: 'Delete this workspace’s data' }).count()).toBe(0);
    expect(member.pageErrors).toEqual([]);
    await member.context.close();
  });

  it('asks for the workspace’s name, then deletes everything and says so, signed out (1366 and 800 px)', { timeout: 120_000 }, async () => {
    const { page } = admin;
    await page.goto(`${t.url}/settings/data`);
    const section = page.getByRole('region', { name: 'Delete this workspace’s data' });
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `workspace-delete-section-${width}`);
      await section.getByRole('button', { name: 'Delete this workspace’s data' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete ${ACME.name}’s data?` });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: `Type ${ACME.name} to confirm` }).fill('acme');
      await dialog.getByRole('button', { name: 'Delete everything' }).click();
      await dialog.getByText(`Type the workspace's name, ${ACME.name}, to delete its data`).waitFor();
      await screenshot(page, `workspace-delete-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const acme = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    expect(acme).toBeDefined();

    await section.getByRole('button', { name: 'Delete this workspace’s data' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${ACME.name}’s data?` });
    await dialog.getByRole('textbox', { name: `Type ${ACME.name} to confirm` }).fill(ACME.name);
    await Promise.all([page.waitForURL(`${t.url}/workspace_deleted`), dialog.getByRole('button', { name: 'Delete everything' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Your workspace’s data is deleted' }).waitFor();
    expect(await t.services.workspaces.byId(acme.id)).toBeUndefined();
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `workspace-deleted-${width}`);
    }
    // Signed out: the session went with the workspace.
    expect((await admin.call('GET', '/users/show_as_json')).status()).toBe(401);
    expect(admin.pageErrors).toEqual([]);
  });
});
