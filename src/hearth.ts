import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '@slack/bolt';
import type { Express, Router } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { BullmqQueue } from '../jobs/bullmq-queue.js';
import { assertHandlers, type JobHandlers } from '../jobs/catalogue.js';
import { buildHandlers } from '../jobs/handlers.js';
import { InProcessQueue } from '../jobs/in-process-queue.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Config } from './config.js';
import { openDatabase, pgliteDirFor, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { authRouter } from './http/auth.js';
import { createHttpApp } from './http/app.js';
import { channelListeners } from './channels/listeners.js';
import { channelRoutes } from './channels/routes.js';
import { ChannelService } from './channels/service.js';
import { programRoutes } from './programs/routes.js';
import { ChannelProgramService } from './programs/service.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './outbox/rate-limits.js';
import { Outbox } from './outbox/service.js';
import { peopleRoutes } from './people/routes.js';
import { PeopleService } from './people/service.js';
import { Scheduler } from './scheduler/tick.js';
import { createBolt } from './slack/bolt.js';
import { SlackClients } from './slack/clients.js';
import { SlashCommands } from './slack/commands.js';
import type { SlackContext } from './slack/context.js';
import { EventLog } from './slack/event-log.js';
import { HomeService } from './slack/home.js';
import { PgInstallationStore } from './slack/installation-store.js';
import { systemClock, type Clock } from './time/clock.js';
import { userRoutes } from './users/routes.js';
import { UserService } from './users/service.js';
import { WorkspaceRepository } from './workspaces/repository.js';
import { projectRoot } from './paths.js';
import { programPlugins } from './plugins.js';

const manifest = JSON.parse(readFileSync(join(projectRoot(), 'manifest.json'), 'utf8')) as {
  oauth_config?: { scopes?: { bot?: string[] } };
};

/** Services every program builds on. Programs receive this and register routes, listeners and due sources. */
export interface Services {
  config: Config;
  log: Logger;
  clock: Clock;
  db: DbHandle['db'];
  queue: JobQueue;
  outbox: Outbox;
  clients: SlackClients;
  workspaces: WorkspaceRepository;
  people: PeopleService;
  channels: ChannelService;
  programs: ChannelProgramService;
  installations: PgInstallationStore;
  scheduler: Scheduler;
  commands: SlashCommands;
  home: HomeService;
  users: UserService;
  eventLog: EventLog;
}

/** What a capability adds to the app: HTTP routes, Slack listeners and handlers for its jobs. */
export interface PluginParts {
  routers?: Router[];
  listeners?: Array<(app: App, ctx: SlackContext) => void>;
  jobs?: Partial<JobHandlers>;
}

/**
 * A capability (Intros, Watercooler, Celebrations …): given the shared services it registers its program
 * kind, due sources, subcommands and home section, and returns its parts.
 */
export type HearthPlugin = (services: Services) => PluginParts | void;

export interface Hearth {
  services: Services;
  http: Express;
  bolt: App;
  /** Start consuming jobs and the cluster-wide tick (worker role). */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface HearthOptions {
  clock?: Clock;
  /** A database already open (tests); otherwise from config. */
  database?: DbHandle;
  /** A queue already made (tests); otherwise BullMQ with REDIS_URL, in-process without. */
  queue?: JobQueue;
  /** Slack request timeout (tests shorten it). */
  slackTimeoutMs?: number;
  /** Keeps Redis keys (queue, rate limits) of several apps on one Redis apart (tests). */
  redisPrefix?: string;
  /** Extra routers mounted before the session (the sandbox's Slack stand-in). */
  beforeSession?: Router[];
  routers?: Router[];
  pages?: Parameters<typeof createHttpApp>[0]['pages'];
  /** More plugins after the built-in ones (the sandbox's controls, test-only listeners). */
  plugins?: HearthPlugin[];
}

export async function createHearth(config: Config, log: Logger, opts: HearthOptions = {}): Promise<Hearth> {
  const clock = opts.clock ?? systemClock;
  const database =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), onPoolError: (err) => log.warn({ err }, 'idle database connection lost') }));
  await migrateToLatest(database.db);
  const db = database.db;

  let redis: Redis | undefined;
  let queue = opts.queue;
  if (!queue) {
    if (config.redisUrl) queue = new BullmqQueue(config.redisUrl, log, { prefix: opts.redisPrefix });
    else {
      log.warn('REDIS_URL is not set: jobs run in this process and are not durable (Postgres still holds every schedule and message)');
      queue = new InProcessQueue(log);
    }
  }
  let limiter: RateLimiter;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    limiter = new RedisRateLimiter(redis, `${opts.redisPrefix ?? 'hearth'}:rl:`);
  } else limiter = new MemoryRateLimiter();

  const workspaces = new WorkspaceRepository(db, clock);
  const installations = new PgInstallationStore(db, config.encryptionKey, clock);
  const clients = new SlackClients(config, workspaces, installations, opts.slackTimeoutMs);
  const people = new PeopleService(db, clock);
  const channels = new ChannelService(db, clock);
  const outbox = new Outbox({ db, queue, clock, limiter, log, clientFor: (id) => clients.forWorkspace(id) });
  const scheduler = new Scheduler(clock, log);
  const programs = new ChannelProgramService(db, clock, outbox);
  const commands = new SlashCommands();
  const home = new HomeService(db, outbox, config.publicUrl);
  const users = new UserService(db, clock);
  const eventLog = new EventLog(db);
  const services: Services = { config, log, clock, db, queue, outbox, clients, workspaces, people, channels, programs, installations, scheduler, commands, home, users, eventLog };

  scheduler.register({ name: 'outbox', collect: async () => (await outbox.sweep()).enqueued, nextDue: () => outbox.nextDue() });
  scheduler.register({ name: 'members', collect: (now) => dueMemberSyncs(services, now), nextDue: () => nextMemberSync(services) });

  const pluginRouters: Router[] = [];
  const pluginListeners: Array<(app: App, ctx: SlackContext) => void> = [channelListeners(channels)];
  const pluginJobs: Partial<JobHandlers> = {};
  for (const plugin of [...programPlugins, ...(opts.plugins ?? [])]) {
    const out = plugin(services);
    if (out?.routers) pluginRouters.push(...out.routers);
    if (out?.listeners) pluginListeners.push(...out.listeners);
    if (out?.jobs) Object.assign(pluginJobs, out.jobs);
  }
  // Start-up refuses a job in the catalogue without a handler.
  const handlers = { ...buildHandlers(services), ...pluginJobs };
  assertHandlers(handlers);

  const ctx: SlackContext = { workspaces, people, installations, outbox, queue, commands, adminUrl: config.publicUrl };
  const { app: bolt, receiver } = createBolt({ config, ctx, eventLog, log, scopes: manifest.oauth_config?.scopes?.bot ?? [], listeners: pluginListeners });

  const session = { secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') };
  const oidc =
    config.slack.kind === 'oauth'
      ? { clientId: config.slack.clientId, clientSecret: config.slack.clientSecret }
      : config.slack.kind === 'single'
        ? config.slack.signIn
        : undefined;
  const http = createHttpApp({
    log,
    session,
    db,
    ready: async () => {
      const checks = { database: await db.selectFrom('workspaces').select('id').limit(1).execute().then(() => true, () => false), queue: await queue.ping() };
      return { ok: checks.database && checks.queue, checks };
    },
    slack: receiver.router,
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
      }),
      userRoutes(users),
      channelRoutes({ db, channels, outbox, now: () => clock.now() }),
      peopleRoutes(db),
      programRoutes(programs),
      ...pluginRouters,
      ...(opts.routers ?? []),
    ],
    pages: opts.pages,
  });

  return {
    services,
    http,
    bolt,
    async startWorker() {
      await queue.work(handlers);
      await queue.repeat('tick', 60_000, {});
    },
    async close() {
      await queue.close();
      await redis?.quit().catch(() => redis?.disconnect());
      if (!opts.database) await database.close();
    },
  };
}

