import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { seriousViolations } from '../support/axe.js';
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot } from '../support/browser.js';
import { overflowingElements, overflowsX } from '../support/layout.js';
import { onPremium, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const JONAS = 'U0DEMO010';

interface Ids {
  tag: number;
  session: number;
  status: number;
  intros: number;
  water: number;
}

/** Every page the end-to-end suites visit, with the data made in beforeAll. */
const PAGES: Array<[name: string, path: (ids: Ids) => string]> = [
  ['home', () => '/'],
  ['journeys', () => '/onboarding/tags'],
  ['journey', (i) => `/onboarding/tags/${i.tag}`],
  ['session site', (i) => `/site/${i.session}`],
  ['hub editor', (i) => `/onboarding/tags/${i.tag}/site/edit`],
  ['enrollment', () => '/onboarding/tags/enrollment'],
  ['manual enrollment', (i) => `/onboarding/tags/${i.tag}/manual_enrollment`],
  ['batches', (i) => `/onboarding/tags/${i.tag}/batches?manual_enrollment_status_id=${i.status}`],
  ['new survey', (i) => `/onboarding/tags/${i.tag}/enrollment_surveys/new`],
  ['intros list', () => '/all_channels?type=intros'],
  ['watercooler list', () => '/all_channels?type=watercooler'],
  ['new program', () => '/channel_programs/new?preview=intros'],
  ['intros', (i) => `/coffee/${i.intros}`],
  ['intros members', (i) => `/coffee/${i.intros}?tab=members`],
  ['intros edit', (i) => `/coffee/${i.intros}/edit`],
  ['watercooler edit', (i) => `/watercooler/${i.water}/edit`],
  ['celebrations', () => '/celebrations'],
  ['templates', () => '/templates?hide_defaults=false'],
  ['reporting', () => '/reporting'],
  ['program report', (i) => `/reporting/${i.intros}`],
  ['attention required', () => '/reporting/attention_required'],
  ['intros feedback', () => '/reporting/intros_feedback'],
  ['points', () => '/points'],
  ['rewards', () => '/rewards'],
  ['shoutouts', () => '/shoutouts'],
  ['billing', () => '/billing'],
  ['profile', () => '/settings/profile'],
  ['intros preferences', () => '/settings/intros'],
  ['workspace data', () => '/settings/data'],
  ['api reference', () => '/settings/api'],
  ['integrations', () => '/integrations'],
  ['not found', () => '/no/such/page'],
];

/**
 * axe-core (WCAG 2.1 A and AA) over every page the end-to-end suites visit, with real data made through the
 * API (a journey with a person enrolled, an Intros and a Watercooler program, a Celebrations program, an
 * enrollment batch), at 1366 and 800 px: no serious or critical violation, and nothing wider than the window.
 * Screenshots (a11y-<name>-<width>.png) go to $HEARTH_SCREENSHOTS when set.
 */
describe.skipIf(!HAS_CHROMIUM)(`Accessibility of every page${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
  let t: SandboxHearth;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let ids: Ids;

  beforeAll(async () => {
    t = await startSandboxHearth({ pages: true });
    await onPremium(t, TEAM);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    expect((await context.request.post(`${t.url}/sandbox/session`, { data: { team_id: TEAM, user_id: ACME.adminUserId } })).ok()).toBe(true);
    const csrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'hearth_csrf')!.value);
    const app = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
      const res = await context.request.fetch(`${t.url}${path}`, { method, headers: { 'x-csrf-token': csrf, accept: 'application/json' }, ...(data === undefined ? {} : { data }) });
      if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    };

    const journey = await app<{ tag: { id: number }; new_roles: Array<{ id: number; purpose: string }> }>('POST', '/onboarding/tags', {
      channel_id: ACME.channels.general,
      onboarding_tag: { name: 'Acme onboarding', flow_type: 'onboarding', preset_bundle_id: 1 },
    });
    const tag = journey.tag.id;
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const jonas = (await t.services.people.bySlackId(ws.id, JONAS))!;
    const primary = journey.new_roles.find((r) => r.purpose === 'primary')!.id;
    const session = await app<{ session: { id: number } }>('POST', `/onboarding/tags/${tag}/sessions`, { start_date: '2026-03-03', memberships: [{ role_id: primary, user_id: jonas.id }] });
    const { status_id } = await app<{ status_id: number }>('POST', `/onboarding/tags/${tag}/manual_enrollment`, {
      sessions: [{ start_date: '2026-03-16', tag_ids: [tag], time_zone: { label: 'Import from Slack', value: 'sync' }, memberships: [{ role_id: primary, user_id: (await t.services.people.bySlackId(ws.id, 'U0DEMO008'))!.id }] }],
      session_ids_to_delete: [],
    });
    const intros = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const water = await app<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.watercooler });
    await t.services.queue.idle();

    ids = { tag, session: session.session.id, status: status_id, intros: intros.id, water: water.id };
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Opens a page and waits until it has its heading and nothing is loading. */
  async function open(path: string): Promise<void> {
    await page.goto(`${t.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  }

  for (const [name, path] of PAGES) {
    it(`${name}: no serious or critical violation at 1366 and 800 px`, async () => {
      const found: string[] = [];
      pageErrors.length = 0;
      for (const width of [1366, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await open(path(ids));
        await screenshot(page, `a11y-${name.replace(/ /g, '-')}-${width}`, { fullPage: true });
        found.push(...(await seriousViolations(page)).map((v) => `${width} px: ${v}`));
        if (await overflowsX(page)) found.push(`${width} px: wider than the window: ${(await overflowingElements(page)).join(', ')}`);
      }
      expect(found).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }
});
