import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const SAVED = 'Your preferences have been saved.';

/**
 * A member's own settings in Chromium on the sandbox workspace: Kai edits their profile and working hours,
 * snoozes intros and puts Maya on their avoid list; an admin uploads an image and sees it processed.
 * Screenshots (member-settings-*.png) go to $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`member settings end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let wsId: number;
  let kaiId: number;

  const signIn = async (userId: string) => {
    const res = await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: ACME.teamId, user_id: userId } });
    expect(res.ok()).toBe(true);
  };
  const toast = (text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor();

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    wsId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
    kaiId = (await t.services.people.bySlackId(wsId, 'U0DEMO012'))!.id;
    await signIn('U0DEMO012');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('edits the profile and working hours on /settings/profile', async () => {
    await page.goto(`${t.url}/settings/profile`);
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    await page.getByLabel('Pronouns').fill('they/them');
    await page.getByLabel('Ask me about').fill('Kubernetes and sourdough');
    const profileSaved = page.waitForResponse((r) => r.url().includes('/user_profile_entries/bulk_upsert') && r.status() === 200);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await profileSaved;
    await toast(SAVED);
    await page.getByRole('combobox', { name: 'From' }).click();
    await page.getByRole('option', { name: '8:00 AM', exact: true }).click();
    await page.getByRole('combobox', { name: 'To', exact: true }).click();
    await page.getByRole('option', { name: '4:30 PM', exact: true }).click();
    const hoursSaved = page.waitForResponse((r) => r.url().includes('/update_work_hours') && r.status() === 200);
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await hoursSaved;
    await screenshot(page, 'member-settings-profile');

    const entries = await t.services.db.selectFrom('member_profile_entries').select(['field_id', 'text']).where('member_id', '=', kaiId).orderBy('field_id').execute();
    expect(entries).toEqual([
      { field_id: 1, text: 'they/them' },
      { field_id: 5, text: 'Kubernetes and sourdough' },
    ]);
    const hours = await t.services.db.selectFrom('member_work_hours').select(['beginning_time', 'end_time']).where('member_id', '=', kaiId).executeTakeFirst();
    expect(hours).toEqual({ beginning_time: '08:00', end_time: '16:30' });

    // A reload shows what was saved.
    await page.reload();
    await expect.poll(() => page.getByLabel('Pronouns').inputValue()).toBe('they/them');
  });

  it('snoozes intros and sets an avoid-list entry on /settings/intros', async () => {
    await page.goto(`${t.url}/settings/intros`);
    await page.getByRole('heading', { name: 'Intros preferences', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Snooze until' }).fill('03/20/2026');
    const snoozed = page.waitForResponse((r) => r.url().includes('/snooze_intros/bulk_update') && r.status() === 200);
    await page.getByRole('button', { name: 'Snooze', exact: true }).click();
    await snoozed;
    await toast(SAVED);
    await expect.poll(() => page.getByTestId('snooze-status').textContent()).toContain('Fri, Mar 20');

    const picker = page.getByRole('combobox', { name: 'Avoid list' });
    await picker.click();
    await picker.fill('Maya');
    await page.getByRole('option', { name: /Maya Goldberg/ }).click();
    await page.getByRole('heading', { name: 'People you won’t be paired with' }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/incompatible_pairs/bulk_upsert') && r.status() === 200);
    await page.getByRole('button', { name: 'Save avoid list' }).click();
    await saved;
    await screenshot(page, 'member-settings-intros');

    const maya = (await t.services.people.bySlackId(wsId, 'U0DEMO013'))!;
    const avoids = await t.services.db.selectFrom('intros_avoids').select(['member_id', 'avoided_member_id']).where('workspace_id', '=', wsId).execute();
    expect(avoids).toEqual([{ member_id: kaiId, avoided_member_id: maya.id }]);
    const snooze = await t.services.db.selectFrom('intros_snoozes').select(['until_on', 'program_id']).where('member_id', '=', kaiId).execute();
    expect(snooze).toEqual([{ until_on: '2026-03-20', program_id: null }]);
  });

  it('uploads an image on /settings/data and sees it processed', async () => {
    // The admin, in a browser of their own.
    context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signIn(ACME.adminUserId);
    await page.goto(`${t.url}/settings/data`);
    await page.getByRole('heading', { name: 'Workspace data', level: 1 }).waitFor();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    await page.locator('input[name="files"]').setInputFiles({ name: 'team-photo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload' }).click();
    const row = page.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem').first();
    await row.getByText('team-photo.png').waitFor();
    // Polled every 3 s until processed.
    await row.getByText('Uploaded', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await row.locator('img').getAttribute('src')).toMatch(/^\/onboarding\/assets\/\d+\/thumbnail$/);
    await screenshot(page, 'member-settings-upload');
    const assets = await t.services.db.selectFrom('assets').select(['file_name', 'state', 'thumbnail_key']).where('workspace_id', '=', wsId).execute();
    expect(assets).toEqual([{ file_name: 'team-photo.png', state: 'uploaded', thumbnail_key: expect.stringMatching(/\.thumb\.webp$/) }]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('restores tables from their CSV files on /settings/data, all or nothing', async () => {
    // Kai's working hours, downloaded as CSV from the page's link, then lost.
    const csv = await (await page.request.get(`${t.url}/data/export/member_work_hours.csv`)).text();
    expect(csv).toContain('08:00');
    await t.services.db.deleteFrom('member_work_hours').where('workspace_id', '=', wsId).execute();
    const importer = page.getByRole('region', { name: 'Import a Hearth export' });
    const input = importer.locator('input[type="file"]');
    // With a file that is no table of the export beside it, nothing is imported, and the error says which.
    await input.setInputFiles([
      { name: 'member_work_hours.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      { name: 'favourite_colours.csv', mimeType: 'text/csv', buffer: Buffer.from('member_id,colour\n1,blue\n') },
    ]);
    await importer.getByRole('button', { name: 'Import' }).click();
    await page.getByText('files.favourite_colours.csv: is not a table Hearth exports', { exact: false }).waitFor();
    expect(await t.services.db.selectFrom('member_work_hours').select('member_id').where('workspace_id', '=', wsId).execute()).toEqual([]);
    await input.setInputFiles([{ name: 'member_work_hours.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    await importer.getByRole('button', { name: 'Import' }).click();
    await importer.getByRole('status').getByText('Imported 1 rows', { exact: false }).waitFor();
    const hours = await t.services.db.selectFrom('member_work_hours').select(['beginning_time', 'end_time']).where('member_id', '=', kaiId).executeTakeFirst();
    expect(hours).toEqual({ beginning_time: '08:00', end_time: '16:30' });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
