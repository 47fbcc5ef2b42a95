import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * Every page of /work/shared/spec/pages.tsv. To build a page:
 *   1. write it in web/src/pages/<area>/<Name>Page.tsx (export default or named),
 *   2. set `load` on its row below; the page is a chunk of its own, so the first load of every page stays small:
 *        load: () => import('./pages/reporting/ReportingPage'),
 *   3. if it opens with data, set `prefetch` to start those queries (the area's query options), so that the page's
 *      code and its data load side by side, when the page is visited and when a link to it is pointed at.
 * Rows without `load` show a "coming soon" page that names the page. {flow} rows are written once
 * with flowPages() and exist for both /onboarding/... and /participants/....
 */
export interface PageDef {
  /** react-router path (:param segments). */
  path: string;
  /** What the page is, as pages.tsv says; the page's heading and document title. */
  title: string;
  /** The page's module (its chunk). */
  load?: () => Promise<{ default: ComponentType }>;
  /** Starts the queries the page opens with, given the address's parameters; the area's API module loads lazily. */
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<unknown>;
  /** Query parameters the specs name for this page (shown on placeholders; pages read them with useSearchParam). */
  query?: readonly string[];
  /** Query parameters added (replacing the history entry) when missing, e.g. /coffee/{id} → ?tab=members. */
  defaultQuery?: Readonly<Record<string, string>>;
  /** 'bare' pages (the recipients' journey hub) have no admin navigation. */
  layout?: 'app' | 'bare';
}

export const FLOWS = ['onboarding', 'participants'] as const;
export type Flow = (typeof FLOWS)[number];

/** The same page under /onboarding and /participants. `path` starts after the flow, e.g. '/tags/:id'. */
function flowPages(path: string, title: string, extra: Omit<PageDef, 'path' | 'title'> = {}): PageDef[] {
  return FLOWS.map((flow) => ({ path: `/${flow}${path}`, title, ...extra }));
}

/** The flow a path belongs to (onboarding or participants), for pages shared by both. */
export function flowOf(pathname: string): Flow | undefined {
  const first = pathname.split('/')[1];
  return FLOWS.find((flow) => flow === first);
}

/** An Intros program's page and its settings open with the same program. */
const prefetchCoffee: PageDef['prefetch'] = (client, { id }) => import('./pages/intros/introsApi').then((m) => client.prefetchQuery(m.coffeeQuery(id!)));

export const PAGES: readonly PageDef[] = [
  { path: '/', title: 'Home', load: () => import('./pages/HomePage').then(({ HomePage }) => ({ default: () => <HomePage pages={PAGES} /> })) },
  { path: '/installed', title: 'Hearth is installed', load: () => import('./pages/install/InstalledPage') },

  // Journeys (programs.md §2, journeys.md §2)
  {
    path: '/onboarding',
    title: 'Journey home',
    load: () => import('./pages/journeys/home/JourneyHomePage'),
    prefetch: (client) => import('./pages/journeys/api/journeysApi').then((m) => client.prefetchQuery(m.journeyHomeQuery)),
  },
  { path: '/onboarding/action_items', title: 'Journey action items', load: () => import('./pages/journeys/home/ActionItemsPage') },
  { path: '/onboarding/preset_categories', title: 'Preset categories', load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetCategoriesPage })) },
  { path: '/onboarding/preset_categories/:id', title: 'Preset category', load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetCategoryPage })) },
  { path: '/onboarding/presets', title: 'Presets', load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetsPage })) },
  { path: '/onboarding/presets/new', title: 'New preset', load: () => import('./pages/journeys/presets/NewPresetPage').then((m) => ({ default: m.NewPresetPage })) },
  { path: '/onboarding/presets/:id', title: 'Preset', load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetPage })) },
  { path: '/onboarding/presets/:id/events', title: "Preset's events", load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetPage })) },
  { path: '/onboarding/presets/:presetId/events/:id', title: 'Preset event', load: () => import('./pages/journeys/presets/PresetLibraryPages').then((m) => ({ default: m.PresetEventPage })) },
  { path: '/onboarding/tags/:id/presets', title: 'Presets of a journey', load: () => import('./pages/journeys/presets/TagPresetsPages').then((m) => ({ default: m.TagPresetsPage })) },
  { path: '/onboarding/tags/:tagId/presets/:presetId', title: 'Preset of a journey', load: () => import('./pages/journeys/presets/TagPresetsPages').then((m) => ({ default: m.TagPresetPage })) },
  { path: '/onboarding/tags', title: 'Onboarding journeys', query: ['id'], load: () => import('./pages/journeys/list/JourneysListPage') },
  { path: '/participants/tags', title: 'Journeys', load: () => import('./pages/journeys/list/JourneysListPage') },
  ...flowPages('/tags/:id', 'Journey', { query: ['tab', 'view'], load: () => import('./pages/journeys/journey/JourneyPage') }),
  ...flowPages('/tags/:id/site', 'Journey site preview', { load: () => import('./pages/hub/SitePages').then((m) => ({ default: m.SitePreviewPage })) }),
  ...flowPages('/tags/:id/site/edit', 'Journey site editor', { load: () => import('./pages/hub/SitePages').then((m) => ({ default: m.SiteEditorPage })) }),
  ...flowPages('/tags/:tagId/enrollment_surveys/new', 'New enrollment survey', { load: () => import('./pages/enrollment/NewSurveyPage') }),
  ...flowPages('/tags/:tagId/enrollment_surveys/:surveyId', 'Enrollment survey', { load: () => import('./pages/enrollment/NewSurveyPage') }),
  ...flowPages('/tags/:tagId/join', 'Join a journey', { load: () => import('./pages/enrollment/JoinPage') }),
  ...flowPages('/tags/:tagId/enrollment_surveys/:surveyId/responses', 'Enrollment survey responses and matching', { load: () => import('./pages/enrollment/SurveyResponsesPage') }),
  ...flowPages('/batches', 'Enrollment batches', { query: ['batch_id', 'manual_enrollment_status_id'], load: () => import('./pages/enrollment/BatchesPage') }),
  ...flowPages('/tags/:tagId/batches', 'Enrollment batches of a journey', {
    query: ['batch_id', 'manual_enrollment_status_id'],
    load: () => import('./pages/enrollment/BatchesPage'),
  }),
  ...flowPages('/batches/:batchId', 'Enrollment batch', { load: () => import('./pages/enrollment/BatchesPage') }),
  ...flowPages('/tags/:tagId/batches/:batchId', 'Enrollment batch of a journey', { load: () => import('./pages/enrollment/BatchesPage') }),
  ...flowPages('/manual_enrollment', 'Manual enrollment', { query: ['session_id'], load: () => import('./pages/enrollment/ManualEnrollmentPage') }),
  ...flowPages('/tags/:tagId/manual_enrollment', 'Manual enrollment into a journey', { query: ['session_id'], load: () => import('./pages/enrollment/ManualEnrollmentPage') }),
  { path: '/onboarding/tags/enrollment', title: 'Enrollment rules and HR mappings', load: () => import('./pages/enrollment/EnrollmentRulesPage') },
  { path: '/site/:sessionId', title: 'Journey hub', layout: 'bare', load: () => import('./pages/hub/HubPage') },
  { path: '/workspace_deleted', title: 'Workspace data deleted', layout: 'bare', load: () => import('./pages/settings/WorkspaceDeletedPage') },

  // Channel programs
  { path: '/celebrations', title: 'Celebrations', load: () => import('./pages/celebrations/CelebrationsIndexPage') },
  { path: '/celebrations/:id/edit', title: 'Celebrations program', load: () => import('./pages/celebrations/CelebrationsEditPage') },
  { path: '/templates', title: 'Template library', load: () => import('./pages/programs/TemplatesPage') },
  { path: '/all_channels', title: 'All channel programs', query: ['type'], load: () => import('./pages/programs/AllChannelsPage') },
  { path: '/channel_programs/new', title: 'New program', query: ['preview'], load: () => import('./pages/programs/NewProgramPage') },
  { path: '/coffee/:id', title: 'Intros program', query: ['tab'], defaultQuery: { tab: 'members' }, load: () => import('./pages/intros/program/IntrosProgramPage'), prefetch: prefetchCoffee },
  { path: '/coffee/:id/edit', title: 'Intros settings', load: () => import('./pages/intros/settings/IntrosSettingsPage'), prefetch: prefetchCoffee },
  { path: '/watercooler/:id/edit', title: 'Watercooler settings', load: () => import('./pages/watercooler/WatercoolerPage') },

  // Reporting
  { path: '/reporting', title: 'Reporting', query: ['start_date', 'end_date'], load: () => import('./pages/reporting/ReportingPage') },
  { path: '/reporting/attention_required', title: 'Attention required', load: () => import('./pages/reporting/AttentionRequiredPage') },
  { path: '/reporting/intros_feedback', title: 'Intros feedback', load: () => import('./pages/reporting/IntrosFeedbackPage') },
  { path: '/reporting/:id', title: 'Pairing report', query: ['start_date', 'end_date'], load: () => import('./pages/reporting/PairingReportPage') },

  // Points, rewards, shoutouts
  { path: '/points', title: 'Points leaderboard', load: () => import('./pages/points/PointsPage') },
  { path: '/rewards', title: 'Rewards', load: () => import('./pages/points/RewardsPage'), query: ['tab'] },
  { path: '/shoutouts', title: 'Shoutouts', load: () => import('./pages/points/ShoutoutsPage') },

  // Account
  { path: '/billing', title: 'Billing', load: () => import('./pages/billing/BillingPage'), prefetch: (client) => import('./pages/billing/billingApi').then((m) => client.prefetchQuery(m.billingAccountQuery)) },
  { path: '/billing/payment', title: 'Payment', query: ['session_id'], load: () => import('./pages/billing/PaymentPage') },
  { path: '/billing/invoices/:id', title: 'Invoice', load: () => import('./pages/billing/InvoicePage') },
  { path: '/settings/profile', title: 'My profile', load: () => import('./pages/settings/ProfileSettingsPage') },
  { path: '/settings/intros', title: 'Intros preferences', load: () => import('./pages/settings/IntrosPreferencesPage') },
  { path: '/settings/celebrations', title: 'Celebration preferences', load: () => import('./pages/celebrations/MyCelebrationsPage') },
  // Not in pages.tsv: the workspace's open data (export, import, Donut import) and its files, for admins.
  { path: '/settings/data', title: 'Workspace data', load: () => import('./pages/settings/WorkspaceDataPage') },
  { path: '/settings/deliveries', title: 'Failed deliveries', load: () => import('./pages/settings/DeliveriesPage') },
  // Not in pages.tsv: Hearth's JSON API, read from its OpenAPI document, for admins who script it.
  { path: '/settings/api', title: 'API reference', load: () => import('./pages/settings/ApiReferencePage') },
  { path: '/integrations', title: 'Integrations', load: () => import('./pages/integrations/IntegrationsPage') },
  // Not in pages.tsv: where calendar and video providers send members back, and the sandbox's stand-in consent page.
  { path: '/integrations/oauth/:provider/callback', title: 'Linking your account', load: () => import('./pages/integrations/OAuthPages').then((m) => ({ default: m.OAuthCallbackPage })) },
  { path: '/integrations/sandbox_authorize/:provider', title: 'Sandbox sign-in', load: () => import('./pages/integrations/OAuthPages').then((m) => ({ default: m.SandboxAuthorizePage })) },
];

/** Short addresses that lead somewhere sensible instead of "not found". */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/settings': '/settings/profile',
  '/journeys': '/onboarding',
};
