import { isReachableHuman } from '../people/service.js';
import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { celebrationsImportDates, celebrationsRoster, celebrationsRun, celebrationsSendNow } from './jobs.js';
import { celebrationListeners } from './listeners.js';
import { celebrationRoutes } from './routes.js';
import { CELEBRATION_TEMPLATES, CelebrationService } from './service.js';


/**
 * Celebrations: the CelebrationProgram kind (templates, settings, send now), the daily posting due source,
 * `/hearth birthday`, the home section, the dates modal and the admin and member API.
 */
export const celebrationsCapability = defineCapability({
  name: 'celebrations',
  needs,
  setup(services) {
    const celebrations = new CelebrationService(services);
    return {
      programKind: {
        type: 'CelebrationProgram',
        controller: 'celebrations',
        label: 'Celebrations',
        templates: CELEBRATION_TEMPLATES,
        // Every plan may run celebration programs; the free plan's limit is on custom dates.
        checkCreate: async () => undefined,
        createConfig: (trx, program, template) => celebrations.createConfig(trx, program, template),
        summarize: (programs) => celebrations.summarize(programs),
        sendNow: (program) => celebrations.sendNow(program),
        pagePath: (id) => `/celebrations/${id}/edit`,
      },
      dueSources: [{ name: 'celebrations', collect: (now) => celebrations.collectDue(now), nextDue: () => celebrations.nextDue() }],
      commands: [
        {
          name: 'birthday',
          usage: 'birthday — add or change your birthday and work anniversary',
          async run(ctx) {
            if (!ctx.member || !isReachableHuman(ctx.member)) return { text: "I can't celebrate you yet: Hearth hasn't met you. Try again in a few minutes." };
            const opened = await celebrations.openDatesModal({ teamId: ctx.workspace.team_id, userId: ctx.userId, triggerId: ctx.triggerId, metadata: {} });
            return opened
              ? { text: ':birthday: Add your dates in the window that just opened. Your birth year is never shown.' }
              : { text: `I couldn't open the form just now. You can add your dates at ${services.config.publicUrl}/settings/celebrations` };
          },
        },
      ],
      home: { name: 'celebrations', render: ({ workspace, member }) => celebrations.homeBlocks(workspace, member) },
      jobs: [
        celebrationsRun.handle((p) => celebrations.run(p.programId, p.runOn)),
        celebrationsSendNow.handle(async (p) => {
          await celebrations.sendNowJob(p.programId, p.requestedAt);
          await services.programs.markSendNowComplete(p.programId);
        }),
        celebrationsImportDates.handle((p) => celebrations.processImport(p.importId)),
        celebrationsRoster.handle((p) => celebrations.rosterJob(p.programId)),
      ],
      routes: [celebrationRoutes(services, celebrations)],
      listeners: [celebrationListeners(celebrations, services.log)],
    };
  },
});
