import type { CapabilityServices } from '../platform/services.js';

/** The platform services and ports Celebrations declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements', 'hrDirectory'] as const;

/** What Celebrations's services receive: only those. */
export type CelebrationsDeps = Pick<CapabilityServices, (typeof needs)[number]>;
