import type { PlatformServices } from '../platform/services.js';

/** The platform services Points declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'outbox', 'events', 'workspaces', 'entitlements', 'channels'] as const;

/** What Points' services receive: only those. */
export type PointsDeps = Pick<PlatformServices, (typeof needs)[number]>;
