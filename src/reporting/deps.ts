import type { PlatformServices } from '../platform/services.js';

/** The platform services Reporting declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'people', 'programs', 'events', 'workspaces'] as const;

/** What Reporting's services receive: only those. */
export type ReportingDeps = Pick<PlatformServices, (typeof needs)[number]>;
