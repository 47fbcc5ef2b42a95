import { App, ExpressReceiver, LogLevel, SocketModeReceiver, type Authorize, type Logger as BoltLogger } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import { Router, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { SlackContext } from './context.js';
import type { EventLog } from './event-log.js';
import * as hearthCommand from './listeners/commands/hearth.js';
import * as appHomeOpened from './listeners/events/app-home-opened.js';
import * as directory from './listeners/events/directory.js';
import * as directMessages from './listeners/events/messages.js';
import * as team from './listeners/events/team.js';
import * as uninstall from './listeners/events/uninstall.js';
import { directorySync } from './jobs.js';
import { decodeIncoming } from './mrkdwn.js';
import { origin, setRequester } from './requester.js';
import { SocketModeLink } from './socket-mode.js';

/** Bolt and its clients log through our pino logger, at warn and above. */
function boltLogger(log: Logger): BoltLogger {
  const l = log.child({ module: 'bolt' });
  const text = (m: unknown[]) => m.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ');
  return {
    debug: (...m) => l.debug(text(m)),
    info: (...m) => l.debug(text(m)),
    warn: (...m) => l.warn(text(m)),
    error: (...m) => l.error(text(m)),
    setLevel: () => undefined,
    getLevel: () => LogLevel.WARN,
    setName: () => undefined,
  };
}

export interface BoltParts {
  app: App;
  /** What the HTTP app mounts: the request guard, then Bolt's routes (nothing in Socket Mode: Slack never calls in). */
  router: Router;
  /** Socket Mode: opens the connection to Slack, which Hearth keeps up (SocketModeLink). Over HTTP, nothing. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/** Slack's own limit on how far a request's timestamp may be from now, either way. */
const MAX_CLOCK_SKEW_S = 5 * 60;

/**
 * Checks Bolt leaves out, before any body is read: only `v0=` signatures, and a timestamp within five minutes
 * in either direction (Bolt refuses only old ones, so a signed request dated in the future would be replayable
 * until then). 401, nothing processed.
 */
export function slackRequestGuard(now: () => number = Date.now): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const timestamp = Number(req.get('x-slack-request-timestamp'));
    const signature = req.get('x-slack-signature') ?? '';
    if (!Number.isInteger(timestamp) || Math.abs(now() / 1000 - timestamp) > MAX_CLOCK_SKEW_S || !/^v0=[0-9a-f]{64}$/.test(signature)) {
      res.status(401).send('Unauthorized');
      return;
    }
    next();
  };
}

export interface BoltOptions {
  config: Config;
  ctx: SlackContext;
  eventLog: EventLog;
  log: Logger;
  scopes: string[];
  /** Registers the programs' listeners. */
  listeners: Array<(app: App, ctx: SlackContext) => void>;
  /** Starts a member's session on the pages (the installer's, after an OAuth install). */
  signIn: (res: Response, workspaceId: number, memberId: number) => void;
}

/**
 * Bolt 5 on an ExpressReceiver whose router we mount on our own Express app at /slack/events (events,
 * commands, interactivity) and, with OAuth, /slack/install and /slack/oauth_redirect. Signatures are checked by
 * the receiver (bad or stale → 401, nothing processed); every event is deduplicated on event_id first. In Socket
 * Mode (one workspace, SLACK_APP_TOKEN) Bolt's SocketModeReceiver takes the same requests over a WebSocket that
 * Hearth opens to Slack instead, so no public URL is needed; the listeners are the same.
 */
