import { defineCapability } from '../platform/capability.js';
import { formatCalendarDate } from '../slack/dates.js';
import { parseLocalDate } from '../time/zoned.js';
import { introsCounters } from './counters.js';
import { CountersRepository } from './counters.repository.js';
import { needs } from './deps.js';
import { introsDonutImporter } from './donut-import.js';
import { introsFollowup, introsRound } from './jobs.js';
import { introsListeners, introsPreferenceListeners } from './listeners.js';
import { preferencesButton } from './preferences-blocks.js';
import { MeetingService } from './meetings.js';
import { MeetingsRepository } from './meetings.repository.js';
import { DEFAULT_SNOOZE_DAYS, MemberService } from './members.js';
import { ReportService } from './reports.js';
import { ReportsRepository } from './reports.repository.js';
import { IntrosPreferences } from './preferences.js';
import { AvoidListRepository } from './preferences.repository.js';
import { IntrosRepository } from './repository.js';
import { introsPreferenceRoutes, introsRoutes } from './routes.js';
import { RoundRunner } from './rounds.js';
import { RoundsRepository } from './rounds.repository.js';
import { IntrosService } from './service.js';

const SNOOZE_USAGE = 'snooze [days|off] — pause all your intros (default 14 days), or turn them back on';

/** Intros: the program kind, its due sources (rounds; check-ins, reminders and closing), commands, home section, API and jobs. */
export const introsCapability = defineCapability({
  name: 'intros',
  needs,
  setup(services) {
    // Each service gets its repositories explicitly (no shared holder of them).
    const repo = new IntrosRepository(services.db);
    const roundsRepo = new RoundsRepository(services.db);
    const meetingsRepo = new MeetingsRepository(services.db);
    const counters = new CountersRepository(services.db);
    const intros = new IntrosService(services, repo, roundsRepo, counters);
    const rounds = new RoundRunner(services, repo, roundsRepo, intros);
    const meetings = new MeetingService(services, repo, roundsRepo, meetingsRepo, intros);
    const members = new MemberService(services, repo, roundsRepo, intros);
    const reports = new ReportService(repo, roundsRepo, counters, new ReportsRepository(services.db), intros);
    const preferences = new IntrosPreferences(services, repo, new AvoidListRepository(services.db), members);
    return {
      programKind: intros.kind((program) => rounds.sendNow(program)),
      // Open data (docs/data-format.md). The avoid lists (intros_avoids) are confidential and never exported.
      dataExport: {
        tables: [
          { table: 'intros_team_settings', description: "The workspace's pairing welcome message." },
          { table: 'intros_configs', description: 'Each Intros program\'s settings.', refs: { program_id: 'channel_programs', lottery_fixed_member_ids: { table: 'members', array: true } }, omit: ['roster_synced_at'] },
          { table: 'intros_categories', description: 'Interest categories of Intro by interests.', hasId: true, refs: { program_id: 'channel_programs' } },
          { table: 'intros_icebreakers', description: "Each program's icebreaker questions.", hasId: true, refs: { program_id: 'channel_programs' } },
          { table: 'intros_participants', description: 'Who takes part in which program (opt-outs, interests, ghosts).', refs: { program_id: 'channel_programs', member_id: 'members', category_ids: { table: 'intros_categories', array: true } } },
          { table: 'intros_snoozes', description: "Members' snoozes (every program when program_id is empty).", hasId: true, refs: { member_id: 'members', program_id: 'channel_programs' } },
          { table: 'intros_rounds', description: 'Rounds of pairing, with their state and times.', hasId: true, refs: { program_id: 'channel_programs', left_out: { table: 'members', json: '[].member_id' } } },
          { table: 'intros_meetings', description: 'The groups each round made, and whether they met.', hasId: true, refs: {
              program_id: 'channel_programs',
              round_id: 'intros_rounds',
              answered_by_member_id: 'members',
              reason_detail: [
                { table: 'members', json: 'pairs[].members[]' },
                { table: 'intros_categories', json: 'sharedCategories[]' },
              ],
            },
          },
          { table: 'intros_meeting_members', description: 'Who was in each group.', via: { column: 'meeting_id', parent: 'intros_meetings' }, refs: { member_id: 'members', program_id: 'channel_programs' }, onMemberErased: 'keep' },
          { table: 'intros_counters', description: "Each round's counts (groups made, met, not met).", refs: { round_id: 'intros_rounds', program_id: 'channel_programs' } },
          { table: 'intros_imported_pairs', description: 'Groups met before Hearth (imported from Donut), read by the pairing engine.', hasId: true, refs: { program_id: 'channel_programs', member_ids: { table: 'members', array: true } } },
        ],
      },
      donutImport: introsDonutImporter(repo),
      dueSources: [
        { name: 'intros.rounds', collect: (now) => rounds.collectDue(now), nextDue: () => rounds.nextDue() },
        { name: 'intros.followups', collect: (now) => meetings.collectDue(now), nextDue: () => meetings.nextDue() },
      ],
      commands: [
        {
          name: 'snooze',
          usage: SNOOZE_USAGE,
          async run(ctx) {
            if (!ctx.member) return { text: "I don't know you yet — try again in a minute." };
            const arg = (ctx.args[0] ?? '').toLowerCase();
            if (arg === 'off' || arg === 'stop' || arg === '0') {
              await members.unsnooze(ctx.member);
              return { text: ':sunny: Your intros are back on.' };
            }
            const days = arg === '' ? DEFAULT_SNOOZE_DAYS : Number(arg);
            if (!Number.isInteger(days) || days < 1 || days > 365) return { text: `Usage: \`/hearth ${SNOOZE_USAGE}\`. Days must be a whole number from 1 to 365.` };
            const until = await members.snooze(ctx.workspace, ctx.member, days);
            return { text: `:zzz: Your intros are snoozed for ${days} ${days === 1 ? 'day' : 'days'}; you're back in rounds from ${formatCalendarDate(parseLocalDate(until), { short: true })}. \`/hearth snooze off\` to come back sooner.` };
          },
        },
        {
          name: 'intros',
          usage: 'intros — your Intros channels, next rounds and current intro',
          async run(ctx) {
            if (!ctx.member) return { text: "I don't know you yet — try again in a minute." };
            return members.statusMessage(ctx.workspace, ctx.member);
          },
        },
      ],
      home: {
        name: 'intros',
        render: async ({ workspace, member }) => {
          const blocks = await members.homeBlocks(workspace, member);
          return blocks.length ? [...blocks, preferencesButton()] : blocks;
        },
      },
      jobs: [introsRound.handle((p, ctx) => rounds.run(p.roundId, ctx.attempt)), introsFollowup.handle((p) => meetings.followup(p.roundId, p.stage))],
      routes: [introsRoutes({ intros, rounds, meetings, members, reports }), introsPreferenceRoutes(preferences)],
      listeners: [introsListeners({ services, intros, meetings, members }), introsPreferenceListeners(preferences)],
      subscribers: [introsCounters(counters)],
    };
  },
});
