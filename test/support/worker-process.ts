// A worker in a process of its own, for tests that kill one with SIGKILL mid-send. It reads the same
// environment the app does, plus HEARTH_TEST_REDIS_PREFIX to share the test's queue.
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createHearth } from '../../src/hearth.js';

const config = loadConfig();
const hearth = await createHearth(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), { redisPrefix: process.env.HEARTH_TEST_REDIS_PREFIX });
await hearth.startWorker();
process.send?.('ready');
