import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { seriousViolations } from './axe.js';
import { animationsDone, HAS_CHROMIUM, launchChromium, NO_CHROMIUM_REASON, screenshot, signedInPage, type SignedInPage } from './browser.js';
import { signIn } from './hearth.js';
import { overflowingElements, overflowsX } from './layout.js';
import { setPlan, startSandboxHearth, type SandboxHearth, type SignedIn } from './sandbox-hearth.js';

/** The widths every page and dialog is checked at: a laptop and a narrow window. */
const WIDTHS = [1366, 800] as const;

/** What a suite's data step gets: the running Hearth (ACME on Premium) and the admin's signed-in API access. */
export interface A11yRun {
  t: SandboxHearth;
  admin: SignedIn & { memberId: number };
  /** JSON as ACME's admin, failing loudly on anything but a 200. */
  app<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** ACME's member id of a Slack user. */
  memberId(slackUserId: string): Promise<number>;
  /** Waits until the queue is idle and the outbox has sent everything (`settle`, outside a test). */
  settle(): Promise<void>;
}

/** A page to check: its name, its address from the suite's data, and (for a page with no h1) what says it is ready. */
export type A11yPage<Ids> = [name: string, path: (ids: Ids) => string, ready?: (page: Page) => Locator];

/** A dialog to check: its name, the page it opens on, and how it is opened through the UI (answering the open dialog). */
export type A11yDialog<Ids> = [name: string, path: (ids: Ids) => string, open: (page: Page, ids: Ids, run: A11yRun) => Promise<Locator>];

/**
 * One file of the accessibility suite: a Hearth on the sandbox (ACME on Premium) with the data `data` makes through
 * the API, ACME's admin signed in in Chromium, and one test per page and per dialog: axe-core (WCAG 2.1 A and AA) finds
 * no serious or critical violation at 1366 and 800 px, nothing is wider than the window and the page throws no error.
 * The suite is split over several files (accessibility-*.test.ts) so the e2e workers run them side by side.
 * Screenshots (a11y-<name>-<width>.png) go to $HEARTH_SCREENSHOTS when it is set.
 */
export function accessibilitySuite<Ids>(title: string, suite: { data: (run: A11yRun) => Promise<Ids>; pages?: Array<A11yPage<Ids>>; dialogs?: Array<A11yDialog<Ids>> }): void {
  describe.skipIf(!HAS_CHROMIUM)(`Accessibility: ${title}${HAS_CHROMIUM ? '' : ` (skipped: ${NO_CHROMIUM_REASON})`}`, () => {
    let t: SandboxHearth;
    let browser: Browser;
    let admin: SignedInPage;
    let ids: Ids;
    let run: A11yRun;

    beforeAll(async () => {
      t = await startSandboxHearth({ pages: true });
      await setPlan(t, ACME.teamId, 'premium');
      browser = await launchChromium();
      admin = await signedInPage(browser, t, { teamId: ACME.teamId, userId: ACME.adminUserId });
      const who = await signIn(t, ACME.teamId, ACME.adminUserId);
      const ws = (await t.services.workspaces.byTeamId(ACME.teamId))!;
      run = {
        t,
        admin: who,
        app: (method, path, body) => t.call(who, method, path, body),
        memberId: async (slackUserId) => (await t.services.people.bySlackId(ws.id, slackUserId))!.id,
        settle: async () => {
          await t.services.queue.idle();
          const unsent = () => t.services.db.selectFrom('outbox').select('id').where('state', 'in', ['pending', 'sending']).execute();
          await vi.waitFor(async () => expect(await unsent()).toEqual([]), { timeout: 15_000 });
          await t.services.queue.idle();
        },
      };
      ids = await suite.data(run);
      await t.services.queue.idle();
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    /** Opens a page and waits until it says it is ready (its heading by default) and nothing is loading. */
    async function open(path: string, ready: (page: Page) => Locator = (page) => page.getByRole('heading', { level: 1 }).first()): Promise<void> {
      const { page } = admin;
      await page.goto(`${t.url}${path}`);
      await ready(page).waitFor();
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
    }

    /** The problems at this width: axe's serious and critical violations (within `scope` if given) and sideways scrolling. */
    async function problems(name: string, width: number, scope?: Locator): Promise<string[]> {
      const { page } = admin;
      // Checked as a person sees it settled: a dialog still fading in has every colour half-way (CI failed on that).
      await animationsDone(page);
      await screenshot(page, `a11y-${name.replace(/ /g, '-')}-${width}`, { fullPage: !scope });
      const found = (await seriousViolations(page, scope)).map((v) => `${width} px: ${v}`);
      if (await overflowsX(page)) found.push(`${width} px: wider than the window: ${(await overflowingElements(page)).join(', ')}`);
      return found;
    }

    for (const [name, path, ready] of suite.pages ?? []) {
      it(`${name}: no serious or critical violation at 1366 and 800 px`, async () => {
        const found: string[] = [];
        admin.pageErrors.length = 0;
        // Opened once, then the window narrows (as a person resizing it): the layout is CSS, so no reload is needed.
        await admin.page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await open(path(ids), ready);
        for (const width of WIDTHS) {
          await admin.page.setViewportSize({ width, height: 900 });
          found.push(...(await problems(name, width)));
        }
        expect(found).toEqual([]);
        expect(admin.pageErrors).toEqual([]);
      });
    }

    for (const [name, path, openDialog] of suite.dialogs ?? []) {
      it(`the ${name} dialog: no serious or critical violation at 1366 and 800 px`, async () => {
        const found: string[] = [];
        admin.pageErrors.length = 0;
        await admin.page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await open(path(ids));
        const dialog = await openDialog(admin.page, ids, run);
        await dialog.waitFor();
        // The open dialog is checked at each width as the window narrows.
        for (const width of WIDTHS) {
          await admin.page.setViewportSize({ width, height: 900 });
          found.push(...(await problems(`dialog-${name}`, width, dialog)));
        }
        expect(found).toEqual([]);
        expect(admin.pageErrors).toEqual([]);
      });
    }
  });
}
