import type { MethodTable } from './kit.js';

/**
 * Socket Mode's one Web API method. It takes only an app-level token (`xapp-…`); Slack answers `{ ok, url }`, a
 * WebSocket link good for one connection. (Slack puts it in Tier 1, yet an app reconnecting after a refresh opens
 * links in quick succession without a 429; the sandbox counts it in the default tier.)
 */
export const appMethods: MethodTable = {
  'apps.connections.open': {
    auth: 'app',
    handler: async (ctx) => ({ url: await ctx.socket.open(ctx.app.appId) }),
  },
};
