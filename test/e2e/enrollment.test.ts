import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage, type SignedInPage } from '../support/browser.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;

/**
 * Manual enrollment in Chromium against the real server on the sandbox workspace: an admin opens a journey's
 * manual enrollment page, imports a CSV (one row refused with its line), picks a second person in the form,
 * submits, and lands on the batches page once the upsert (polled every 2 s) succeeded, with both people enrolled
 * and their sessions created on the server. Screenshots (enrollment-*.png) go to $HEARTH_SCREENSHOTS when set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Enrollment pages end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let page: Page;
  let tagId: number;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    let call: SignedInPage['call'];
    ({ page, pageErrors, call } = await signedInPage(browser, t, { teamId: TEAM, userId: ACME.adminUserId }));
    const created = await call('POST', '/onboarding/tags', { channel_id: ACME.channels.general, onboarding_tag: { name: 'Acme onboarding', flow_type: 'onboarding', preset_bundle_id: 1 } });
    expect(created.ok()).toBe(true);
    tagId = ((await created.json()) as { tag: { id: number } }).tag.id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('imports a CSV, adds a person in the form, submits and lands on the batch', async () => {
    const jonas = (await t.services.db.selectFrom('members').select(['id', 'email']).where('slack_user_id', '=', 'U0DEMO010').executeTakeFirstOrThrow());
    await page.goto(`${t.url}/onboarding/tags/${tagId}/manual_enrollment`);
    await page.getByRole('heading', { level: 1, name: 'Enroll people in Acme onboarding' }).waitFor();
    expect(await page.getByRole('region', { name: /^Row \d+$/ }).count()).toBe(1);

    const csv = `\uFEFFFirst Name,Last Name,Work Email,Start Date (DD/MM/YYYY)\r\nJonas,Weber,${jonas.email!.toUpperCase()},09/03/2026\r\n\r\nBad,Date,bad@example.com,31/02/2026\r\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const problems = page.getByRole('region', { name: 'Problems in the CSV' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('Line 4: "31/02/2026" is not a date in DD/MM/YYYY');
    // The blank first row made way for the imported one.
    await expect.poll(() => page.getByRole('region', { name: /^Row \d+$/ }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Row 1' }).getByLabel('Start date').inputValue()).toBe('03/09/2026');

    await page.getByRole('button', { name: 'Add a person' }).click();
    const row2 = page.getByRole('region', { name: 'Row 2' });
    // The kit date field: typed as mm/dd/yyyy, taken on Enter (or leaving the field).
    await row2.getByLabel('Start date').fill('03/16/2026');
    await row2.getByLabel('Start date').press('Enter');
    const picker = row2.getByRole('combobox', { name: 'New hire' });
    await picker.click();
    await picker.fill('Rohan');
    const option = page.getByRole('option', { name: /Rohan Gupta/ });
    await option.waitFor({ timeout: 10_000 });
    await option.click();
    await screenshot(page, 'enrollment-form', { fullPage: true });

    await page.getByRole('button', { name: 'Enroll 2 people' }).click();
    await page.waitForURL(/\/onboarding\/tags\/\d+\/batches\?manual_enrollment_status_id=\d+$/, { timeout: 30_000 });
    const batch = page.getByRole('table', { name: 'People in this batch' });
    await batch.waitFor();
    await expect.poll(async () => (await batch.textContent()) ?? '').toMatch(/Jonas Weber.*Enrolled.*Rohan Gupta.*Enrolled/s);
    await screenshot(page, 'enrollment-batch', { fullPage: true });

    const sessions = await t.services.db.selectFrom('journey_sessions').innerJoin('members', 'members.id', 'journey_sessions.participant_member_id').select(['members.slack_user_id', 'journey_sessions.start_date']).where('tag_id', '=', tagId).orderBy('start_date').execute();
    expect(sessions).toEqual([
      { slack_user_id: 'U0DEMO010', start_date: '2026-03-09' },
      { slack_user_id: 'U0DEMO008', start_date: '2026-03-16' },
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('the form and the batches are on the kit at 1366 and 800 px: nothing wider than the window, padded cells, states in words', async () => {
    const fits = () => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${t.url}/onboarding/tags/${tagId}/manual_enrollment`);
      await page.getByRole('heading', { level: 1, name: 'Enroll people in Acme onboarding' }).waitFor();
      // The CSV template and its columns; the kit's date field (mm/dd/yyyy with a calendar); the main action primary.
      expect(await page.getByRole('link', { name: 'Download the CSV template' }).getAttribute('href')).toMatch(/^data:text\/csv/);
      expect(await page.getByText('Start Date (MM/DD/YYYY)').count()).toBe(1);
      const row = page.getByRole('region', { name: 'Row 1' });
      expect(await row.getByLabel('Start date').getAttribute('placeholder')).toBe('mm/dd/yyyy');
      expect(await row.getByRole('button', { name: 'Choose start date' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Enroll 1 person$/ }).getAttribute('class')).toContain('button-primary');
      expect(await fits()).toBe(true);
      await screenshot(page, `enrollment-form-${width}`, { fullPage: true });

      await page.goto(`${t.url}/onboarding/tags/${tagId}/batches`);
      const table = page.getByRole('table', { name: 'Batches' });
      await table.waitFor();
      expect(await table.textContent()).toContain('Done');
      expect(await table.textContent()).not.toMatch(/\bsuccess\b/);
      const padding = await table
        .locator('td')
        .first()
        .evaluate((td) => parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { paddingLeft: string } }).getComputedStyle(td).paddingLeft));
      expect(padding).toBeGreaterThan(0);
      expect(await fits()).toBe(true);
      await screenshot(page, `enrollment-batches-${width}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });

  it('shows the generic toast and re-enables the form when the server refuses the rows', async () => {
    await page.goto(`${t.url}/onboarding/manual_enrollment`);
    await page.getByRole('heading', { level: 1, name: 'Manual enrollment' }).waitFor();
    // A row with no journey and nobody in it: the server answers 400.
    await page.getByRole('region', { name: 'Row 1' }).getByLabel('Start date').fill('03/16/2026');
    await page.getByRole('region', { name: 'Row 1' }).getByLabel('Start date').press('Enter');
    const submit = page.getByRole('button', { name: 'Enroll 1 person' });
    await submit.click();
    await page.getByText('Row 1: tag ids choose at least one journey').waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
  });

  it('edits an enrollment rule in the filter modal, keeps the draft in session storage, and saves it', async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    await setPlan(t, TEAM, 'premium');
    await page.goto(`${t.url}/onboarding/tags/enrollment`);
    await page.getByRole('heading', { level: 1, name: 'Enrollment rules and HR mappings' }).waitFor();
    await page.getByRole('radio', { name: 'Enrollment rules' }).click();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule = page.getByRole('group', { name: 'Rule 1' });
    await rule.getByRole('button', { name: 'Edit filters' }).click();
    const modal = page.getByRole('dialog', { name: 'Filter new hires' });
    await modal.getByLabel('Value').fill('Engineering');
    await modal.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => (await rule.textContent()) ?? '').toContain('New hires whose department is Engineering');
    const draft = () => page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(`hearth:enrollment-rules-draft:${ws.id}`)})`);
    await expect.poll(draft).toContain('Engineering');
    // A reload restores the draft.
    await page.reload();
    await page.getByText('Your unsaved draft was restored.').waitFor();
    const journeys = page.getByRole('group', { name: 'Rule 1' }).getByRole('combobox', { name: 'Enroll them in' });
    await journeys.click();
    await page.getByRole('option', { name: 'Acme onboarding' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await t.services.db.selectFrom('enrollment_rules').select('tag_ids').execute()).map((r) => r.tag_ids)).toEqual([[tagId]]);
    await expect.poll(draft).toBeNull();
    await screenshot(page, 'enrollment-rules');
  });

  it('maps an HR department to a journey: the server’s refusal shows at the field, then the mapping saves', async () => {
    await page.goto(`${t.url}/onboarding/tags/enrollment`);
    await page.getByRole('heading', { level: 1, name: 'Enrollment rules and HR mappings' }).waitFor();
    await page.getByRole('radio', { name: 'HR mappings' }).click();
    // The rules saved before stop enrolling once this is saved: the page asks first.
    const warning = page.getByRole('dialog', { name: 'Change how new hires are enrolled?' });
    await warning.getByRole('button', { name: 'Continue' }).click();
    const section = page.getByRole('region', { name: 'HR mappings' });
    await section.getByRole('button', { name: 'Add a mapping' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // Nothing typed as the department's value: the server names the field and the page shows it there.
    const value = section.getByLabel('Mapping 1 value');
    await expect.poll(() => value.getAttribute('aria-invalid')).toBe('true');
    await value.fill('Engineering');
    const journeys = section.getByRole('group', { name: 'Mapping 1' }).getByRole('combobox', { name: 'Journeys' });
    await journeys.click();
    await page.getByRole('option', { name: 'Acme onboarding' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => value.getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'enrollment-hr-mappings', { fullPage: true });
    const saved = await t.services.db.selectFrom('enrollment_hr_mappings').selectAll().execute();
    expect(saved.map((m) => [m.hris_value, m.target_ids])).toEqual([['Engineering', [tagId]]]);
  });

  it('turning the second role survey on copies the first one’s questions', async () => {
    await page.goto(`${t.url}/onboarding/tags/${tagId}/enrollment_surveys/new`);
    await page.getByRole('heading', { level: 1, name: 'New enrollment survey for Acme onboarding' }).waitFor();
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Which area do you work in?');
    await page.getByRole('switch', { name: /too$/ }).click();
    const sections = page.getByRole('region', { name: /^Questions for / });
    await expect.poll(() => sections.count()).toBe(2);
    expect(await sections.nth(1).getByRole('textbox', { name: 'Question 1', exact: true }).inputValue()).toBe('Which area do you work in?');
    // A choice question, as the editor lays it out.
    const managers = sections.nth(1);
    await managers.getByRole('combobox', { name: 'Answer' }).click();
    await page.getByRole('option', { name: 'One choice' }).click();
    await managers.getByLabel('Option 1').fill('Engineering');
    await managers.getByLabel('Option 2').fill('Sales');
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `survey-editor-${width}`, { fullPage: true });
    }
    await page.getByRole('button', { name: 'Save survey' }).click();
    await page.getByRole('region', { name: 'Share to Slack' }).waitFor();
    const saved = await t.services.db.selectFrom('enrollment_surveys').select('role_surveys').executeTakeFirstOrThrow();
    expect(saved.role_surveys.map((s) => s.questions[0]!.query)).toEqual(['Which area do you work in?', 'Which area do you work in?']);
    expect(pageErrors).toEqual([]);
  });
});
