import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules checked: WCAG 2.1 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

interface AxeWindow {
  axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
}

/**
 * axe-core over the page as it stands, or only over `within` (an open dialog), evaluated through the devtools
 * protocol so the page's CSP does not apply: the serious and critical WCAG 2.1 A/AA violations, one line per
 * element, for a readable failure.
 */
export async function seriousViolations(page: Page, within?: Locator): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const options = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const violations = (
    within
      ? await within.evaluate((el, opts) => (globalThis as unknown as AxeWindow).axe.run(el, opts).then((r) => r.violations), options)
      : await page.evaluate((opts) => (globalThis as unknown as AxeWindow).axe.run((globalThis as unknown as { document: unknown }).document, opts).then((r) => r.violations), options)
  ) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`));
}
