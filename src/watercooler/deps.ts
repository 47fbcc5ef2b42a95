import type { PlatformServices } from '../platform/services.js';

/** The platform services Watercooler declares it needs (its capability's `needs`). */
export const needs = ['log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements'] as const;

/** What Watercooler's services receive: only those. */
export type WatercoolerDeps = Pick<PlatformServices, (typeof needs)[number]>;
