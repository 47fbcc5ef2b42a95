import type { ChannelProgram, ProgramType } from '../db/types.js';
import type { Trx } from '../db/index.js';

export type Controller = 'coffee' | 'watercooler' | 'celebrations';

export interface ProgramTemplate {
  id: string;
  name: string;
  description: string;
  type: ProgramType;
  /** Shipped with Hearth (hidden by hide_defaults=true). */
  is_default: boolean;
  /** Settings the kind applies when creating from this template. */
  settings: Record<string, unknown>;
}

export interface ProgramSummary {
  numParticipants: number;
  /** The next scheduled run, or null when paused or unscheduled. */
  nextOccurrenceAt: Date | null;
}

/**
 * What each channel program kind (Intros, Watercooler, Celebrations) plugs into the shared model: its
 * templates, its own configuration, its summary for lists and what "send now" does.
 */
export interface ProgramKind {
  type: ProgramType;
  controller: Controller;
  label: string;
  templates: ProgramTemplate[];
  /** Plan limits and other rules before a program is created; throws HttpError (402, 400). */
  checkCreate(workspaceId: number, channelId: string): Promise<void>;
  /** The kind's configuration for a new program, in the creating transaction. */
  createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void>;
  summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>>;
  /** Starts the program's run now (off the request path); completion is recorded with markSendNowComplete. */
  sendNow(program: ChannelProgram): Promise<void>;
  /** Where the admin page of a program lives. */
  pagePath(id: number): string;
}
