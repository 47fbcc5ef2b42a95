import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The whole environment, parsed once. A missing or malformed value stops start-up with one message that
 * names the variable and what it must be (ConfigError).
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = (what: string) =>
  optionalString.pipe(
    z
      .string()
      .refine((v) => {
        try {
          new URL(v);
          return true;
        } catch {
          return false;
        }
      }, `must be a URL (${what})`)
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  HEARTH_ROLE: z.enum(['web', 'worker', 'all'], { error: 'must be one of web, worker, all' }).default('all'),
  HEARTH_DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: urlString('for example postgres://user:pass@host:5432/db'),
  REDIS_URL: urlString('for example redis://127.0.0.1:6379'),
  REDIS_PREFIX: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _').optional()),
  PUBLIC_URL: urlString('the address people reach this app at, for example https://hearth.example.com'),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/, 'must be 32 bytes, as 64 hex characters or 44 base64 characters')
      .optional(),
  ),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_STATE_SECRET: optionalString,
  SLACK_BOT_TOKEN: optionalString.pipe(z.string().startsWith('xoxb-', 'must be a bot token (xoxb-…)').optional()),
  SLACK_APP_TOKEN: optionalString.pipe(z.string().startsWith('xapp-', 'must be an app-level token (xapp-…) with the connections:write scope').optional()),
  SLACK_API_URL: urlString('the Slack Web API base, for example https://slack.com/api/'),
  SANDBOX: z.enum(['0', '1', '']).optional(),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlString('the S3-compatible endpoint, for example https://s3.eu-west-1.amazonaws.com'),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', '']).optional(),
  UPLOAD_MAX_FILE_MB: optionalString.pipe(z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100')).optional()),
  BILLING_PROVIDER: z.enum(['stripe', 'sandbox', 'off', ''], { error: 'must be one of stripe, sandbox, off' }).optional(),
  STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional()),
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PREMIUM_PRICE_ID: optionalString,
  STRIPE_API_URL: urlString('the Stripe API base, for example http://127.0.0.1:12111 for a local stand-in'),
  BILLING_PREMIUM_TIERS: optionalString,
  BILLING_PAID_COFFEE_TIERS: optionalString,
  BILLING_CURRENCY: optionalString.pipe(z.string().regex(/^[a-z]{3}$/, 'must be a three-letter currency code in lower case').optional()),
  BILLING_TRIAL_DAYS: z.coerce.number().int('must be a whole number').min(1).max(90).default(14),
  RETENTION_DAYS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650').default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Gift cards through Tremendous's REST API; without a key, the sandbox provider issues fake cards. */
  TREMENDOUS_API_KEY: optionalString,
  TREMENDOUS_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TREMENDOUS_FUNDING_SOURCE_ID: optionalString,
  /** Comma-separated product ids the recipient may choose from (or set TREMENDOUS_CAMPAIGN_ID). */
  TREMENDOUS_PRODUCTS: optionalString,
  TREMENDOUS_CAMPAIGN_ID: optionalString,
  /** Integrations (src/integrations): Merge's unified HRIS API, Greenhouse Harvest's base, calendar and video OAuth apps. */
  MERGE_API_KEY: optionalString,
  MERGE_API_URL: urlString("Merge's API base, for example https://api.merge.dev/api"),
  GREENHOUSE_API_URL: urlString("Greenhouse Harvest's API base, for example https://harvest.greenhouse.io/v1"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  ZOOM_CLIENT_ID: optionalString,
  ZOOM_CLIENT_SECRET: optionalString,
});

export type SlackMode =
  | { kind: 'oauth'; clientId: string; clientSecret: string; signingSecret: string; stateSecret: string }
  | { kind: 'single'; botToken: string; signingSecret: string; signIn?: { clientId: string; clientSecret: string } }
  /** One workspace over Socket Mode: Hearth connects out to Slack with the app-level token; no Request URL, no signing. */
  | { kind: 'socket'; botToken: string; appToken: string; signIn?: { clientId: string; clientSecret: string } }
  | { kind: 'sandbox'; signingSecret: string };

