import { z } from 'zod';

/**
 * What the signed-in member may use, as the server's own checks answer it; the pages' navigation, home cards and
 * buttons follow it, so a member is never offered what would answer 403. Every member may start channel programs,
 * run the ones they own or edit, link their own calendar, and see and export their own data.
 */
export const permissionsJson = z.object({
  /** Build journeys, enrol people, set enrollment rules (workspace admins; a journey's permission users reach theirs by link). */
  journeys: z.boolean(),
  /** Journeys this member may change, found from the navigation: admins (all), and a journey's creator and permission users (theirs). */
  run_journeys: z.boolean(),
  /** Workspace reporting: stat modules, attention required, the CSV report (workspace admins). */
  reporting: z.boolean(),
  /** Run points, shoutouts and the rewards catalogue; the people page and every redemption (workspace admins). */
  manage_points: z.boolean(),
  /** See the Hearth account and billing (workspace admins); `can_change_plan` says who may change it. */
  billing: z.boolean(),
  /** Export and import the whole workspace's data (workspace admins). */
  workspace_data: z.boolean(),
  /** The messages Slack refused, with why, and trying them again (workspace admins). */
  deliveries: z.boolean(),
  /** The workspace's HR system and applicant tracking connections (workspace admins). */
  manage_integrations: z.boolean(),
});
export type Permissions = z.infer<typeof permissionsJson>;

/** GET /users/show_as_json: programs.md §3 "Current user", plus what the pages need to show who is signed in. */
export const currentUserJson = z
  .object({
    id: z.number().int(),
    slack_user_id: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    team: z.object({ id: z.number().int(), slack_team_id: z.string(), name: z.string(), domain: z.string() }),
    is_admin: z.boolean(),
    can_change_plan: z.boolean(),
    permissions: permissionsJson,
    onboarding_unrestricted: z.boolean(),
    notifications: z.record(z.string(), z.boolean()),
    progress: z.object({ has_used_pairing_announcement: z.boolean() }),
    has_valid_zoom_identity: z.boolean(),
    has_valid_google_identity: z.boolean(),
    has_valid_microsoft_identity: z.boolean(),
    csrf_token: z.string(),
    /** Every workspace this person is in (by their email), the current one marked; the user menu switches between them. */
    workspaces: z.array(z.object({ team_id: z.string(), name: z.string(), current: z.boolean() })),
    /** A running Premium trial, for the shell's notice to admins: when it ends and the whole days left; else null. */
    trial: z.object({ ends_at: z.string(), days_left: z.number().int() }).nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserJson>;

/** POST /users/{id}/update_notifications */
export const notificationsJson = z.object({ notifications: z.record(z.string(), z.boolean()) });
