import type { App } from '@slack/bolt';
import type { Router } from 'express';
import type { BoundJob } from '../../jobs/definition.js';
import type { ProgramKind } from '../programs/kinds.js';
import type { DueSource } from '../scheduler/tick.js';
import type { Subcommand } from '../slack/commands.js';
import type { SlackContext } from '../slack/context.js';
import type { HomeSection } from '../slack/home.js';
import type { DataExportPart } from './data/define.js';
import type { DonutImporter } from './data/donut.js';
import type { Subscriber } from './events/define.js';
import type { Ports } from './ports.js';
import type { CapabilityServices } from './services.js';

/** Registers Bolt listeners (actions, views, events) on the app. */
export type SlackListeners = (app: App, ctx: SlackContext) => void;

/** What a capability adds to Hearth. Every part is optional. */
export interface CapabilityParts {
  /** Its jobs: `someJob.handle(fn)` for each job type it defines (start-up refuses one with no handler). */
  jobs?: BoundJob[];
  /** Its share of the once-a-minute scheduler tick. */
  dueSources?: DueSource[];
  /** `/hearth <name>` subcommands (start-up refuses a name used twice). */
  commands?: Subcommand[];
  /** Its section of each member's Home tab, in the order of the capability list. */
  home?: HomeSection;
  /** Express routers for its JSON API. */
  routes?: Router[];
  /** Its Slack listeners. */
  listeners?: SlackListeners[];
  /** Domain-event subscribers, run as jobs: each event once, in order per workspace. */
  subscribers?: Subscriber[];
  /** A channel program kind (Intros, Watercooler, Celebrations), for the programs that are one. */
  programKind?: ProgramKind;
  /**
   * Called once a workspace uninstalled Hearth (app_uninstalled, tokens_revoked): what it must forget at once,
   * such as provider credentials. Its jobs already stop (no job runs for a paused workspace).
   */
  uninstalled?: (workspaceId: number) => Promise<void>;
  /**
   * Its tables in the workspace's open data export and import (src/platform/data/define.ts,
   * docs/data-format.md): a few lines per table — its name, how its rows belong to a workspace, its id and
   * the columns that refer to other tables' ids.
   */
  dataExport?: DataExportPart;
  /** Its part of the Donut import (src/platform/data/donut.ts): the Donut files of data it owns. */
  donutImport?: DonutImporter;
  /**
   * Ports it offers the others (src/platform/ports.ts): the platform resolves them after every capability is set
   * up, and a consumer that names one in `needs` gets it, or null when no capability provides it.
   */
  provides?: Partial<Ports>;
}

export type ServiceName = keyof CapabilityServices;

/**
 * A capability: one value the platform reads. `needs` names the platform services and ports it uses; `setup` receives
 * exactly those and builds the capability's services and parts. The platform imports no capability: the list
 * of capabilities lives in `src/capabilities.ts`.
 */
export interface Capability<K extends ServiceName = ServiceName> {
  name: string;
  needs: readonly K[];
  setup(services: Pick<CapabilityServices, K>): CapabilityParts;
}

export function defineCapability<const K extends ServiceName>(capability: Capability<K>): Capability<K> {
  return capability;
}

/** Hands a capability only what it declared it needs. */
export function servicesFor<K extends ServiceName>(capability: Capability<K>, all: CapabilityServices): Pick<CapabilityServices, K> {
  const picked = {} as Pick<CapabilityServices, K>;
  for (const key of capability.needs) picked[key] = all[key];
  return picked;
}
