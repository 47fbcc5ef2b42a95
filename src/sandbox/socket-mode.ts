import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * Slack's Socket Mode, on a loopback WebSocket server: `apps.connections.open` hands out a one-time link, the app
 * connects, Slack says `hello`, then sends each event, slash command and interaction as an envelope and waits for
 * the app's ack (`{ envelope_id, payload? }`). The server starts at the first link asked for.
 */

export type EnvelopeType = 'events_api' | 'slash_commands' | 'interactive';

/** What came of one delivery: the app's ack (with the payload it answered, if any), or none in time. */
export type Delivery = { acked: true; payload?: Record<string, unknown> } | { acked: false };

/** Slack waits three seconds for an ack. */
export const ACK_TIMEOUT_MS = 3_000;
/** An event nobody acked is sent again, three times (Slack spaces them over minutes; the sandbox does not wait). */
const EVENT_RETRIES = 3;
/** Slack pings each connection; a client that hears no ping for 30 seconds drops it. */
const PING_EVERY_MS = 10_000;
/** A link is good for one connection, soon after it was handed out. */
const TICKET_TTL_MS = 30_000;
/** A connection told to go (`disconnect`) is closed by Slack if the app has not closed it by then. */
const DISCONNECT_GRACE_MS = 1_000;
const HOST = 'sandbox-applink';

export type DisconnectReason = 'warning' | 'refresh_requested' | 'link_disabled';

export class SocketModeServer {
  private listening?: Promise<{ server: Server; wss: WebSocketServer; base: string }>;
  private readonly tickets = new Map<string, { appId: string; expiresAt: number }>();
  private readonly connections = new Map<string, Set<WebSocket>>();
  private readonly acks = new Map<string, (delivery: Delivery) => void>();

  constructor(private readonly opts: { ackTimeoutMs?: number } = {}) {}

  /** apps.connections.open: a link for one connection of this app. */
  async open(appId: string): Promise<string> {
    const { base } = await (this.listening ??= this.listen());
    const ticket = randomBytes(16).toString('hex');
    this.tickets.set(ticket, { appId, expiresAt: Date.now() + TICKET_TTL_MS });
    return `${base}/link/?ticket=${ticket}&app_id=${encodeURIComponent(appId)}`;
  }

  connected(appId: string): boolean {
    return this.live(appId).length > 0;
  }

  /**
   * Sends one envelope to a connection of the app and waits for its ack; `undefined` when the app has no
   * connection (Slack then posts to its Request URL instead). An event nobody acks is sent again with
   * `retry_attempt` and `retry_reason: 'timeout'`.
   */
  async deliver(appId: string, type: EnvelopeType, payload: Record<string, unknown>, retry?: { attempt: number; reason: string }): Promise<Delivery | undefined> {
    if (!this.connected(appId)) return undefined;
    let attempt = retry?.attempt ?? 0;
    let reason = retry?.reason ?? '';
    for (;;) {
      const socket = this.live(appId)[0];
      if (!socket) return { acked: false };
      const delivery = await this.send(socket, type, payload, type === 'events_api' ? { retry_attempt: attempt, retry_reason: reason } : {});
      if (delivery.acked || type !== 'events_api' || attempt >= EVENT_RETRIES) return delivery;
      attempt += 1;
      reason = 'timeout';
    }
  }

  /** Slack asks the app to reconnect (`refresh_requested`), warns of it, or turns the app's link off; the connection then goes. */
  disconnect(appId: string, reason: DisconnectReason = 'refresh_requested'): void {
    for (const socket of this.live(appId)) {
      socket.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: HOST } }));
      if (reason === 'warning') continue;
      setTimeout(() => socket.terminate(), DISCONNECT_GRACE_MS).unref();
    }
  }

  async close(): Promise<void> {
    const listening = await this.listening;
    this.listening = undefined;
    if (!listening) return;
    for (const socket of listening.wss.clients) socket.terminate();
    listening.server.closeAllConnections();
    await new Promise<void>((resolve) => listening.server.close(() => resolve()));
  }

  private live(appId: string): WebSocket[] {
    return [...(this.connections.get(appId) ?? [])].filter((s) => s.readyState === s.OPEN);
  }

  private send(socket: WebSocket, type: EnvelopeType, payload: Record<string, unknown>, retry: Record<string, unknown>): Promise<Delivery> {
    const envelopeId = randomUUID();
    return new Promise((resolve) => {
      const done = (delivery: Delivery) => {
        clearTimeout(timer);
        socket.off('close', closed);
        this.acks.delete(envelopeId);
        resolve(delivery);
      };
      const closed = () => done({ acked: false });
      const timer = setTimeout(closed, this.opts.ackTimeoutMs ?? ACK_TIMEOUT_MS);
      socket.on('close', closed);
      this.acks.set(envelopeId, done);
      socket.send(JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: acceptsResponse(type, payload), ...retry }));
    });
  }

  private async listen(): Promise<{ server: Server; wss: WebSocketServer; base: string }> {
    const server = createServer((_req, res) => res.writeHead(426, { 'content-type': 'text/plain' }).end('Upgrade Required'));
    const wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'ws://sandbox');
      const ticket = url.searchParams.get('ticket') ?? '';
      const found = this.tickets.get(ticket);
      this.tickets.delete(ticket);
      if (url.pathname !== '/link/' || !found || found.expiresAt < Date.now()) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, found.appId));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, wss, base: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  private accept(socket: WebSocket, appId: string): void {
    const sockets = this.connections.get(appId) ?? new Set<WebSocket>();
    this.connections.set(appId, sockets.add(socket));
    const ping = setInterval(() => socket.ping(), PING_EVERY_MS).unref();
    socket.on('close', () => {
      clearInterval(ping);
      sockets.delete(socket);
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let ack: { envelope_id?: unknown; payload?: unknown };
      try {
        ack = JSON.parse(String(data)) as typeof ack;
      } catch {
        return;
      }
      const done = typeof ack.envelope_id === 'string' ? this.acks.get(ack.envelope_id) : undefined;
      const payload = ack.payload && typeof ack.payload === 'object' && Object.keys(ack.payload).length > 0 ? (ack.payload as Record<string, unknown>) : undefined;
      done?.({ acked: true, ...(payload ? { payload } : {}) });
    });
    socket.send(
      JSON.stringify({
        type: 'hello',
        num_connections: sockets.size,
        debug_info: { host: HOST, build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: appId },
      }),
    );
  }
}

/** Slack takes an answer in the ack of a slash command, a view submission and an options request; not of the rest. */
function acceptsResponse(type: EnvelopeType, payload: Record<string, unknown>): boolean {
  if (type === 'slash_commands') return true;
  return type === 'interactive' && (payload.type === 'view_submission' || payload.type === 'block_suggestion');
}
