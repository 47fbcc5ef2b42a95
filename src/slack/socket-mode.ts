import type { SocketModeReceiver } from '@slack/bolt';
import type { Logger } from 'pino';
import { ConfigError } from '../config.js';

/** How long to wait before trying to connect again: doubling from the first wait up to the longest. */
const BACKOFF = { firstMs: 1_000, maxMs: 60_000 };

/**
 * Hearth's Socket Mode connection, kept up by Hearth rather than by the Socket Mode client. That client's own
 * reconnect (`delayReconnectAttempt` in @slack/socket-mode 3) calls `start()` with no catch, so a failure while it
 * reconnects — apps.connections.open answering an error, or not at all — is an unhandled rejection and the process
 * exits. Its reconnect is off (the receiver is made with `autoReconnectEnabled: false` and no Web API retries for
 * apps.connections.open): when the connection closes, this tries again, logging each failure, with backoff, until
 * it is back or Hearth stops. Only the first connection gives up, and only on Slack's refusal (a wrong app token):
 * start-up then stops with what to fix.
 */
export class SocketModeLink {
  private stopped = false;
  /** A connect loop is running: a close seen meanwhile is its own attempt failing, not a new disconnection. */
  private busy = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly receiver: SocketModeReceiver,
    private readonly log: Logger,
  ) {
    receiver.client.on('disconnected', () => {
      if (this.stopped || this.busy) return;
      this.log.warn('Socket Mode connection to Slack closed; reconnecting');
      void this.connect(false);
    });
  }

  start(): Promise<void> {
    this.stopped = false;
    return this.connect(true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.receiver.stop();
  }

  private async connect(first: boolean): Promise<void> {
    this.busy = true;
    try {
      for (let attempt = 0; !this.stopped; attempt++) {
        try {
          await this.receiver.start();
          if (!first) this.log.info('reconnected to Slack over Socket Mode');
          return;
        } catch (err) {
          if (first && slackRefused(err)) throw socketModeError(err);
          const waitMs = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** attempt);
          this.log.warn({ err, waitMs }, 'could not connect to Slack over Socket Mode; trying again');
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, waitMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
    } finally {
      this.busy = false;
      this.wake = undefined;
    }
  }
}

/** Slack answered, and said no (its error code): trying again will not help. */
function slackRefused(err: unknown): boolean {
  return typeof (err as { data?: { error?: unknown } } | undefined)?.data?.error === 'string';
}

/** Why Socket Mode could not start, in words a person can act on: Slack's error names what to fix. */
function socketModeError(err: unknown): Error {
  const code = (err as { data?: { error?: unknown } }).data?.error;
  return new ConfigError(
    'SLACK_APP_TOKEN',
    `was refused by Slack (${String(code)}): it must be an app-level token (xapp-…) of this app with the connections:write scope, and Socket Mode must be on in the app's settings`,
  );
}
