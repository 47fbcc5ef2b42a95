import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hearth-config-'));
const load = (env: Record<string, string>) => loadConfig({ HEARTH_DATA_DIR: dataDir(), ...env });

function errorOf(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('runs on embedded defaults with no settings: PGlite, in-process queue, sandbox Slack', () => {
    const c = load({});
    expect(c.port).toBe(3000);
    expect(c.role).toBe('all');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.slack.kind).toBe('sandbox');
    expect(c.sandboxEnabled).toBe(true);
    expect(c.encryptionKey).toHaveLength(32);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('keeps generated secrets in the data dir across starts', () => {
    const dir = dataDir();
    const a = loadConfig({ HEARTH_DATA_DIR: dir });
    const b = loadConfig({ HEARTH_DATA_DIR: dir });
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(b.encryptionKey.equals(a.encryptionKey)).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ HEARTH_ROLE: 'cron' }, 'HEARTH_ROLE'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ REDIS_URL: '::' }, 'REDIS_URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ SESSION_SECRET: 'tooshort' }, 'SESSION_SECRET'],
    [{ SLACK_BOT_TOKEN: 'xoxp-user-token', SLACK_SIGNING_SECRET: 's' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET'],
    [{ SLACK_CLIENT_ID: '1', SLACK_CLIENT_SECRET: 's', SLACK_SIGNING_SECRET: 's' }, 'SLACK_STATE_SECRET'],
    [{ NODE_ENV: 'production', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_APP_TOKEN: 'xapp-1-A1-2-s' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_APP_TOKEN: 'xoxb-1', SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_APP_TOKEN'],
    [{ SLACK_APP_TOKEN: 'xapp-1-A1-2-s', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_CLIENT_ID: '1', SLACK_CLIENT_SECRET: 'c', SLACK_SIGNING_SECRET: 's', SLACK_STATE_SECRET: 't' }, 'SLACK_APP_TOKEN'],
  ])('%o stops start-up naming %s', (env, variable) => {
    const err = errorOf(env);
    expect(err.variable).toBe(variable);
    expect(err.message.startsWith(variable + ' ')).toBe(true);
  });

  it('picks the single-workspace mode with a bot token, and OAuth with the full set', () => {
    expect(load({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }).slack.kind).toBe('single');
    const oauth = load({ SLACK_CLIENT_ID: '1', SLACK_CLIENT_SECRET: 'c', SLACK_SIGNING_SECRET: 's', SLACK_STATE_SECRET: 't' });
    expect(oauth.slack.kind).toBe('oauth');
    expect(oauth.sandboxEnabled).toBe(false);
  });

  it('runs one workspace over Socket Mode with an app-level token beside the bot token, no signing secret needed', () => {
    const c = load({ SLACK_APP_TOKEN: 'xapp-1-A1-2-s', SLACK_BOT_TOKEN: 'xoxb-1' });
    expect(c.slack).toEqual({ kind: 'socket', appToken: 'xapp-1-A1-2-s', botToken: 'xoxb-1', signIn: undefined });
    expect(c.sandboxEnabled).toBe(false);
    // Sign in with Slack works beside it, as with a bot token alone.
    expect(load({ SLACK_APP_TOKEN: 'xapp-1-A1-2-s', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_CLIENT_ID: '1', SLACK_CLIENT_SECRET: 'c' }).slack).toMatchObject({ kind: 'socket', signIn: { clientId: '1', clientSecret: 'c' } });
    expect(errorOf({ SLACK_APP_TOKEN: 'xapp-1-A1-2-s' }).message).toBe(
      "SLACK_BOT_TOKEN must be set when SLACK_APP_TOKEN is set (Socket Mode runs in one workspace with its bot token, from the app's Install App page)",
    );
    expect(errorOf({ SLACK_APP_TOKEN: 'xapp-1-A1-2-s', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_STATE_SECRET: 't' }).message).toBe(
      'SLACK_APP_TOKEN is for Socket Mode in one workspace and cannot be used with the OAuth install (SLACK_STATE_SECRET is set): installs in many workspaces run over HTTP, so unset one of them',
    );
    expect(errorOf({ SLACK_APP_TOKEN: 'xoxp-1', SLACK_BOT_TOKEN: 'xoxb-1' }).message).toBe('SLACK_APP_TOKEN must be an app-level token (xapp-…) with the connections:write scope');
  });

  it('keeps the sandbox off in production unless SANDBOX=1', () => {
    const c = load({ NODE_ENV: 'production', SANDBOX: '1', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64), PUBLIC_URL: 'https://demo.example.com' });
    expect(c.sandboxEnabled).toBe(true);
  });

  const productionSecrets = { NODE_ENV: 'production', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) };

  it.each([[{}], [{ PUBLIC_URL: 'http://hearth.example.com' }]])('requires an https PUBLIC_URL in production (%o)', (env) => {
    const err = errorOf({ ...productionSecrets, ...env });
    expect(err.variable).toBe('PUBLIC_URL');
    expect(err.message).toBe('PUBLIC_URL must be set to an https:// address in production (for example https://hearth.example.com)');
  });

  it('runs a sandbox demo of the production build over http on this machine, and only there', () => {
    const demo = { NODE_ENV: 'production', SANDBOX: '1', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(load({ ...demo, PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    expect(load({ ...demo, PUBLIC_URL: 'http://127.0.0.1:3205/' }).publicUrl).toBe('http://127.0.0.1:3205');
    const err = errorOf({ ...demo, PUBLIC_URL: 'http://demo.example.com' });
    expect(err.variable).toBe('PUBLIC_URL');
    expect(err.message).toBe('PUBLIC_URL must be an https:// address, or http:// on this machine (localhost, 127.0.0.1) for a sandbox demo');
    // Real Slack credentials: https only, localhost or not.
    expect(errorOf({ ...productionSecrets, PUBLIC_URL: 'http://localhost:3000' }).variable).toBe('PUBLIC_URL');
  });

  it('takes a Redis key prefix, so deployments can share one Redis', () => {
    expect(load({ ...productionSecrets, PUBLIC_URL: 'https://hearth.example.com', REDIS_PREFIX: 'acme-prod' }).redisPrefix).toBe('acme-prod');
    expect(load({}).redisPrefix).toBeUndefined();
    expect(errorOf({ REDIS_PREFIX: 'has space' }).variable).toBe('REDIS_PREFIX');
  });
});
