import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * Readable lines for a person at a terminal in development; JSON lines everywhere else (production, tests, output
 * piped to a file or a collector), which log tooling reads. pino-pretty is a dev dependency, loaded only then.
 */
export function createLogger(level: string, env: Config['env']): Logger {
  const pretty = env === 'development' && process.stdout.isTTY === true;
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