export function createBolt(opts: BoltOptions): BoltParts {
  const { config, ctx, eventLog, log } = opts;
  const slack = config.slack;
  // Reads inside listeners use Bolt's client; it must reach the same API as the outbox (the sandbox, or Slack).
  const clientOptions = { slackApiUrl: config.slackApiUrl };
  const logger = boltLogger(log);
  const receiver =
    slack.kind === 'socket'
      ? // apps.connections.open goes to that same API (installerOptions.clientOptions is what Bolt hands its socket
        // client). Hearth keeps the connection up itself (SocketModeLink): no reconnect of the client's own, and no
        // Web API retries under it.
        new SocketModeReceiver({ appToken: slack.appToken, logger, autoReconnectEnabled: false, installerOptions: { clientOptions: { ...clientOptions, retryConfig: { retries: 0 } } } })
      : httpReceiver(opts, slack);
  const authorize: Authorize<boolean> = async ({ teamId, enterpriseId, isEnterpriseInstall }) => {
    const installation = await ctx.installations.find({ teamId, enterpriseId, isEnterpriseInstall });
    if (!installation?.bot) throw new Error(`no installation for ${teamId ?? enterpriseId}`);
    return { botToken: installation.bot.token, botUserId: installation.bot.userId, botId: installation.bot.id, teamId, enterpriseId };
  };
  const app =
    slack.kind === 'single' || slack.kind === 'socket'
      ? new App({ receiver, logger, token: slack.botToken, clientOptions, tokenVerificationEnabled: false })
      : slack.kind === 'oauth'
        ? new App({ receiver, logger, clientOptions })
        : new App({ receiver, logger, authorize, clientOptions });

  app.use(async ({ body, next }) => {
    const eventId = (body as { event_id?: string }).event_id;
    if (!eventId) return next();
    const b = body as { team_id?: string; event?: { type?: string } };
    if (!(await eventLog.begin(eventId, b.team_id, b.event?.type))) {
      log.info({ eventId }, 'duplicate event delivery skipped');
      return;
    }
    try {
      await next();
      await eventLog.finish(eventId, true);
    } catch (err) {
      await eventLog.finish(eventId, false);
      throw err;
    }
  });

  // Slack HTML-encodes what people type (& < >): decoded here, once, before any listener reads it.
  app.use(async ({ body, next }) => {
    decodeIncoming(body);
    await next();
  });

  // The request's workspace and the member who acted, looked up once here for every listener (src/slack/requester.ts).
  // Events (every message in a busy channel among them) need no member: their listeners read the event's own user.
  app.use(async ({ body, context, next }) => {
    const from = origin(body);
    if (from) {
      const workspace = await ctx.workspaces.ensure(from.teamId, from.enterpriseId, from.teamDomain);
      const acted = from.userId && !(body as { event?: unknown }).event;
      const member = acted ? await ctx.people.bySlackId(workspace.id, from.userId!) : undefined;
      setRequester(context, { workspace, userId: from.userId, member });
    }
    await next();
  });

  app.error(async (err) => {
    log.error({ err }, 'slack listener failed');
  });

  for (const register of [hearthCommand.register, appHomeOpened.register, directory.register, directMessages.register, team.register, uninstall.register, ...opts.listeners])
    register(app, ctx);
  const socket = receiver instanceof SocketModeReceiver ? new SocketModeLink(receiver, log) : undefined;
  const router = Router();
  if (receiver instanceof ExpressReceiver) {
    router.use('/slack/events', slackRequestGuard());
    router.use(receiver.router);
  }
  // Where "Reinstall Hearth" goes (the permissions modal, the installer's notice): the install with OAuth; with one
  // workspace's token, the app's settings, where an admin reinstalls it.
  router.get('/slack/reinstall', (_req, res) => res.redirect(slack.kind === 'oauth' ? '/slack/install' : 'https://api.slack.com/apps'));
  return {
    app,
    router,
    async connect() {
      if (!socket) return;
      await socket.start();
      log.info('connected to Slack over Socket Mode');
    },
    async disconnect() {
      await socket?.stop();
    },
  };
}

/** The HTTP receiver: Slack posts to /slack/events, signed; with OAuth, installs go through /slack/install. */
function httpReceiver(opts: BoltOptions, slack: Exclude<Config['slack'], { kind: 'socket' }>): ExpressReceiver {
  const { config, ctx, log } = opts;
  return new ExpressReceiver({
    signingSecret: slack.signingSecret,
    endpoints: { events: '/slack/events' },
    processBeforeResponse: false,
    logger: boltLogger(log),
    ...(slack.kind === 'oauth'
      ? {
          clientId: slack.clientId,
          clientSecret: slack.clientSecret,
          stateSecret: slack.stateSecret,
          scopes: opts.scopes,
          installationStore: ctx.installations,
          redirectUri: `${config.publicUrl}/slack/oauth_redirect`,
          installerOptions: {
            directInstall: true,
            installPath: '/slack/install',
            redirectUriPath: '/slack/oauth_redirect',
            // oauth.v2.access goes to the same Web API as everything else (the sandbox's, in tests).
            clientOptions: { slackApiUrl: config.slackApiUrl },
            callbackOptions: {
              // Stored: read the member directory now rather than at the next tick, sign the installer in (Slack
              // named them in this very exchange, which the state cookie ties to this browser), and show them what
              // to do next.
              successAsync: async (installation, _options, _req, res) => {
                const teamId = installation.team?.id;
                const workspace = teamId ? await ctx.workspaces.byTeamId(teamId) : undefined;
                if (workspace) {
                  await ctx.queue.enqueue(directorySync, { workspaceId: workspace.id }, { jobId: `directory:${workspace.id}:install:${Date.now()}` });
                  try {
                    const { user } = await new WebClient(installation.bot?.token, { slackApiUrl: config.slackApiUrl }).users.info({ user: installation.user.id });
                    if (user) await ctx.people.upsert(workspace, [user]);
                    const member = await ctx.people.bySlackId(workspace.id, installation.user.id);
                    // Bolt hands its Express receiver's own response here.
                    if (member) opts.signIn(res as Response, workspace.id, member.id);
                  } catch (err) {
                    // Installed all the same: the success page asks them to sign in.
                    log.warn({ err }, 'could not sign the installer in');
                  }
                }
                const app = installation.appId ? `?app=${encodeURIComponent(installation.appId)}` : '';
                res.writeHead(302, { location: `/installed${app}` }).end();
              },
            },
          },
        }
      : {}),
  });
}
