import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchemaObject } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

// manifest.json is what admins paste into api.slack.com/apps ("From an app manifest"). Its hostnames are
// placeholders: the README tells admins to replace https://hearth.example.com with their PUBLIC_URL.

const manifestPath = fileURLToPath(new URL('../../manifest.json', import.meta.url));
// Slack's own JSON schema (slackapi/manifest-schema, MIT, draft-07, self-contained), vendored in test/fixtures with its LICENSE and SOURCE.md.
const schemaPath = fileURLToPath(
  new URL('../fixtures/slack-manifest-schema/manifest.schema.1.0.0.json', import.meta.url),
);

interface SlashCommand {
  command: string;
  url?: string;
  description: string;
  usage_hint?: string;
  should_escape?: boolean;
}

interface Manifest {
  display_information: { name: string; description?: string; background_color?: string };
  features?: {
    app_home?: { home_tab_enabled?: boolean; messages_tab_enabled?: boolean; messages_tab_read_only_enabled?: boolean };
    bot_user?: { display_name: string; always_online?: boolean };
    slash_commands?: SlashCommand[];
    shortcuts?: Array<{ name: string; type: 'message' | 'global'; callback_id: string; description: string }>;
  };
  oauth_config?: {
    redirect_urls?: string[];
    scopes?: { bot?: string[]; user?: string[]; bot_optional?: string[]; user_optional?: string[] };
  };
  settings?: {
    event_subscriptions?: { request_url?: string; bot_events?: string[]; user_events?: string[] };
    interactivity?: { is_enabled: boolean; request_url?: string; message_menu_options_url?: string };
    org_deploy_enabled?: boolean;
    socket_mode_enabled?: boolean;
    token_rotation_enabled?: boolean;
  };
}

/**
 * Every bot scope Hearth needs, and why. The manifest must hold exactly these: adding a scope means adding
 * it here with its reason (admins see each one on the install screen).
 */
const BOT_SCOPES: Record<string, string> = {
  commands: 'the /hearth slash command',
  'chat:write': 'post intros, prompts, celebrations, journey DMs; update messages after check-in buttons',
  'chat:write.public': 'post to public channels Hearth is not in (shoutout announcements, survey shares, journey channel sends)',
  'im:write': 'conversations.open for 1:1 DMs (journey messages, ask-for-dates, reports), ahead of send time',
  'mpim:write': 'conversations.open with 2–8 users: the Intros group DMs',
  'im:history': 'message.im (a DM to Hearth is answered with help) and reconciling unknown-outcome DM sends by metadata',
  'mpim:history': 'reconciling unknown-outcome sends into intro group DMs (conversations.history + metadata)',
  'channels:history': 'message.channels: Watercooler thread replies; reconciling channel sends by metadata',
  'groups:history': 'message.groups: the same for programs in private channels',
  'channels:read': 'list/pick public channels, read program channel members, channel and membership events',
  'groups:read': 'the same for private channels Hearth was added to',
  'channels:join': 'join a public program channel so its events (joins, replies, reactions) reach us',
  'channels:manage': 'create journey/cohort channels and invite people to public channels',
  'groups:write': "invite people to private program channels Hearth is in (the invite-users modal, journeys' channel invites); Hearth creates only public channels",
  'users:read': 'names, time zones, bots, deactivated and external members; team_join and user_change',
  'users:read.email': 'match people by email (CSV enrollment, HRIS and applicant-tracking imports)',
  'team:read': "team.info with each directory read: the workspace's name for the pages and its domain for permalinks and open-in-Slack links; team_rename, team_domain_change",
  'reactions:read': 'reaction_added/removed: Watercooler engagement counts',
  'files:write': 'send the report CSV by direct message (files.uploadV2)',
};

