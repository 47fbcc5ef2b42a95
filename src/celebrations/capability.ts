import { isReachableHuman } from '../people/service.js';
import { defineCapability } from '../platform/capability.js';
import { CustomAllowance } from './allowance.js';
import { CelebrationCalendar } from './calendar.js';
import { needs } from './deps.js';
import { DatesImports } from './imports.js';
import { ImportRepository } from './imports.repository.js';
import { celebrationsImportDates, celebrationsRoster, celebrationsRun, celebrationsSendNow } from './jobs.js';
import { celebrationListeners } from './listeners.js';
import { MemberDates } from './member-dates.js';
import { CelebrationRepository } from './repository.js';
import { celebrationRoutes } from './routes.js';
import { CelebrationRunner } from './runner.js';
import { CelebrationPreview } from './preview.js';
import { ProgramSchedules } from './schedules.js';
import { ScheduleRepository } from './schedules.repository.js';
import { celebrationsDonutImporter } from './donut-import.js';
import { CELEBRATION_TEMPLATES, CelebrationSettings } from './settings.js';
import { UpcomingCelebrations } from './upcoming.js';

/**
 * Celebrations: the CelebrationProgram kind (templates, settings, send now), the daily posting due source,
 * `/hearth birthday`, the home section, the dates modal and the admin and member API.
 */
export const celebrationsCapability = defineCapability({
  name: 'celebrations',
  needs,
  setup(services) {
    const repo = new CelebrationRepository(services.db);
    const scheduleRepo = new ScheduleRepository(services.db);
    const calendar = new CelebrationCalendar(services, repo, scheduleRepo);
    const allowance = new CustomAllowance(services, scheduleRepo);
    const memberDates = new MemberDates(services, scheduleRepo, repo);
    const settings = new CelebrationSettings(services, repo, calendar, allowance);
    const runner = new CelebrationRunner(services, repo, scheduleRepo, calendar);
    const api = {
      settings,
      memberDates,
      schedules: new ProgramSchedules(services, scheduleRepo, calendar, memberDates, allowance),
      upcoming: new UpcomingCelebrations(services, repo, scheduleRepo, calendar),
      imports: new DatesImports(services, new ImportRepository(services.db), repo, scheduleRepo, memberDates),
      preview: new CelebrationPreview(services, repo, calendar),
    };
    return {
      donutImport: celebrationsDonutImporter(scheduleRepo),
      // Open data (docs/data-format.md): programs, everyone's dates, and what was celebrated.
      dataExport: {
        tables: [
          { table: 'celebration_programs', description: "Each Celebrations program's settings and templates.", refs: { program_id: 'channel_programs' }, omit: ['roster_synced_at'] },
          { table: 'celebration_schedules', description: 'Birthdays, work anniversaries and custom dates.', hasId: true, refs: { member_id: 'members' } },
          { table: 'celebration_schedule_programs', description: 'Dates left out of (or put in) particular programs.', via: { column: 'schedule_id', parent: 'celebration_schedules' }, refs: { program_id: 'channel_programs' } },
          { table: 'celebration_runs', description: "Each program's daily runs.", hasId: true, via: { column: 'program_id', parent: 'channel_programs' }, omit: ['outbox_id'] },
          { table: 'celebration_posts', description: 'What was celebrated on which day.', via: { column: 'program_id', parent: 'channel_programs' }, refs: { run_id: 'celebration_runs', schedule_id: 'celebration_schedules' } },
          { table: 'asset_imports', description: 'Imports of dates from CSV files.', hasId: true, refs: { program_id: 'channel_programs', created_by_member_id: 'members' } },
        ],
      },
      programKind: {
        type: 'CelebrationProgram',
        controller: 'celebrations',
        label: 'Celebrations',
        templates: CELEBRATION_TEMPLATES,
        // Every plan may run celebration programs; the free plan's limit is on custom dates.
        checkCreate: async () => undefined,
        createConfig: (trx, program, template) => settings.createConfig(trx, program, template),
        summarize: (programs) => settings.summarize(programs),
        sendNow: (program) => runner.sendNow(program),
        pagePath: (id) => `/celebrations/${id}/edit`,
      },
      dueSources: [{ name: 'celebrations', collect: (now) => runner.collectDue(now), nextDue: () => runner.nextDue() }],
      commands: [
        {
          name: 'birthday',
          usage: 'birthday — add or change your birthday and work anniversary',
          async run(ctx) {
            if (!ctx.member || !isReachableHuman(ctx.member)) return { text: "I can't celebrate you yet: Hearth hasn't met you. Try again in a few minutes." };
            const opened = await memberDates.openDatesModal(ctx, { triggerId: ctx.triggerId, metadata: {} });
            return opened
              ? { text: ':birthday: Add your dates in the window that just opened. Your birth year is never shown.' }
              : { text: `I couldn't open the form just now. You can add your dates at ${services.config.publicUrl}/settings/celebrations` };
          },
        },
      ],
      home: { name: 'celebrations', render: ({ workspace, member }) => memberDates.homeBlocks(workspace, member) },
      jobs: [
        celebrationsRun.handle((p) => runner.run(p.workspaceId, p.programId, p.runOn)),
        celebrationsSendNow.handle(async (p) => {
          await runner.sendNowJob(p.workspaceId, p.programId, p.requestedAt);
          await services.programs.markSendNowComplete(p.programId);
        }),
        celebrationsImportDates.handle((p) => api.imports.process(p.workspaceId, p.importId)),
        celebrationsRoster.handle((p) => runner.readRoster(p.workspaceId, p.programId)),
      ],
      routes: [celebrationRoutes(api)],
      listeners: [celebrationListeners(api.memberDates, services.log)],
    };
  },
});
