import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { SandboxGiftCardProvider, TremendousProvider, type GiftCardProvider } from './gift-cards.js';
import { pointsListeners } from './listeners.js';
import { PointsRepository } from './repository.js';
import { Rewards, type GiftCardBilling } from './rewards.js';
import { pointsRoutes } from './routes.js';
import { EVENT_RULES, GROUP_EVENT } from './rules.js';
import { PointsService } from './service.js';
import { Shoutouts } from './shoutouts.js';
import { ShoutoutsSlack } from './slack-side.js';

/**
 * Points, shoutouts and rewards (journeys.md §1–§9): wallets and their ledger, earning from domain events (the
 * table in rules.ts), shoutouts from Slack (`/hearth shoutout`, a message shortcut, a modal), the leaderboard,
 * reward listings, redemptions and gift cards, and the member's Home tab section.
 */
export const pointsCapability = defineCapability({
  name: 'points',
  needs,
  setup(services) {
    const repo = new PointsRepository(services.db);
    const points = new PointsService(services, repo);
    const shoutouts = new Shoutouts(services, repo, points);
    const gc = services.config.giftCards;
    const provider: GiftCardProvider = gc ? new TremendousProvider(gc) : new SandboxGiftCardProvider(services.config.publicUrl);
    // Until billing offers a payment-method service: a paying plan has a card on file.
    const billing: GiftCardBilling = async (workspaceId) => ((await services.entitlements.plan(workspaceId)).plan === 'premium' ? 'ok' : 'no_payment_method');
    const rewards = new Rewards(services, repo, provider, billing);
    const slack = new ShoutoutsSlack(services, repo, shoutouts);
    return {
      commands: [{ name: 'shoutout', usage: 'shoutout @someone 10 for … — thank a teammate with points', run: (ctx) => slack.command(ctx) }],
      home: { name: 'points', render: ({ workspace, member }) => points.homeBlocks(workspace, member) },
      routes: [pointsRoutes({ points, shoutouts, rewards })],
      listeners: [pointsListeners(slack, services.log)],
      subscribers: [{ name: 'points.earn', events: [GROUP_EVENT, ...Object.values(EVENT_RULES).map((r) => r.event)], handle: (e, trx) => points.onEvent(e, trx) }],
    };
  },
});