/** Every bot event Hearth subscribes to: why, and the scopes Slack requires for it (all must be granted). */
const BOT_EVENTS: Record<string, { why: string; scopes: string[] }> = {
  app_home_opened: { why: 'render the Home tab', scopes: [] },
  app_uninstalled: { why: "stop every capability, delete the tokens and provider credentials, start the retention period", scopes: [] },
  tokens_revoked: { why: 'the same, when the bot token is revoked', scopes: [] },
  team_join: { why: 'auto-enroll people who join the workspace', scopes: ['users:read'] },
  user_change: { why: 'refresh tz, deactivation and profile', scopes: ['users:read'] },
  team_rename: { why: 'keep the workspace name current', scopes: ['team:read'] },
  team_domain_change: { why: 'keep Slack links current', scopes: ['team:read'] },
  member_joined_channel: {
    why: 'auto-enroll on channel join; program membership',
    scopes: ['channels:read', 'groups:read'],
  },
  member_left_channel: { why: 'leave the channel, leave the program', scopes: ['channels:read', 'groups:read'] },
  'message.im': { why: 'a DM to Hearth is answered with help', scopes: ['im:history'] },
  'message.channels': { why: 'Watercooler thread replies (public)', scopes: ['channels:history'] },
  'message.groups': { why: 'Watercooler thread replies (private)', scopes: ['groups:history'] },
  reaction_added: { why: 'Watercooler engagement', scopes: ['reactions:read'] },
  reaction_removed: { why: 'Watercooler engagement', scopes: ['reactions:read'] },
  channel_rename: { why: 'program channel names', scopes: ['channels:read'] },
  channel_archive: { why: 'pause programs in archived channels', scopes: ['channels:read'] },
  channel_unarchive: { why: 'offer to resume them', scopes: ['channels:read'] },
  channel_deleted: { why: 'end programs in deleted channels', scopes: ['channels:read'] },
  channel_left: { why: 'Hearth was removed from a program channel', scopes: ['channels:read'] },
  group_rename: { why: 'private program channel names', scopes: ['groups:read'] },
  group_archive: { why: 'pause programs in archived private channels', scopes: ['groups:read'] },
  group_unarchive: { why: 'offer to resume them', scopes: ['groups:read'] },
  group_deleted: { why: 'end programs in deleted private channels', scopes: ['groups:read'] },
  group_left: { why: 'Hearth was removed from a private program channel', scopes: ['groups:read'] },
};

const SLACK_ENDPOINT = '/slack/events';
const INSTALL_REDIRECT = '/slack/oauth_redirect';
// Sign in with Slack (OpenID Connect) redirects here; Slack only accepts redirect URIs listed in the app.
const SIGN_IN_REDIRECT = '/auth/slack/callback';

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as AnySchemaObject;

// ajv-formats is CommonJS; its default export arrives as the module itself or under .default.
type FormatsPlugin = (ajv: Ajv) => Ajv;
const addFormats = ((ajvFormats as unknown as { default?: FormatsPlugin }).default ??
  (ajvFormats as unknown as FormatsPlugin)) as FormatsPlugin;

