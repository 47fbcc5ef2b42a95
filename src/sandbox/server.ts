import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { seedState } from './seed.js';
import { SocketModeServer } from './socket-mode.js';
import type { SandboxState } from './state.js';
import type { Now } from './types.js';
import { createSandboxApi } from './web-api.js';

/**
 * A stand-alone sandbox Web API on 127.0.0.1 for tests. The app mounts `createSandboxApi` on its own
 * Express app at the same path, so `url` has the shape the app will use for `slackApiUrl`.
 */

export const SANDBOX_API_PATH = '/sandbox/api';

export interface SandboxApiServer {
  /** e.g. http://127.0.0.1:54321/sandbox/api/ — pass as WebClient's slackApiUrl. */
  url: string;
  port: number;
  state: SandboxState;
  close(): Promise<void>;
}

export async function startSandboxApiServer(options: { state?: SandboxState; now?: Now; port?: number } = {}): Promise<SandboxApiServer> {
  const state = options.state ?? seedState(options.now ? { now: options.now } : {});
  const app = express();
  app.disable('x-powered-by');
  const socket = new SocketModeServer();
  app.use(SANDBOX_API_PATH, createSandboxApi({ state, socket, ...(options.now ? { now: options.now } : {}) }));
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SANDBOX_API_PATH}/`,
    port,
    state,
    close: async () => {
      await socket.close();
      await new Promise<void>((resolve, reject) => {
        // Responses held open by 'timeout' faults would keep close() waiting forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
    },
  };
}
