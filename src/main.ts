import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { prepareEmbeddedDatabase } from './db/embedded.js';
import { pgliteDirFor } from './db/index.js';
import { builtPages, devPages } from './http/pages.js';
import { createLogger } from './logger.js';
import { projectRoot } from './paths.js';

process.env.TZ = 'UTC';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Hearth cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const log = createLogger(config.logLevel, config.env);
const root = projectRoot();
const webRoles = config.role === 'web' || config.role === 'all';
const workerRoles = config.role === 'worker' || config.role === 'all';

// A new embedded database is a copy of the one `npm install` made (dist/pglite-template), or else created by a child
// process (the migration script beside this file: src/db/migrate-cli.ts under tsx, or the built .js) while this one
// loads the app's modules.
const [{ createHearth }] = await Promise.all([
  import('./hearth.js'),
  config.databaseUrl ? undefined : prepareEmbeddedDatabase(pgliteDirFor(config.dataDir), fileURLToPath(new URL(`./db/migrate-cli${extname(import.meta.url)}`, import.meta.url))),
]);
const pages = webRoles ? (process.env.HEARTH_WEB_DEV === '1' ? await devPages(join(root, 'web')) : builtPages(join(root, 'dist', 'web'), { sourceMaps: config.env !== 'production', devTools: config.env !== 'production' })) : undefined;
// No Slack credentials: the sandbox workspace stands in for Slack, in this process. Loaded only then: a real
// deployment carries none of its seed, Web API stand-in or controls.
const sandbox = config.sandboxEnabled && config.slack.kind === 'sandbox' ? (await import('./sandbox/app.js')).createSandbox({ signingSecret: config.slack.signingSecret, dataDir: config.dataDir }) : undefined;
const hearth = await createHearth(config, log, { pages, ...sandbox?.hearthOptions() });

// A worker-only process serves just /healthz, /readyz and /metrics on its port, so its own Slack calls and jobs
// are scraped and probed too.
const server = createServer(webRoles ? hearth.http : hearth.ops);
await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
// `npm start` (scripts/start.mjs) waits for this before building the pages, so the build does not slow the start.
process.send?.('listening');
// The web process owns the sandbox's Slack side (its state file, its seeded installs); a worker-only process
// uses just its clock, so it neither seeds the workspaces again nor writes its stale copy of the state on exit.
if (sandbox && webRoles) {
  sandbox.setAppUrl(`http://127.0.0.1:${config.port}`);
  await sandbox.bootstrap(hearth.services);
}
// Socket Mode: the web process connects out to Slack, which then sends its requests over that connection.
if (webRoles) {
  try {
    await hearth.connectSlack();
  } catch (err) {
    console.error(`Hearth cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
if (workerRoles) await hearth.startWorker();

const where = [
  `database: ${config.databaseUrl ? 'Postgres' : `embedded PGlite in ${join(config.dataDir, 'pglite')}`}`,
  `queue: ${config.redisUrl ? 'BullMQ on Redis' : 'in-process (not durable)'}`,
  `Slack: ${config.slack.kind === 'oauth' ? 'OAuth install at /slack/install' : config.slack.kind === 'single' ? 'single workspace (SLACK_BOT_TOKEN)' : config.slack.kind === 'socket' ? 'single workspace over Socket Mode (SLACK_APP_TOKEN)' : sandbox ? 'no Slack credentials set, so the sandbox workspace stands in for Slack' : 'no Slack credentials set'}`,
];
log.info({ role: config.role }, `Hearth is running (${where.join('; ')})`);
if (sandbox && config.env === 'production')
  log.warn('SANDBOX=1 in production: the sandbox controls let anyone sign in as any sandbox member. Use it for demos only, never with real data.');
if (webRoles) log.info(sandbox ? `Open ${config.publicUrl}/sandbox to use Hearth in the sandbox workspace` : `Open ${config.publicUrl}`);
else log.info(`Serving /healthz, /readyz and /metrics on port ${config.port}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: no new work, draining running jobs');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await hearth.close();
  if (webRoles) sandbox?.flush();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