function validator() {
  // The schema is draft-07, Ajv's default draft. It carries two annotations Ajv does not know: `_note`
  // (a comment) and `regex` (on background_color, which Slack enforces but JSON Schema does not; checked below).
  // strictTypes is off because the schema puts `minItems` on string items in its (unused) hermes section.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  ajv.addVocabulary(['_note', 'regex']);
  addFormats(ajv);
  return ajv.compile(schema);
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe('manifest.json', () => {
  it("is valid against Slack's manifest schema", () => {
    const validate = validator();
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the validator rejects an invalid manifest (so the test above can fail)', () => {
    const validate = validator();
    const broken = structuredClone(manifest) as unknown as Record<string, unknown>;
    (broken.features as { slash_commands: unknown[] }).slash_commands = [{ command: 'hearth' }];
    broken.not_a_key = true;
    expect(validate(broken)).toBe(false);
  });

  it('shows as Hearth, with a description and a background colour Slack accepts', () => {
    expect(manifest.display_information.name).toBe('Hearth');
    expect(manifest.display_information.description?.length).toBeGreaterThan(20);
    // The schema's own pattern for this field sits under a non-standard `regex` key Ajv cannot enforce.
    expect(manifest.display_information.background_color).toMatch(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/);
    expect(manifest.features?.bot_user).toEqual({ display_name: 'Hearth', always_online: true });
  });

  it('has the /hearth command with a usage hint, sent to the Slack endpoint', () => {
    const commands = manifest.features?.slash_commands ?? [];
    expect(commands.map((c) => c.command)).toEqual(['/hearth']);
    const hearth = commands[0]!;
    expect(hearth.usage_hint).toMatch(/help/);
    expect(hearth.description.length).toBeGreaterThan(0);
    expect(hearth.should_escape).toBe(false);
    expect(pathOf(hearth.url!)).toBe(SLACK_ENDPOINT);
  });

  it('has the "Give a shoutout" message shortcut, with the callback id the Points listener handles', async () => {
    const { SHOUTOUT_SHORTCUT } = await import('../../src/points/blocks.js');
    expect(manifest.features?.shortcuts).toEqual([expect.objectContaining({ name: 'Give a shoutout', type: 'message', callback_id: SHOUTOUT_SHORTCUT })]);
    expect(manifest.features?.shortcuts?.[0]?.description.length).toBeLessThanOrEqual(80);
  });

  it('enables the Home and Messages tabs, with people able to write to Hearth', () => {
    expect(manifest.features?.app_home).toEqual({
      home_tab_enabled: true,
      messages_tab_enabled: true,
      messages_tab_read_only_enabled: false,
    });
  });

  it('sends interactivity and events to /slack/events over HTTP, not Socket Mode', () => {
    const settings = manifest.settings!;
    expect(settings.interactivity?.is_enabled).toBe(true);
    expect(settings.interactivity?.request_url).toMatch(/^https:\/\/.+\/slack\/events$/);
    expect(settings.event_subscriptions?.request_url).toMatch(/^https:\/\/.+\/slack\/events$/);
    if (settings.interactivity?.message_menu_options_url)
      expect(pathOf(settings.interactivity.message_menu_options_url)).toBe(SLACK_ENDPOINT);
    expect(settings.socket_mode_enabled).toBe(false);
  });

  // Org-wide installs are off until Hearth handles an Enterprise Grid org end to end (team_access_granted/revoked,
  // team_id on org-token calls); workspaces of a Grid org install Hearth one by one meanwhile.
  it('installs per workspace (org-wide deploy off) and rotates tokens', () => {
    expect(manifest.settings?.org_deploy_enabled).toBe(false);
    expect(manifest.settings?.token_rotation_enabled).toBe(true);
  });

  it('lists the install and sign-in redirect URLs, all on one https origin with the endpoints', () => {
    const redirects = manifest.oauth_config?.redirect_urls ?? [];
    expect(redirects.map(pathOf).sort()).toEqual([SIGN_IN_REDIRECT, INSTALL_REDIRECT].sort());
    const urls = [
      ...redirects,
      manifest.settings!.event_subscriptions!.request_url!,
      manifest.settings!.interactivity!.request_url!,
      ...(manifest.features?.slash_commands ?? []).map((c) => c.url!),
    ];
    const origins = new Set(urls.map((u) => new URL(u).origin));
    expect([...origins]).toHaveLength(1);
    expect([...origins][0]).toMatch(/^https:\/\//);
  });

  it('requests exactly the bot scopes Hearth needs, and no user scopes', () => {
    const scopes = manifest.oauth_config?.scopes ?? {};
    expect([...(scopes.bot ?? [])].sort()).toEqual(Object.keys(BOT_SCOPES).sort());
    expect(new Set(scopes.bot).size).toBe(scopes.bot?.length);
    // Sign in with Slack asks for openid, email and profile at sign-in time; user scopes here would make
    // every install also mint a user token.
    expect(scopes.user ?? []).toEqual([]);
    expect(scopes.user_optional ?? []).toEqual([]);
    expect(scopes.bot_optional ?? []).toEqual([]);
  });

  it('subscribes to exactly the bot events Hearth handles, each with the scopes it requires', () => {
    const events = manifest.settings?.event_subscriptions?.bot_events ?? [];
    expect([...events].sort()).toEqual(Object.keys(BOT_EVENTS).sort());
    expect(manifest.settings?.event_subscriptions?.user_events ?? []).toEqual([]);
    const granted = new Set(manifest.oauth_config?.scopes?.bot ?? []);
    for (const event of events) {
      const missing = BOT_EVENTS[event]!.scopes.filter((s) => !granted.has(s));
      expect(missing, `${event} needs ${missing.join(', ')}`).toEqual([]);
    }
  });
});
