import type { JobQueue } from '../../jobs/queue.js';
import type { Outbox } from '../outbox/service.js';
import type { PeopleService } from '../people/service.js';
import type { WorkspaceRepository } from '../workspaces/repository.js';
import type { SlashCommands } from './commands.js';
import type { PgInstallationStore } from './installation-store.js';

/** What Slack listeners may use: services, never SQL. */
export interface SlackContext {
  workspaces: WorkspaceRepository;
  people: PeopleService;
  installations: PgInstallationStore;
  outbox: Outbox;
  queue: JobQueue;
  commands: SlashCommands;
  adminUrl: string;
  /** Tells every capability that a workspace uninstalled Hearth (each forgets what it must, e.g. provider tokens). */
  uninstalled(workspaceId: number): Promise<void>;
}
