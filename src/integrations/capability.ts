import { Router } from 'express';
import { celebrationDates } from '../celebrations/public.js';
import type { OAuthProviderName } from '../config.js';
import { defineCapability } from '../platform/capability.js';
import { AtsService } from './ats.js';
import { CalendarsService, CALENDAR_PROVIDERS } from './calendars.js';
import { GreenhouseProvider } from './greenhouse.js';
import { HrisService } from './hris.js';
import { syncJob } from './jobs.js';
import { MergeHrisProvider } from './merge.js';
import { OAUTH_PROVIDERS, OAuthClient } from './oauth.js';
import { IntegrationsRepository } from './repository.js';
import { integrationsRoutes } from './routes.js';
import { IntegrationsService } from './service.js';
import { suggestTimesCommand } from './times.js';
import { greenhouseStandIn } from './stand-ins/greenhouse.js';
import { mergeStandIn, STAND_IN_MERGE_KEY } from './stand-ins/merge.js';
import { oauthStandIn, standInClient, standInEndpoints } from './stand-ins/oauth.js';

/** Merge Link's script, which opens the link dialog on the page. */
export const MERGE_LINK_SCRIPT = 'https://cdn.merge.dev/initialize.js';

/**
 * Integrations: the HR system through Merge's unified HRIS API (link flow, state, ownership, the programs it
 * feeds, the daily sync), applicant tracking through Greenhouse Harvest (an API key, its permission groups,
 * hired candidates), members' calendar and video accounts (OAuth), new hires announced once as the platform
 * event `integrations.new_hire`, and stable experiment variants. Every provider has a stand-in the sandbox
 * serves in this same app, so the flows run offline. Its tables stay out of the open data export: they hold
 * sealed secrets and HR records, and relinking rebuilds them.
 */
export const integrationsCapability = defineCapability({
  name: 'integrations',
  needs: ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'events'],
  setup(services) {
    const { integrations, sandboxEnabled, publicUrl } = services.config;
    const repo = new IntegrationsRepository(services.db);
    const merge = integrations.merge
      ? new MergeHrisProvider({ ...integrations.merge, link: { kind: 'merge', scriptUrl: MERGE_LINK_SCRIPT } })
      : sandboxEnabled
        ? new MergeHrisProvider({ apiKey: STAND_IN_MERGE_KEY, baseUrl: `${publicUrl}/sandbox/merge/api`, link: { kind: 'sandbox' } })
        : null;
    const harvest = new GreenhouseProvider({ baseUrl: integrations.harvestUrl ?? (sandboxEnabled ? `${publicUrl}/sandbox/greenhouse/v1` : 'https://harvest.greenhouse.io/v1') });
    const clients = new Map<OAuthProviderName, OAuthClient>();
    for (const provider of CALENDAR_PROVIDERS) {
      const app = integrations.oauth[provider];
      if (app) clients.set(provider, new OAuthClient(provider, OAUTH_PROVIDERS[provider], app));
      else if (sandboxEnabled) clients.set(provider, new OAuthClient(provider, standInEndpoints(publicUrl, provider, OAUTH_PROVIDERS[provider]), standInClient(provider)));
    }

    const hris = new HrisService(services, repo, merge, celebrationDates(services));
    const ats = new AtsService(services, repo, [harvest]);
    const calendars = new CalendarsService(services, repo, clients);
    const service = new IntegrationsService(repo, hris, ats, calendars, services.clock);
    const standIns = sandboxEnabled
      ? [Router().use('/sandbox/merge/api', mergeStandIn(services.clock)).use('/sandbox/greenhouse/v1', greenhouseStandIn(services.clock)).use('/sandbox/oauth', oauthStandIn())]
      : [];
    return {
      // What the HR system and members' linked accounts offer the other capabilities, without their importing this one.
      provides: {
        hrDirectory: {
          pendingHires: (workspaceId, from, to) => service.pendingHires(workspaceId, from, to),
          groups: (workspaceId, memberIds, by) => (memberIds.length ? repo.hrGroups(workspaceId, memberIds, by) : Promise.resolve(new Map())),
          managerEmail: (workspaceId, email) => repo.hrManagerEmail(workspaceId, email.trim().toLowerCase()),
          linked: async (workspaceId) => {
            const live = await repo.liveHris(workspaceId);
            return live !== undefined && live !== null && (live.state === 'pending' || live.state === 'active');
          },
        },
        calendars: {
          freeTimes: (workspaceId, memberIds, tz) => (memberIds.length >= 2 ? calendars.freeTimes(workspaceId, memberIds, tz) : Promise.resolve(null)),
          holdMeeting: (workspaceId, key, memberIds, e) => calendars.holdMeeting(workspaceId, key, memberIds, e),
          linkedAccounts: async (workspaceId, memberId) => {
            const { google, microsoft } = await calendars.flags(workspaceId, memberId);
            return { google, microsoft };
          },
        },
        videoMeetings: {
          meeting: (workspaceId, key, memberIds, meeting) => calendars.zoomMeeting(workspaceId, key, memberIds, meeting),
          linked: async (workspaceId, memberId) => (await calendars.flags(workspaceId, memberId)).zoom,
        },
      },
      routes: [integrationsRoutes(service), ...standIns],
      commands: [{ name: 'times', usage: 'times @someone … — suggest meeting times from your linked calendars', run: (ctx) => suggestTimesCommand(services, calendars, ctx) }],
      uninstalled: (workspaceId) => repo.forgetCredentials(workspaceId, services.clock.now()),
      jobs: [syncJob.handle(({ workspaceId, kind, identityId }) => (kind === 'hris' ? hris.sync(workspaceId, identityId) : ats.sync(workspaceId, identityId)))],
      dueSources: [
        {
          name: 'integrations.sync',
          collect: async (now) => {
            const due = await repo.claimDue(now);
            for (const d of due)
              await services.queue.enqueue(syncJob, { workspaceId: d.workspace_id, kind: d.kind, identityId: d.id }, { jobId: `integrations-sync:${d.kind}:${d.id}:${d.next_sync_at.toISOString()}` });
            return due.length;
          },
          nextDue: () => repo.nextDue(),
        },
      ],
    };
  },
});
