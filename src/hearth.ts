import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '@slack/bolt';
import type { Express, Router } from 'express';
import { Redis } from 'ioredis';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import { BullmqQueue } from '../jobs/bullmq-queue.js';
import { JobRegistry } from '../jobs/definition.js';
import { InProcessQueue } from '../jobs/in-process-queue.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Config } from './config.js';
import { openDatabase, pgliteDirFor, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { authRouter, startSession } from './http/auth.js';
import { openApiDocument, openApiRoutes } from './http/openapi.js';
import { createHttpApp, createOpsApp, type OpsParts } from './http/app.js';
import { ChannelService, INVITE_KIND, JOIN_KIND } from './channels/service.js';
import { ChannelProgramService } from './programs/service.js';
import { LimiterPacer, MemoryRateLimiter, RedisRateLimiter, type RateLimiter, type SlackRate } from './outbox/rate-limits.js';
import { Outbox } from './outbox/service.js';
import { PeopleService } from './people/service.js';
import { Scheduler } from './scheduler/tick.js';
import { createBolt } from './slack/bolt.js';
import type { WebClient } from '@slack/web-api';
import { SlackClients, slackTokenRefresher } from './slack/clients.js';
import { SlashCommands } from './slack/commands.js';
import type { SlackContext } from './slack/context.js';
import { EventLog } from './slack/event-log.js';
import { HomeService } from './slack/home.js';
import { PgInstallationStore } from './slack/installation-store.js';
import { systemClock, type Clock } from './time/clock.js';
import { UserService } from './users/service.js';
import { WorkspaceRepository } from './workspaces/repository.js';
import { projectRoot } from './paths.js';
import { capabilities } from './capabilities.js';
import { servicesFor, type Capability, type CapabilityParts, type ServiceName } from './platform/capability.js';
import { platformCapability } from './platform/core.js';
import { Entitlements } from './platform/entitlements/service.js';
import { DomainEvents } from './platform/events/service.js';
import { HearthMetrics } from './platform/metrics.js';
import { PortRegistry, type PortHandles } from './platform/ports.js';
import type { PlatformServices } from './platform/services.js';
import { storageFor } from './platform/storage/storage.js';
import { DonutImport } from './platform/data/donut.js';
import { openDataRoutes } from './platform/data/routes.js';
import { OpenData } from './platform/data/service.js';
import { myDataSlack } from './platform/data/slack.js';
import { tick } from './scheduler/jobs.js';

const manifest = JSON.parse(readFileSync(join(projectRoot(), 'manifest.json'), 'utf8')) as {
  oauth_config?: { scopes?: { bot?: string[] } };
};
const { version } = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string };

export interface Hearth {
  services: PlatformServices;
  /** The ports capabilities provide one another, resolved. */
  ports: PortHandles;
  http: Express;
  /** /healthz, /readyz and /metrics alone: what a worker-only process serves. */
  ops: Express;
  bolt: App;
  /** Start consuming jobs and the cluster-wide tick (worker role). */
  startWorker(): Promise<void>;
  /**
   * Socket Mode: connect to Slack, once the pages listen (web role); over HTTP, nothing to do. A token Slack refuses
   * is a ConfigError naming SLACK_APP_TOKEN.
   */
  connectSlack(): Promise<void>;
  close(): Promise<void>;
}

export interface HearthOptions {
  clock?: Clock;
  /** The clock Slack's rate windows run on, when not the wall clock: the sandbox's, whose Slack keeps time by it. */
  rateClock?: Clock;
  /** Slack's rates replaced for some methods (the delivery bench scales them down with the sandbox's). */
  slackRates?: Record<string, SlackRate>;
  /** A database already open (tests); otherwise from config. */
  database?: DbHandle;
  /** A queue already made (tests); otherwise BullMQ with REDIS_URL, in-process without. */
  queue?: JobQueue;
  /** Slack request timeout (tests shorten it). */
  slackTimeoutMs?: number;
  /** Keeps Redis keys (queue, rate limits) of several apps on one Redis apart (tests). */
  redisPrefix?: string;
  /** How often the scheduler tick runs (tests shorten it); once a minute by default. */
  tickEveryMs?: number;
  /** node-cron expression of the tick watchdog; every 30 seconds by default. */
  watchdogCron?: string;
  /** Extra routers mounted before the session (the sandbox's Slack stand-in). */
  beforeSession?: Router[];
  routers?: Router[];
  pages?: Parameters<typeof createHttpApp>[0]['pages'];
  /** More capabilities after the built-in ones (the sandbox's controls, test-only listeners). */
  capabilities?: Array<Capability<ServiceName>>;
}