/** One price tier: up to `upTo` active users (null: any number), each at `unitAmount` (cents a month). */
export interface PriceTier {
  upTo: number | null;
  unitAmount: number;
}

export interface BillingConfig {
  /** Which PaymentProvider takes payments: Stripe, the offline sandbox, or none (plan changes refused). */
  provider: 'stripe' | 'sandbox' | 'off';
  stripe?: { secretKey: string; webhookSecret?: string; premiumPriceId?: string; apiUrl?: string };
  /** Signs the sandbox provider's webhooks (the same format as Stripe's). */
  sandboxWebhookSecret: string;
  premiumTiers: PriceTier[];
  paidCoffeeTiers: PriceTier[];
  currency: string;
  trialDays: number;
}

/** "50:400,250:300,*:200": up to 50 people at 400 cents, up to 250 at 300, beyond that 200 (volume pricing). */
export function parseTiers(raw: string, variable: string): PriceTier[] {
  const tiers = raw.split(',').map((part) => {
    const m = /^\s*(\d+|\*)\s*:\s*(\d+)\s*$/.exec(part);
    if (!m) throw new ConfigError(variable, 'must be tiers like 50:400,250:300,*:200 (people up to : cents a month each; * for the rest)');
    return { upTo: m[1] === '*' ? null : Number(m[1]), unitAmount: Number(m[2]) };
  });
  const last = tiers[tiers.length - 1]!;
  if (last.upTo !== null) throw new ConfigError(variable, 'must end with a *:cents tier for any number of people');
  for (let i = 1; i < tiers.length; i++)
    if (tiers[i - 1]!.upTo === null || (tiers[i]!.upTo !== null && tiers[i]!.upTo! <= tiers[i - 1]!.upTo!))
      throw new ConfigError(variable, 'must list tiers in increasing order of people, * last');
  return tiers;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: 'web' | 'worker' | 'all';
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Keeps this deployment's Redis keys (jobs, rate limits) apart from others on the same Redis. */
  redisPrefix?: string;
  /** Days a workspace's data is kept after it uninstalled Hearth (docs/privacy.md). */
  retentionDays: number;
  publicUrl: string;
  sessionSecret: string;
  /** 32-byte key for AES-256-GCM of tokens at rest. */
  encryptionKey: Buffer;
  slack: SlackMode;
  slackApiUrl?: string;
  sandboxEnabled: boolean;
  logLevel: string;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Tremendous gift cards (points redemptions); absent: the sandbox provider. */
  giftCards?: { apiKey: string; baseUrl: string; fundingSourceId: string; products?: string[]; campaignId?: string };
  /** Where uploaded files go: the data dir by default, an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** The optional per-file upload limit in MB (UPLOAD_MAX_FILE_MB); the 100 MB total always applies. */
  uploadMaxFileMb?: number;
  billing: BillingConfig;
  integrations: IntegrationsConfig;
}

export type OAuthProviderName = 'google' | 'microsoft' | 'zoom';

export interface IntegrationsConfig {
  /** Merge's unified HRIS API; absent: the sandbox's stand-in (with the sandbox on), else no HR system. */
  merge?: { apiKey: string; baseUrl: string };
  /** Greenhouse Harvest's base; absent: the sandbox's stand-in (with the sandbox on), else harvest.greenhouse.io. */
  harvestUrl?: string;
  /** Calendar and video OAuth apps; a provider without one uses the sandbox's stand-in (with the sandbox on). */
  oauth: Partial<Record<OAuthProviderName, { clientId: string; clientSecret: string }>>;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly requirement: string,
  ) {
    super(`${variable} ${requirement}`);
    this.name = 'ConfigError';
  }
}

/** A secret kept in the data directory, generated on first use: the embedded defaults need no setup. */
function keptSecret(dataDir: string, file: string, make: () => string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const value = make();
  writeFileSync(path, value + '\n', { mode: 0o600 });
  return value;
}

function decodeKey(raw: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
}

