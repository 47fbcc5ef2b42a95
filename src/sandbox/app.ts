import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Installation } from '@slack/bolt';
import { Router } from 'express';
import { OffsetClock, flowingClock, type SettableClock } from '../time/clock.js';
import { clockFile } from './clock-file.js';
import { sandboxControls } from './controls.js';
import { ResponseUrls, responseUrlRouter } from './controls/responses.js';
import { RequestTracker } from './controls/tracker.js';
import { SlackDriver } from './driver.js';
import { seedState } from './seed.js';
import { SocketModeServer } from './socket-mode.js';
import { createSandboxApi } from './web-api.js';
import { directorySync } from '../slack/jobs.js';
import type { Sandbox } from './sandbox.js';
import { defineCapability } from '../platform/capability.js';

/**
 * The sandbox workspace: an in-process stand-in for Slack. Its state is kept in the data dir (written shortly
 * after each change) so a demo survives a restart; tests pass no dataDir and start from the seed each time.
 * Without a clock of the caller's, its clock is the wall clock plus an offset kept in the data dir, which every
 * process of the deployment (web and worker) follows.
 */
export function createSandbox(opts: { clock?: SettableClock; signingSecret: string; dataDir?: string }): Sandbox {
  const clock = opts.clock ?? new OffsetClock(Date.now, opts.dataDir ? clockFile(opts.dataDir) : undefined);
  const now = () => clock.now();
  const rateClock = flowingClock(clock);
  const state = seedState({ now });
  const file = opts.dataDir ? join(opts.dataDir, 'sandbox.json') : undefined;
  if (file && existsSync(file)) state.restore(readFileSync(file, 'utf8'));

  let timer: NodeJS.Timeout | undefined;
  const write = (path: string, text: string) => {
    writeFileSync(path + '.tmp', text);
    renameSync(path + '.tmp', path);
  };
  const flush = () => {
    if (!file) return;
    clearTimeout(timer);
    timer = undefined;
    write(file, state.snapshot());
  };
  if (file)
    state.subscribe(() => {
      timer ??= setTimeout(flush, 500);
      timer.unref();
    });

  let appUrl: string | undefined;
  const responses = new ResponseUrls(state, now);
  const tracker = new RequestTracker();
  const socket = new SocketModeServer();
  const sandbox: Sandbox = {
    state,
    clock,
    api: createSandboxApi({ state, now, rateNow: () => rateClock.now(), socket }),
    socket,
    driver: () => {
      if (!appUrl) throw new Error('the sandbox does not know the app URL yet');
      return new SlackDriver(`${appUrl}/slack/events`, opts.signingSecret, Date.now, {
        app: (teamId) => {
          const ws = state.workspace(teamId);
          return ws && { appId: ws.appId, botUserId: ws.botUserId, domain: ws.domain, ...(ws.enterpriseId ? { enterpriseId: ws.enterpriseId } : {}) };
        },
        channelName: (teamId, channelId) => {
          const channel = state.channel(teamId, channelId);
          if (!channel) return undefined;
          return channel.is_im ? 'directmessage' : channel.is_mpim || channel.is_private ? 'privategroup' : channel.name;
        },
        userName: (teamId, userId) => state.member(teamId, userId)?.name,
      }, socket);
    },
    setAppUrl: (url) => {
      appUrl = url;
      responses.setBase(url);
    },
    responses,
    tracker,
    async bootstrap(services) {
      for (const ws of state.workspaceList()) {
        const installation: Installation = {
          team: { id: ws.id, name: ws.name },
          enterprise: ws.enterpriseId ? { id: ws.enterpriseId, name: ws.enterpriseName } : undefined,
          user: { id: ws.defaultUserId, token: undefined, scopes: undefined },
          bot: { token: ws.botToken, userId: ws.botUserId, id: ws.botId, scopes: ws.botScopes },
          appId: ws.appId,
          isEnterpriseInstall: false,
        };
        const existing = await services.installations.find({ teamId: ws.id });
        if (existing?.bot?.token === ws.botToken) continue;
        await services.installations.storeInstallation(installation);
        const workspace = (await services.workspaces.byTeamId(ws.id))!;
        await services.queue.enqueue(directorySync, { workspaceId: workspace.id }, { jobId: `directory:${workspace.id}:install` });
      }
    },
    reset() {
      responses.clear();
      state.restore(seedState({ now }).snapshot());
      flush();
    },
    flush,
    hearthOptions: () => ({
      clock,
      // The sandbox's Slack counts its rate windows on the sandbox clock: Hearth paces on the same one.
      rateClock,
      beforeSession: [responseUrlRouter(responses), Router().use('/sandbox/api', sandbox.api)],
      capabilities: [
        defineCapability({
          name: 'sandbox',
          // The sandbox drives everything, so it sees every service (nothing in the app imports it).
          needs: ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements', 'installations', 'users', 'eventLog', 'scheduler', 'commands', 'home', 'storage'],
          setup: (services) => ({ routes: [sandboxControls(sandbox, services)], listeners: [(app) => app.use(tracker.middleware())] }),
        }),
      ],
    }),
  };
  return sandbox;
}
