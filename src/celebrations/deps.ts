import type { PlatformServices } from '../platform/services.js';

/** The platform services Celebrations declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements'] as const;

/** What Celebrations's services receive: only those. */
export type CelebrationsDeps = Pick<PlatformServices, (typeof needs)[number]>;
