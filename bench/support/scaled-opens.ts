import type { SandboxState } from '../../src/sandbox/state.js';

/**
 * conversations.open scaled from Slack's Tier 3 (50 a minute) to 50 per 6 s, for the benchmarks that open hundreds
 * of DMs: at Slack's own rate 500 opens alone take ten minutes. The sandbox enforces it (`scaleOpens`) and Hearth
 * paces on it (`SCALED_SLACK_RATES` as its `slackRates`).
 */
export const SCALED_OPEN = { limit: 50, windowMs: 6_000 };
export const SCALED_SLACK_RATES = { 'conversations.open': SCALED_OPEN };

export function scaleOpens(state: SandboxState): void {
  state.rateLimits.setLimit('conversations.open', SCALED_OPEN.limit, SCALED_OPEN.windowMs);
}