export async function createHearth(config: Config, log: Logger, opts: HearthOptions = {}): Promise<Hearth> {
  const clock = opts.clock ?? systemClock;
  const database =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), onPoolError: (err) => log.warn({ err }, 'idle database connection lost') }));
  await migrateToLatest(database.db);
  const db = database.db;

  const redisPrefix = opts.redisPrefix ?? config.redisPrefix;
  const tickEveryMs = opts.tickEveryMs ?? 60_000;
  let watchdog: ScheduledTask | undefined;
  let redis: Redis | undefined;
  let queue = opts.queue;
  if (!queue) {
    if (config.redisUrl) queue = new BullmqQueue(config.redisUrl, log, { prefix: redisPrefix });
    else {
      log.warn('REDIS_URL is not set: jobs run in this process and are not durable (Postgres still holds every schedule and message)');
      queue = new InProcessQueue(log);
    }
  }
  let limiter: RateLimiter;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    limiter = new RedisRateLimiter(redis, `${redisPrefix ?? 'hearth'}:rl:`);
  } else limiter = new MemoryRateLimiter();

  const workspaces = new WorkspaceRepository(db, clock);
  // Bolt's authorize refreshes through the store, with the same refresher and lock as the app's own clients.
  const installations = new PgInstallationStore(db, config.encryptionKey, clock, slackTokenRefresher(config.slack, (): WebClient => clients.anonymous()));
  // When the scheduler tick last ran and how long ago: /healthz and /metrics report it.
  const lastTick = async () => {
    const at = await queue.lastBeat(tick.name).catch(() => null);
    return { at, ageSeconds: at ? Math.round((clock.now().getTime() - at.getTime()) / 1000) : null };
  };
  const metrics = new HearthMetrics({ db, clock, tickAgeSeconds: async () => (await lastTick()).ageSeconds });
  const rateClock = opts.rateClock;
  const pacer = new LimiterPacer(limiter, rateClock ? () => rateClock.now().getTime() : Date.now, opts.slackRates);
  const clients = new SlackClients(config, workspaces, installations, metrics, pacer, opts.slackTimeoutMs);
  const events = new DomainEvents(db, queue, clock, log);
  const people = new PeopleService(db, clock, events);
  const channels = new ChannelService(db, clock, events);
  const outbox = new Outbox({ db, queue, clock, limiter, log, clientFor: (id) => clients.forWorkspace(id, { unpaced: true }),
    refreshToken: (id, expired) => clients.refreshExpired(id, expired),
    publicUrl: config.publicUrl, rateClock, rates: opts.slackRates });
  events.onCommitted((trx) => outbox.kickAddedIn(trx));
  outbox.onSent(INVITE_KIND, (row, result) => channels.invited(row, result).then(() => undefined));
  // Hearth joined a channel (a program started there): it is a member now, before Slack's event says so.
  outbox.onSent(JOIN_KIND, (row) => channels.update(row.workspace_id, String((row.payload as { channel?: string }).channel), { bot_is_member: true }));
  const entitlements = new Entitlements(db, clock);
  const programs = new ChannelProgramService(db, clock, outbox, entitlements, events, config.publicUrl);
  // Ports: handed out now, resolved once every capability has said what it provides.
  const ports = new PortRegistry();
  const services: PlatformServices = {
    config,
    log,
    clock,
    db,
    queue,
    outbox,
    clients,
    workspaces,
    people,
    channels,
    programs,
    events,
    entitlements,
    installations,
    users: new UserService(db, clock, ports.handles, entitlements),
    eventLog: new EventLog(db),
    storage: storageFor(config.storage),
    scheduler: new Scheduler(clock, log),
    commands: new SlashCommands(),
    home: new HomeService(db, outbox, config.publicUrl),
  };

  // Each capability gets only the services it declared, and contributes its parts.
  const parts: CapabilityParts[] = [];
  const names = new Set<string>();
  const exports: Array<{ capability: string; dataExport?: CapabilityParts['dataExport'] }> = [];
  for (const capability of [platformCapability, ...capabilities, ...(opts.capabilities ?? [])]) {
    if (names.has(capability.name)) throw new Error(`capability "${capability.name}" is listed twice`);
    names.add(capability.name);
    const part = capability.setup(servicesFor(capability, { ...services, ...ports.handles }));
    if (part.provides) ports.provide(capability.name, part.provides);
    parts.push(part);
    exports.push({ capability: capability.name, dataExport: part.dataExport });
  }
  ports.resolve();
  // Open data: every capability's declared tables, in the capabilities' order (start-up refuses a table
  // declared twice or one that refers to a table declared after it).
  const openData = new OpenData(db, events, clock, OpenData.tablesOf(exports));
  const donut = new DonutImport(db, events, clock, parts.flatMap((p) => (p.donutImport ? [p.donutImport] : [])));
  // A member's data rights from Slack (`/hearth my-data`); the pages use openDataRoutes.
  const myData = myDataSlack(openData, people, workspaces, config.publicUrl);
  services.commands.register(myData.command);
  for (const p of parts) {
    if (p.programKind) programs.register(p.programKind);
    for (const source of p.dueSources ?? []) services.scheduler.register(source);
    for (const command of p.commands ?? []) services.commands.register(command);
    if (p.home) services.home.register(p.home);
  }
  const subscribers = parts.flatMap((p) => p.subscribers ?? []);
  events.setSubscribers(subscribers);
  metrics.setSubscribers(subscribers);
  // This app's job catalogue: start-up refuses a job handled twice, and the queue refuses to enqueue a job type
  // the catalogue does not handle. A paused workspace (it uninstalled Hearth) runs no job: nothing of it reaches Slack or a provider. The due
  // rows stay, so a reinstall resumes them.
  const registry = new JobRegistry(parts.flatMap((p) => p.jobs ?? []), metrics, async (_name, payload) => {
    const workspaceId = (payload as { workspaceId?: unknown } | undefined)?.workspaceId;
    return typeof workspaceId !== 'number' || !(await workspaces.byId(workspaceId))?.paused_at;
  });
  queue.use(registry);

  const onUninstall = parts.flatMap((p) => (p.uninstalled ? [p.uninstalled] : []));
  const ctx: SlackContext = {
    workspaces,
    people,
    installations,
    outbox,
    queue,
    commands: services.commands,
    adminUrl: config.publicUrl,
    uninstalled: async (workspaceId) => {
      for (const forget of onUninstall) await forget(workspaceId);
    },
  };
  const session = { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') };
  const { app: bolt, router: slackRouter, connect: connectSlack, disconnect: disconnectSlack } = createBolt({ config, ctx, eventLog: services.eventLog, log, scopes: manifest.oauth_config?.scopes?.bot ?? [], listeners: [...parts.flatMap((p) => p.listeners ?? []), myData.listener], signIn: (res, w, m) => startSession(res, session, w, m) });

  const oidc =
    config.slack.kind === 'oauth'
      ? { clientId: config.slack.clientId, clientSecret: config.slack.clientSecret }
      : config.slack.kind === 'single' || config.slack.kind === 'socket'
        ? config.slack.signIn
        : undefined;
  const ops: OpsParts = {
    ready: async () => {
      const checks = { database: await workspaces.ping(), queue: await queue.ping() };
      return { ok: checks.database && checks.queue, checks };
    },
    health: async () => {
      const { at, ageSeconds } = await lastTick();
      return { tick: { last_at: at?.toISOString() ?? null, age_seconds: ageSeconds } };
    },
    metrics: { token: config.metricsToken, scrape: () => metrics.scrape() },
  };
  // The JSON API: the capabilities' routers and the platform's; the OpenAPI document is generated from their schemas.
  const apiRouters = [...parts.flatMap((p) => p.routes ?? []), openDataRoutes(openData, donut)];
  let openapi: ReturnType<typeof openApiDocument> | undefined;
  const http = createHttpApp({
    log,
    session,
    db,
    ...ops,
    slack: slackRouter,
    beforeSession: opts.beforeSession,
    routers: [
      authRouter({
        session,
        publicUrl: config.publicUrl,
        oidc: oidc && { ...oidc, authorizeUrl: 'https://slack.com/openid/connect/authorize' },
        sandbox: config.sandboxEnabled,
        clients,
        workspaces,
        people,
        switchTarget: (auth, teamId) => services.users.switchTarget(auth, teamId),
      }),
      ...apiRouters,
      openApiRoutes(() => (openapi ??= openApiDocument(apiRouters, { version, serverUrl: config.publicUrl }))),
      ...(opts.routers ?? []),
    ],
    pages: opts.pages,
    checkResponses: config.env === 'test',
  });

  return {
    services,
    ports: ports.handles,
    http,
    ops: createOpsApp(ops),
    bolt,
    connectSlack,
    async startWorker() {
      await queue.work();
      await queue.repeat(tick, tickEveryMs, {});
      // Redis may lose everything (FLUSHDB, a failover without persistence): the tick's job scheduler with it.
      // A process-local watchdog puts it back; the next tick re-creates all due work from Postgres.
      watchdog = cron.schedule(opts.watchdogCron ?? '*/30 * * * * *', async () => {
        try {
          if (await queue.isRepeating(tick)) return;
          log.warn('the scheduler tick was not scheduled (Redis lost it?): scheduling it again');
          await queue.repeat(tick, tickEveryMs, {});
        } catch (err) {
          log.warn({ err }, 'tick watchdog could not check the queue');
        }
      });
    },
    async close() {
      await disconnectSlack();
      await watchdog?.stop();
      await queue.close();
      await redis?.quit().catch(() => redis?.disconnect());
      if (!opts.database) await database.close();
    },
  };
}
