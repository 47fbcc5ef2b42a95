// A worker in a process of its own, for tests that kill one with SIGKILL mid-send. It reads the same
// environment the app does, plus HEARTH_TEST_REDIS_PREFIX to share the test's queue.
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createHearth } from '../../src/hearth.js';

const config = loadConfig();
const hearth = await createHearth(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), {
  redisPrefix: process.env.HEARTH_TEST_REDIS_PREFIX,
  // The tests kill this worker while Slack (the sandbox) holds a call unanswered: its calls must still be waiting
  // then, however slow a loaded machine makes the way there, so its request timeout is far longer than the test's.
  slackTimeoutMs: 60_000,
});
await hearth.startWorker();
process.send?.('ready');
