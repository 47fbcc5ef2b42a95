// One Hearth process as `npm run serve` runs it with the sandbox (bundled as the server is, scripts/build.mjs, from
// the same modules main.ts loads, its embedded database readied as main.ts readies it), on the database and queue
// its environment names. It prints its resident memory idle
// (started, a 1,000-member directory synced, nothing running) and after a 1,000-member Intros round has been
// paired and every intro sent, as one JSON line. bench/memory.ts bundles it into dist/bench and starts it, so that
// no TypeScript loader sits in the memory it measures.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { prepareEmbeddedDatabase } from '../../src/db/embedded.js';
import { pgliteDirFor } from '../../src/db/index.js';
import { createHearth } from '../../src/hearth.js';
import { builtPages } from '../../src/http/pages.js';
import { createLogger } from '../../src/logger.js';
import { createSandbox } from '../../src/sandbox/app.js';
import { ACME } from '../../src/sandbox/seed.js';
import { OffsetClock } from '../../src/time/clock.js';
import { projectRoot } from '../../src/paths.js';
import { scaleOpens, SCALED_SLACK_RATES } from './scaled-opens.js';

const MEMBERS = 1000;
const root = projectRoot();
const config = loadConfig();
const log = createLogger(config.logLevel, config.env);
const clock = new OffsetClock();
const sandbox = createSandbox({ clock, signingSecret: config.slack.signingSecret });
// Each intro is a group DM opened at its send: conversations.open scaled as in bench/delivery.ts, so the round meets
// chat.postMessage's 300 a minute (about 100 s), not Tier 3's 50 opens a minute (ten minutes).
scaleOpens(sandbox.state);

// A channel of 1,000 people, each a copy of a seeded member under a new id.
const template = sandbox.state.member(ACME.teamId, 'U0DEMO002');
const ids = Array.from({ length: MEMBERS }, (_, i) => `U0BENCH${String(i).padStart(4, '0')}`);
ids.forEach((id, i) => {
  const name = `Bench Person ${i}`;
  sandbox.state.data.members[ACME.teamId][id] = {
    ...structuredClone(template),
    id,
    name: `bench.${i}`,
    real_name: name,
    profile: { ...structuredClone(template.profile), real_name: name, display_name: name, email: `bench.${i}@acme.example` },
  };
});
const channel = sandbox.state.createChannel(ACME.teamId, { name: 'bench-intros', isPrivate: false, creator: ACME.adminUserId });
sandbox.state.addMembers(channel, [...ids, ACME.botUserId]);

if (!config.databaseUrl) await prepareEmbeddedDatabase(pgliteDirFor(config.dataDir), join(root, 'dist', 'server', 'db', 'migrate-cli.js'));
const hearth = await createHearth(config, log, { pages: builtPages(join(root, 'dist', 'web')), ...sandbox.hearthOptions(), slackRates: SCALED_SLACK_RATES });
const server = createServer(hearth.http);
await new Promise((resolve) => server.listen(config.port, config.host, resolve));
sandbox.setAppUrl(`http://127.0.0.1:${config.port}`);
const { services } = hearth;
await sandbox.bootstrap(services);
await hearth.startWorker();
await services.queue.idle();

const settle = () => new Promise((r) => setTimeout(r, 3000));
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);
await settle();
const idle = rssMb();

// Premium (the free plan pairs 24 people at most), an Intros program on the channel, and its first round.
const ws = await services.workspaces.byTeamId(ACME.teamId);
await services.db.updateTable('accounts').set({ plan: 'premium' }).where('workspace_id', '=', ws.id).execute();
const signIn = await fetch(`http://127.0.0.1:${config.port}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: ACME.teamId, user_id: ACME.adminUserId }) });
const cookies = signIn.headers.getSetCookie();
const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('hearth_csrf=')).split(';')[0].split('=')[1]);
const created = await fetch(`http://127.0.0.1:${config.port}/channel_programs/apply_template_as_json`, {
  method: 'POST',
  headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ template_id: 'intros-coffee-chats', channel_id: channel.id }),
});
if (created.status !== 200) throw new Error(`creating the program: ${created.status} ${await created.text()}`);
const { id: programId } = await created.json();
const { next_run_at: due } = await services.db.selectFrom('intros_configs').select('next_run_at').where('program_id', '=', programId).executeTakeFirstOrThrow();
const started = Date.now();
clock.set(due);
await services.scheduler.tick(due);
// The sandbox clock flows like a wall clock, but the round's messages go out at its send time and rows held back for
// Slack's windows wait for their place: the clock is moved on to the next pending row, as the sandbox's "advance
// the clock" does, running the ticks on the way. The round is over when none of its rows is still to send: a call
// whose outcome was unknown (a timeout on a loaded machine) waits for its lookup in conversations.history, one a
// minute, and is counted apart rather than waited for.
let round;
let states;
for (;;) {
  await services.queue.idle();
  round = await services.db.selectFrom('intros_rounds').select(['id', 'num_groups', 'state']).where('program_id', '=', programId).executeTakeFirst();
  const rows = round ? await services.db.selectFrom('outbox').select(['state', (eb) => eb.fn.countAll().as('n')]).where('idempotency_key', 'like', `intro:${round.id}:%`).groupBy('state').execute() : [];
  states = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  const settled = (states.sent ?? 0) + (states.failed ?? 0) + (states.unknown ?? 0);
  if (round?.num_groups && settled === round.num_groups) break;
  if (Date.now() - started > 10 * 60_000) throw new Error(`the round did not finish: ${JSON.stringify(round)}, ${JSON.stringify(states)}`);
  const next = await services.outbox.nextDue();
  if (next && next > clock.now()) await services.scheduler.advanceTo(next, clock, () => services.queue.idle());
  else await new Promise((r) => setTimeout(r, 500));
}
const seconds = (Date.now() - started) / 1000;
await settle();
console.log(JSON.stringify({ idle, afterRound: rssMb(), groups: round.num_groups, sent: states.sent ?? 0, unsettled: (states.unknown ?? 0) + (states.failed ?? 0), seconds }));
server.closeAllConnections();
server.close();
await hearth.close();
process.exit(0);