async function nextMemberSync(s: Services): Promise<Date | null> {
  const row = await s.db
    .selectFrom('workspaces')
    .select((eb) => [eb.fn.min('members_synced_at').as('oldest'), eb.fn.countAll<number>().filterWhere('members_synced_at', 'is', null).as('never')])
    .where('paused_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (Number(row.never) > 0) return s.clock.now();
  return row.oldest ? new Date(new Date(row.oldest).getTime() + 24 * 3600_000) : null;
}

/** Daily directory refresh: claim workspaces not synced for a day (SKIP LOCKED) and enqueue their sync. */
async function dueMemberSyncs(s: Services, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const claimed = await s.db.transaction().execute(async (trx) =>
    trx
      .updateTable('workspaces')
      .set({ members_synced_at: now })
      .where(
        'id',
        'in',
        trx
          .selectFrom('workspaces')
          .select('id')
          .where('paused_at', 'is', null)
          .where((eb) => eb.or([eb('members_synced_at', 'is', null), eb('members_synced_at', '<', dayAgo)]))
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .execute(),
  );
  const day = now.toISOString().slice(0, 10);
  for (const w of claimed) await s.queue.enqueue('directory.sync', { workspaceId: w.id }, { jobId: `directory:${w.id}:${day}` });
  return claimed.length;
}
