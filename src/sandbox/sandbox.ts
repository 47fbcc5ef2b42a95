import type { Router } from 'express';
import type { HearthOptions } from '../hearth.js';
import type { PlatformServices } from '../platform/services.js';
import type { SettableClock } from '../time/clock.js';
import type { ResponseUrls } from './controls/responses.js';
import type { RequestTracker } from './controls/tracker.js';
import type { SlackDriver } from './driver.js';
import type { SocketModeServer } from './socket-mode.js';
import type { SandboxState } from './state.js';

/** The sandbox workspace as the app, its controls and the tests see it (made by createSandbox in app.ts). */
export interface Sandbox {
  state: SandboxState;
  clock: SettableClock;
  /** The Web API stand-in, mounted at /sandbox/api before the session middleware. */
  api: Router;
  /** Socket Mode: the loopback WebSocket server apps.connections.open links to (started by the first link). */
  socket: SocketModeServer;
  /** Sends signed requests to this app's /slack/events; set once the app listens. */
  driver(): SlackDriver;
  setAppUrl(url: string): void;
  /** The response_url hooks handed to the app with commands and message interactions. */
  responses: ResponseUrls;
  /** Knows when the app's listeners have finished a request the sandbox sent. */
  tracker: RequestTracker;
  /** Puts the seeded workspaces in Hearth's database as if installed through OAuth, and syncs them. */
  bootstrap(services: PlatformServices): Promise<void>;
  /** Back to the seed (the Slack side; Hearth's own data stays). */
  reset(): void;
  flush(): void;
  /** What createHearth needs to run on this sandbox: its clock, the Web API and the controls. */
  hearthOptions(): Pick<HearthOptions, 'clock' | 'rateClock' | 'beforeSession' | 'capabilities'>;
}
