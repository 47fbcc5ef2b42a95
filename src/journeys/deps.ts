import type { PlatformServices } from '../platform/services.js';

/** The platform services Journeys declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'events', 'entitlements', 'home', 'channels'] as const;

/** What Journeys's services receive: only those. */
export type JourneysDeps = Pick<PlatformServices, (typeof needs)[number]>;