/** An http address on this machine: the only plain-http PUBLIC_URL a production build takes (a sandbox demo). */
function isLoopback(url: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.HEARTH_DATA_DIR);

  const oauthVars = {
    SLACK_CLIENT_ID: e.SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET: e.SLACK_CLIENT_SECRET,
    SLACK_SIGNING_SECRET: e.SLACK_SIGNING_SECRET,
    SLACK_STATE_SECRET: e.SLACK_STATE_SECRET,
  };
  let slack: SlackMode;
  // Socket Mode is one workspace's: the bot token says which, and installs in many workspaces stay on HTTP.
  if (e.SLACK_APP_TOKEN && e.SLACK_STATE_SECRET)
    throw new ConfigError(
      'SLACK_APP_TOKEN',
      'is for Socket Mode in one workspace and cannot be used with the OAuth install (SLACK_STATE_SECRET is set): installs in many workspaces run over HTTP, so unset one of them',
    );
  if (e.SLACK_APP_TOKEN && !e.SLACK_BOT_TOKEN)
    throw new ConfigError('SLACK_BOT_TOKEN', "must be set when SLACK_APP_TOKEN is set (Socket Mode runs in one workspace with its bot token, from the app's Install App page)");
  if (e.SLACK_BOT_TOKEN) {
    if (!e.SLACK_APP_TOKEN && !e.SLACK_SIGNING_SECRET)
      throw new ConfigError('SLACK_SIGNING_SECRET', 'must be set when SLACK_BOT_TOKEN is set (or SLACK_APP_TOKEN, for Socket Mode)');
    if (e.SLACK_CLIENT_ID && !e.SLACK_CLIENT_SECRET)
      throw new ConfigError('SLACK_CLIENT_SECRET', 'must be set when SLACK_CLIENT_ID is set (Sign in with Slack)');
    const signIn = e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET ? { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET } : undefined;
    slack = e.SLACK_APP_TOKEN
      ? { kind: 'socket', botToken: e.SLACK_BOT_TOKEN, appToken: e.SLACK_APP_TOKEN, signIn }
      : { kind: 'single', botToken: e.SLACK_BOT_TOKEN, signingSecret: e.SLACK_SIGNING_SECRET!, signIn };
  } else if (e.SLACK_CLIENT_ID || e.SLACK_CLIENT_SECRET || e.SLACK_STATE_SECRET) {
    const missing = Object.entries(oauthVars).find(([, v]) => !v);
    if (missing)
      throw new ConfigError(
        missing[0],
        'must be set: the OAuth install needs SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET and SLACK_STATE_SECRET',
      );
    slack = {
      kind: 'oauth',
      clientId: e.SLACK_CLIENT_ID!,
      clientSecret: e.SLACK_CLIENT_SECRET!,
      signingSecret: e.SLACK_SIGNING_SECRET!,
      stateSecret: e.SLACK_STATE_SECRET!,
    };
  } else {
    // No Slack credentials: the sandbox workspace stands in for Slack, with its own signing secret.
    slack = {
      kind: 'sandbox',
      signingSecret: e.SLACK_SIGNING_SECRET ?? keptSecret(dataDir, 'sandbox-signing-secret', () => randomBytes(16).toString('hex')),
    };
  }

  const sandboxEnabled = slack.kind === 'sandbox' && (!production || e.SANDBOX === '1');
  if (slack.kind === 'sandbox' && production && !sandboxEnabled)
    throw new ConfigError(
      'SLACK_BOT_TOKEN',
      'or the OAuth set (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET, SLACK_STATE_SECRET) must be set in production; set SANDBOX=1 to run the sandbox instead',
    );

  if (production && !e.SESSION_SECRET) throw new ConfigError('SESSION_SECRET', 'must be set in production (32+ characters)');
  if (production && !e.ENCRYPTION_KEY)
    throw new ConfigError('ENCRYPTION_KEY', 'must be set in production (32 bytes, as 64 hex or 44 base64 characters)');
  // Session cookies are Secure only over https, so production must be reached over https; a sandbox demo of the
  // production build (SANDBOX=1, no real workspace) may also be reached over http on this machine.
  if (production && !e.PUBLIC_URL?.startsWith('https://') && !(sandboxEnabled && e.PUBLIC_URL && isLoopback(e.PUBLIC_URL)))
    throw new ConfigError(
      'PUBLIC_URL',
      sandboxEnabled
        ? 'must be an https:// address, or http:// on this machine (localhost, 127.0.0.1) for a sandbox demo'
        : 'must be set to an https:// address in production (for example https://hearth.example.com)',
    );

  const sessionSecret = e.SESSION_SECRET ?? keptSecret(dataDir, 'session-secret', () => randomBytes(32).toString('hex'));
  const encryptionKey = decodeKey(
    e.ENCRYPTION_KEY ?? keptSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('hex')),
  );

  const provider = e.BILLING_PROVIDER || (e.STRIPE_SECRET_KEY ? 'stripe' : production && !sandboxEnabled ? 'off' : 'sandbox');
  if (provider === 'stripe' && !e.STRIPE_SECRET_KEY) throw new ConfigError('STRIPE_SECRET_KEY', 'must be set when BILLING_PROVIDER is stripe');
  if (provider === 'stripe' && production && !e.STRIPE_WEBHOOK_SECRET) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be set in production when payments go through Stripe');
  const billing: BillingConfig = {
    provider,
    ...(e.STRIPE_SECRET_KEY
      ? { stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, premiumPriceId: e.STRIPE_PREMIUM_PRICE_ID, apiUrl: e.STRIPE_API_URL } }
      : {}),
    sandboxWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? 'whsec_hearth_sandbox',
    premiumTiers: parseTiers(e.BILLING_PREMIUM_TIERS ?? '50:400,250:300,*:200', 'BILLING_PREMIUM_TIERS'),
    paidCoffeeTiers: parseTiers(e.BILLING_PAID_COFFEE_TIERS ?? '50:200,250:150,*:100', 'BILLING_PAID_COFFEE_TIERS'),
    currency: e.BILLING_CURRENCY ?? 'usd',
    trialDays: e.BILLING_TRIAL_DAYS,
  };

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.HEARTH_ROLE,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    retentionDays: e.RETENTION_DAYS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret,
    encryptionKey,
    slack,
    // The sandbox answers in this same process unless another Web API is named.
    slackApiUrl: e.SLACK_API_URL ?? (slack.kind === 'sandbox' ? `http://127.0.0.1:${e.PORT}/sandbox/api/` : undefined),
    sandboxEnabled,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    ...(e.TREMENDOUS_API_KEY
      ? {
          giftCards: {
            apiKey: e.TREMENDOUS_API_KEY,
            baseUrl: e.TREMENDOUS_API_URL ?? (production ? 'https://www.tremendous.com/api/v2' : 'https://testflight.tremendous.com/api/v2'),
            fundingSourceId: e.TREMENDOUS_FUNDING_SOURCE_ID ?? 'balance',
            ...(e.TREMENDOUS_PRODUCTS ? { products: e.TREMENDOUS_PRODUCTS.split(',').map((p) => p.trim()).filter(Boolean) } : {}),
            ...(e.TREMENDOUS_CAMPAIGN_ID ? { campaignId: e.TREMENDOUS_CAMPAIGN_ID } : {}),
          },
        }
      : {}),
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
        }
      : { kind: 'local', dir: join(dataDir, 'uploads') },
    uploadMaxFileMb: e.UPLOAD_MAX_FILE_MB,
    billing,
    integrations: {
      ...(e.MERGE_API_KEY ? { merge: { apiKey: e.MERGE_API_KEY, baseUrl: e.MERGE_API_URL ?? 'https://api.merge.dev/api' } } : {}),
      ...(e.GREENHOUSE_API_URL ? { harvestUrl: e.GREENHOUSE_API_URL } : {}),
      oauth: Object.fromEntries(
        (
          [
            ['google', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
            ['microsoft', e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET],
            ['zoom', e.ZOOM_CLIENT_ID, e.ZOOM_CLIENT_SECRET],
          ] as const
        ).flatMap(([name, clientId, clientSecret]) => (clientId && clientSecret ? [[name, { clientId, clientSecret }]] : [])),
      ),
    },
  };
}
