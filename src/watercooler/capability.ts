import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { WatercoolerEngagement } from './engagement.js';
import { watercoolerPost, watercoolerRoster } from './jobs.js';
import { watercoolerListeners } from './listeners.js';
import { PacksRepository } from './packs.repository.js';
import { WatercoolerPacks } from './packs.js';
import { WatercoolerPlan } from './plan.js';
import { WatercoolerPosting } from './posting.js';
import { PostsRepository } from './posts.repository.js';
import { WatercoolerPresenter } from './presenters.js';
import { WatercoolerPrompts } from './prompts.js';
import { QueueReader } from './queue-reader.js';
import { WatercoolerRepository } from './repository.js';
import { watercoolerRoutes } from './routes.js';
import { WatercoolerSettings } from './settings.js';
import { ShippedLibrary } from './shipped-library.js';

/** Watercooler: the program kind, the tick's due source, the home section, the routes, the engagement listeners and its jobs. */
export const watercoolerCapability = defineCapability({
  name: 'watercooler',
  needs,
  setup(s) {
    const repo = new WatercoolerRepository(s.db);
    const packsRepo = new PacksRepository(s.db);
    const postsRepo = new PostsRepository(s.db);
    const plan = new WatercoolerPlan(s.entitlements);
    const library = new ShippedLibrary(packsRepo, s.clock);
    const queues = new QueueReader(repo);
    const settings = new WatercoolerSettings(s.clock, s.events, s.programs, plan, repo, packsRepo, queues);
    const packs = new WatercoolerPacks(s.clock, s.programs, plan, library, repo, packsRepo);
    const prompts = new WatercoolerPrompts(s.clock, s.programs, plan, library, repo, packsRepo, queues, packs.policy);
    const posting = new WatercoolerPosting(s, plan, library, repo, packsRepo, postsRepo, queues);
    const engagement = new WatercoolerEngagement(s, repo, postsRepo);
    const presenter = new WatercoolerPresenter(s, plan, library, repo, packsRepo, postsRepo, queues, packs, posting);
    // Write the shipped packs now rather than on the first request (failures are retried by the next caller).
    library.ensure().catch((err: unknown) => s.log.warn({ err }, 'watercooler library sync failed; will retry'));
    return {
      programKind: settings.kind((program) => posting.sendNow(program)),
      // Open data (docs/data-format.md). Library packs and prompts (no workspace) are shared: their ids are kept.
      dataExport: {
        tables: [
          { table: 'watercooler_packs', description: "The workspace's own prompt packs.", hasId: true, refs: { creator_member_id: 'members' } },
          { table: 'watercooler_prompts', description: "The workspace's own prompts.", hasId: true, refs: { pack_id: { table: 'watercooler_packs', keepUnknown: true }, source_pack_id: { table: 'watercooler_packs', keepUnknown: true }, program_id: 'channel_programs', creator_member_id: 'members' } },
          { table: 'watercoolers', description: "Each Watercooler's schedule and queue.", refs: { program_id: 'channel_programs', queue_order: { table: 'watercooler_prompts', array: true, keepUnknown: true } }, omit: ['roster_synced_at'] },
          { table: 'watercooler_pack_subscriptions', description: 'Which packs each Watercooler draws from.', via: { column: 'program_id', parent: 'channel_programs' }, refs: { pack_id: { table: 'watercooler_packs', keepUnknown: true } } },
          { table: 'watercooler_prompt_adjustments', description: 'Prompts a Watercooler skips or pins.', via: { column: 'program_id', parent: 'channel_programs' }, refs: { prompt_id: { table: 'watercooler_prompts', keepUnknown: true } } },
          { table: 'watercooler_posts', description: 'Prompts posted (or skipped), with their text.', hasId: true, refs: { program_id: 'channel_programs', prompt_id: { table: 'watercooler_prompts', keepUnknown: true } }, omit: ['outbox_id'] },
          { table: 'watercooler_replies', description: 'Thread replies to posted prompts.', via: { column: 'post_id', parent: 'watercooler_posts' }, slackUserColumns: ['user_id'] },
          { table: 'watercooler_reactions', description: 'Reactions to posted prompts.', via: { column: 'post_id', parent: 'watercooler_posts' }, slackUserColumns: ['user_id'] },
        ],
      },
      dueSources: [{ name: 'watercooler', collect: (now) => posting.collect(now), nextDue: () => posting.nextDue() }],
      home: { name: 'watercooler', render: ({ workspace, member }) => presenter.homeBlocks(workspace, member) },
      routes: [watercoolerRoutes({ settings, packs, prompts, posting, presenter })],
      listeners: [watercoolerListeners(engagement)],
      jobs: [
        watercoolerPost.handle((p) => posting.compose(p.workspaceId, p.postId)),
        watercoolerRoster.handle((p) => posting.syncRoster(p.workspaceId, p.programId)),
      ],
    };
  },
});
