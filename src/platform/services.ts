import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/queue.js';
import type { ChannelService } from '../channels/service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Outbox } from '../outbox/service.js';
import type { PeopleService } from '../people/service.js';
import type { ChannelProgramService } from '../programs/service.js';
import type { Scheduler } from '../scheduler/tick.js';
import type { SlackClients } from '../slack/clients.js';
import type { EventLog } from '../slack/event-log.js';
import type { HomeService } from '../slack/home.js';
import type { PgInstallationStore } from '../slack/installation-store.js';
import type { SlashCommands } from '../slack/commands.js';
import type { Clock } from '../time/clock.js';
import type { UserService } from '../users/service.js';
import type { WorkspaceRepository } from '../workspaces/repository.js';
import type { Entitlements } from './entitlements/service.js';
import type { DomainEvents } from './events/service.js';
import type { PortHandles } from './ports.js';
import type { FileStorage } from './storage/storage.js';

/**
 * The platform's services. A capability names the ones it needs (`needs`) and receives only those; `db` is
 * for constructing its own repository, never for queries outside one.
 */
export interface PlatformServices {
  config: Config;
  log: Logger;
  clock: Clock;
  db: Db;
  queue: JobQueue;
  outbox: Outbox;
  clients: SlackClients;
  workspaces: WorkspaceRepository;
  people: PeopleService;
  channels: ChannelService;
  /** The channel-program model Intros, Watercooler and Celebrations share. */
  programs: ChannelProgramService;
  events: DomainEvents;
  entitlements: Entitlements;
  installations: PgInstallationStore;
  users: UserService;
  eventLog: EventLog;
  /** Uploaded files: the data dir, or an S3-compatible bucket (config.storage). */
  storage: FileStorage;
  /** The registries the capability declarations fill (the sandbox reads them). */
  scheduler: Scheduler;
  commands: SlashCommands;
  home: HomeService;
}

/** What a capability may name in `needs`: the platform's services and the ports other capabilities provide. */
export type CapabilityServices = PlatformServices & PortHandles;
