import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { seriousViolations } from '../support/axe.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { overflowingElements, overflowsX } from '../support/layout.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const CELEB = ACME.channels.celebrations;
const CSV = fileURLToPath(new URL('../../docs/sandbox-dates.csv', import.meta.url));

/** Whether a click at the middle of `button` reaches it (nothing drawn over it, such as a calendar). */
const reachable = (button: Locator) =>
  button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(el.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });

/** On /settings/celebrations: the start date's calendar opens without covering its card's Save and Remove. */
async function openStartDateCalendar(page: Page, name: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Your work anniversary' });
  await card.getByRole('button', { name: 'Choose start date' }).click();
  await card.getByRole('dialog', { name: 'Choose start date' }).waitFor();
  await screenshot(page, name, { fullPage: true });
  for (const action of ['Save', 'Remove']) expect(await reachable(card.getByRole('button', { name: action })), `${action} under the calendar`).toBe(true);
  await page.keyboard.press('Escape');
}

interface Presented {
  ts: string;
  text: string;
  user?: string;
  blocks?: unknown[];
}

/**
 * Celebrations end to end on the sandbox workspace (Monday 2 March 2026) with the pages in Chromium: an admin
 * creates a program on #celebrations, imports docs/sandbox-dates.csv and sees its bad row, asks people for their
 * dates; a member answers in Slack's modal; the clock moves to a birthday (posted once, at 9:00 New York) and
 * to a Saturday birthday (posted the Friday before). Screenshots (celebrations-*.png) go to $HEARTH_SCREENSHOTS when it is set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Celebrations end to end${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const messages = async (channel: string, as: string = ACME.adminUserId) =>
    (await t.api<{ messages: Presented[] }>('GET', `/sandbox/conversations/${channel}/messages?team=${TEAM}&as=${as}`)).messages;
  const botPosts = async () => (await messages(CELEB)).filter((m) => m.user === ACME.botUserId || !m.user);

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const signedIn = await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } });
    expect(signedIn.ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('creates a Celebrations program on #celebrations from /celebrations', async () => {
    await page.goto(`${t.url}/celebrations`);
    await page.getByRole('heading', { name: 'Start celebrating' }).waitFor();
    await page.getByRole('radio', { name: /Birthdays & work anniversaries/ }).check();
    const picker = page.getByRole('combobox', { name: 'Channel' });
    await picker.click();
    await picker.fill('celebr');
    await page.getByRole('option', { name: '#celebrations' }).click();
    await screenshot(page, 'celebrations-index');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/celebrations\/\d+\/edit$/);
    await page.getByRole('heading', { name: /Celebrations in #celebrations/ }).waitFor();
    await page.getByText(/^Posts at 9:00 AM New York time/).waitFor();
  });

  it('imports the sandbox CSV and shows the one bad row', async () => {
    await page.locator('input[type=file]').setInputFiles(CSV);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const result = page.getByRole('status').filter({ hasText: 'Imported 39 rows' });
    await result.waitFor({ timeout: 20_000 });
    const row = result.getByRole('listitem').filter({ hasText: 'chloe.martin@acme.example' });
    expect(await row.textContent()).toMatch(/^Row 41 · chloe\.martin@acme\.example.*"02\/30\/1994" is not a real date/);
    // The list of people and what is coming up refresh from the import.
    const people = page.getByRole('tabpanel');
    await people.getByRole('row').filter({ hasText: 'Lena Fischer' }).getByText('March 3').waitFor();
    await page.getByRole('list', { name: 'Celebrations in the next 30 days' }).getByText('Isabela Costa').waitFor();
    await screenshot(page, 'celebrations-edit', { fullPage: true });
    await screenshot(result, 'celebrations-import-result');
  });

  it('adds custom dates up to the free plan\'s limit, then opens the unlimited-celebrations upgrade', async () => {
    const people = page.getByRole('tabpanel');
    await page.getByRole('tab', { name: /Custom dates/ }).click();
    const add = async (name: string, month: string, day: string) => {
      await people.getByRole('button', { name: '+ Add a custom date' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a custom date' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('combobox', { name: 'Month' }).selectOption(month);
      await dialog.getByRole('combobox', { name: 'Day' }).selectOption(day);
      await dialog.getByRole('button', { name: 'Add date' }).click();
      return dialog;
    };
    await add('Acme founders day', '3', '1');
    // Each row's Switch carries a hidden label ('Celebrate Acme founders day in this channel'): the title itself, exactly.
    await people.getByText('Acme founders day', { exact: true }).waitFor();
    await add('Pi day', '3', '14');
    await people.getByText('Pi day', { exact: true }).waitFor();
    const third = await add('Towel day', '5', '25');
    const upgrade = page.getByRole('dialog', { name: 'Unlock unlimited celebrations' });
    await upgrade.waitFor();
    await screenshot(page, 'celebrations-upgrade');
    await upgrade.getByRole('button', { name: /Not now|Close/ }).first().click();
    await third.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect.poll(() => third.count()).toBe(0);
    expect(await people.getByRole('listitem').count()).toBe(2);
    expect(await people.getByText('Towel day', { exact: true }).count()).toBe(0);
    await page.getByRole('tab', { name: /Birthdays/ }).click();
  });

  it("edits a start date in the kit's date field (typed or picked on its calendar), never the browser's date input; the open calendar leaves the row's Save and Cancel in reach", async () => {
    await page.getByRole('tab', { name: /Work anniversaries/ }).click();
    const table = page.getByRole('table', { name: 'Start dates' });
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 1000 });
      await table.getByRole('button', { name: 'Add' }).first().click();
      // The row being edited: the one with the date field.
      const row = table.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'Start date' }) });
      expect(await table.locator('input[type="date"]').count()).toBe(0);
      const date = row.getByRole('textbox', { name: 'Start date' });
      await date.fill('03/10/2026');
      await row.getByRole('button', { name: 'Choose start date' }).click();
      const calendar = page.getByRole('dialog', { name: 'Choose start date' });
      await calendar.getByRole('button', { name: 'Tuesday, March 10, 2026' }).waitFor();
      await row.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
      await screenshot(page, `celebrations-start-date-calendar-${width}`);
      if (width === 1366) expect(await seriousViolations(page)).toEqual([]);
      expect(await reachable(row.getByRole('button', { name: 'Save' })), `Save under the calendar at ${width} px`).toBe(true);
      expect(await reachable(row.getByRole('button', { name: 'Cancel' })), `Cancel under the calendar at ${width} px`).toBe(true);
      // Cancel, with the calendar still open, closes both.
      await row.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => table.getByRole('textbox', { name: 'Start date' }).count()).toBe(0);
      expect(await calendar.count()).toBe(0);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(800);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByRole('tab', { name: /Birthdays/ }).click();
    expect(pageErrors).toEqual([]);
  });

  it('asks the people missing a birthday for their dates; one answers in Slack\'s modal', async () => {
    const people = page.getByRole('tabpanel');
    await people.getByRole('button', { name: /Ask for dates/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for dates' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Riley Morgan' }).isChecked()).toBe(true);
    await screenshot(page, 'celebrations-ask-modal');
    await dialog.getByRole('button', { name: /^Send to \d+ (people|person)$/ }).click();
    await page.getByText(/Sent! \d+ (people|person) will get a DM from Hearth/).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // Riley opens the DM, clicks "Add my dates", and submits Slack's modal.
    const dm = (await t.api<{ channel: { id: string } }>('POST', '/sandbox/conversations/open', { team_id: TEAM, user_id: 'U0DEMO036', users: [ACME.botUserId] })).channel.id;
    let ask: Presented | undefined;
    await expect
      .poll(async () => {
        ask = (await messages(dm, 'U0DEMO036')).find((m) => m.text.includes('would love to celebrate you'));
        return Boolean(ask);
      }, { timeout: 15_000 })
      .toBe(true);
    // In the sandbox page, as Riley: the DM from Hearth, its button, and Slack's modal.
    const slack = await context.newPage();
    slack.on('pageerror', (err) => pageErrors.push(err.message));
    await slack.goto(`${t.url}/sandbox?team=${TEAM}&user=U0DEMO036&c=app`);
    const dmMessage = slack.getByRole('listitem', { name: /^Hearth at/ }).filter({ hasText: 'would love to celebrate you' }).last();
    await dmMessage.waitFor();
    await screenshot(slack, 'celebrations-dm');
    await dmMessage.getByRole('button', { name: 'Add my dates' }).click();
    const modal = slack.getByRole('dialog', { name: 'Your dates' });
    await modal.waitFor();
    await screenshot(slack, 'celebrations-slack-modal');
    await slack.close();
    const { modals } = await t.api<{ modals: Array<{ title: string }> }>('GET', `/sandbox/views?team=${TEAM}&user=U0DEMO036`);
    expect(modals).toHaveLength(1);
    const invalid = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: 'U0DEMO036',
      values: { bday_month: { month: '4' }, bday_day: { day: '31' } },
    });
    expect(invalid.errors).toEqual({ bday_day: 'April has only 30 days' });
    const done = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: 'U0DEMO036',
      values: { bday_month: { month: '4' }, bday_day: { day: '30' } },
    });
    expect(done.response_action).toBe('close');
    await expect.poll(async () => (await messages(dm, 'U0DEMO036')).find((m) => m.ts === ask!.ts)?.text, { timeout: 10_000 }).toContain('Your dates are saved: birthday April 30');

    // The admin's page shows the new date.
    await page.reload();
    await page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Riley Morgan' }).getByText('April 30').waitFor();
  });

  it('previews the next post from the server\'s builder, with the image chosen, and shows problems at the field', async () => {
    const messages = page.getByRole('region', { name: 'Messages' });
    // The next post is Lena's birthday tomorrow, with the default balloons.
    const next = messages.getByRole('article', { name: 'Next post preview' });
    await next.getByText(/Happy birthday, @Lena/).waitFor();
    expect(await next.getByRole('img', { name: /balloons/ }).getAttribute('src')).toBe(`${t.url}/celebration_images/birthday-balloons.png`);

    // A template that mentions age: the field says why (no internal name), and is marked.
    const template = messages.getByRole('textbox', { name: 'Birthdays message' });
    await template.fill('Happy {years}th, {name}!');
    await messages.getByText('Birthday messages never mention age: remove {years}').waitFor();
    expect(await template.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/birthday_template/).count()).toBe(0);

    // Unsaved changes are previewed as they will be posted: the new words and the cake.
    await template.fill('Many happy returns, {name}!');
    await messages.getByRole('group', { name: 'Birthday image' }).locator('label', { hasText: 'Cake' }).click();
    await next.getByText(/Many happy returns, @Lena/).waitFor();
    await next.getByRole('img', { name: 'A layered birthday cake with three lit candles' }).waitFor();
    await screenshot(messages, 'celebrations-messages');
    await messages.getByRole('button', { name: 'Save messages' }).click();
    await page.getByText('Messages saved. The next posts use them.').waitFor();
    expect(await template.getAttribute('aria-invalid')).toBeNull();

    // A custom date's impossible day is said at the field, for that year: 1994 was not a leap year.
    const people = page.getByRole('tabpanel');
    await page.getByRole('tab', { name: /Custom dates/ }).click();
    await people.getByRole('listitem').filter({ hasText: 'Pi day' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit custom date' });
    await dialog.getByRole('combobox', { name: 'Month' }).selectOption('2');
    await dialog.getByRole('combobox', { name: 'Day' }).selectOption('29');
    await dialog.getByRole('textbox', { name: /First year/ }).fill('1994');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('February 1994 has only 28 days').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Month' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('tab', { name: /Birthdays/ }).click();

    // At 800 px nothing on the page is wider than the window.
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.getByRole('region', { name: 'Messages' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(800);
    await screenshot(page, 'celebrations-edit-800', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(pageErrors).toEqual([]);
  });

  it('posts Lena\'s birthday once, at 9:00 in New York', async () => {
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-03T13:59:00Z' });
    expect(await botPosts()).toHaveLength(0);
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-03T14:01:00Z' });
    await expect.poll(async () => (await botPosts()).length, { timeout: 15_000 }).toBe(1);
    const [post] = await botPosts();
    // As previewed: the saved words and the chosen image.
    expect(post!.text).toContain('Many happy returns, <@U0DEMO009>!');
    expect(post!.blocks?.at(-1)).toMatchObject({ type: 'image', image_url: `${t.url}/celebration_images/birthday-cake.png`, alt_text: 'A layered birthday cake with three lit candles' });
    expect(Number(post!.ts)).toBeGreaterThanOrEqual(Date.parse('2026-03-03T14:00:00Z') / 1000);
    expect(Number(post!.ts)).toBeLessThan(Date.parse('2026-03-03T14:01:01Z') / 1000);
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-04T15:00:00Z' });
    expect((await botPosts()).filter((m) => m.text.includes('U0DEMO009'))).toHaveLength(1);
  });

  it('posts a Saturday birthday on the Friday before, saying so', async () => {
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-20T12:59:00Z' });
    const before = (await botPosts()).length;
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-20T13:01:00Z' });
    await expect.poll(async () => (await botPosts()).length, { timeout: 15_000 }).toBe(before + 1);
    const friday = (await botPosts()).at(-1)!;
    expect(friday.text).toContain('Many happy returns, <@U0DEMO019>!');
    expect(friday.text).toContain('Celebrating early — this is for Saturday, March 21.');
    // Friday 20 March 2026, 9:00 EDT.
    expect(new Date(Number(friday.ts) * 1000).toISOString().slice(0, 16)).toMatch(/^2026-03-20T13:0[01]$/);
    await t.api('POST', '/sandbox/clock/advance', { to: '2026-03-23T12:00:00Z' });
    expect((await botPosts()).filter((m) => m.text.includes('U0DEMO019'))).toHaveLength(1);

    // What the channel looks like in the sandbox page.
    await page.goto(`${t.url}/sandbox?team=${TEAM}&user=${ACME.adminUserId}&c=${CELEB}`);
    await page.getByText('Celebrating early — this is for Saturday, March 21.').first().waitFor();
    await screenshot(page, 'celebrations-channel');
  });

  it('shows the member their own dates on /settings/celebrations', async () => {
    const member = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await member.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: 'U0DEMO036' } });
    const mine = await member.newPage();
    mine.on('pageerror', (err) => pageErrors.push(err.message));
    await mine.goto(`${t.url}/settings/celebrations`);
    await mine.getByRole('heading', { name: 'Your birthday' }).waitFor();
    expect(await mine.getByRole('combobox', { name: 'Birthday month' }).inputValue()).toBe('4');
    expect(await mine.getByRole('checkbox', { name: '#celebrations' }).first().isChecked()).toBe(true);
    await screenshot(mine, 'celebrations-settings');
    await openStartDateCalendar(mine, 'celebrations-settings-calendar');
    await member.close();
    expect(pageErrors).toEqual([]);
  });

  it('fits an 800 px window: the Celebrations index and /settings/celebrations do not overflow', async () => {
    const narrow = await browser.newContext({ viewport: { width: 800, height: 900 } });
    await narrow.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } });
    const small = await narrow.newPage();
    small.on('pageerror', (err) => pageErrors.push(err.message));
    await small.goto(`${t.url}/celebrations`);
    await small.getByRole('heading', { level: 1, name: 'Celebrations' }).waitFor();
    await small.getByRole('link', { name: /#celebrations/ }).first().waitFor();
    expect(await overflowsX(small), `/celebrations: ${(await overflowingElements(small)).join(', ')}`).toBe(false);
    await screenshot(small, 'celebrations-index-800', { fullPage: true });
    await small.goto(`${t.url}/settings/celebrations`);
    await small.getByRole('heading', { name: 'Your birthday' }).waitFor();
    expect(await overflowsX(small), `/settings/celebrations: ${(await overflowingElements(small)).join(', ')}`).toBe(false);
    await screenshot(small, 'celebrations-settings-800', { fullPage: true });
    await openStartDateCalendar(small, 'celebrations-settings-calendar-800');
    await narrow.close();
    expect(pageErrors).toEqual([]);
  });
});
