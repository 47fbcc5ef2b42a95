import type { PlatformServices } from '../platform/services.js';

/** The platform services the hub declares it needs: Journeys' (whose public services it builds on) and channels. */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'events', 'entitlements', 'home', 'channels'] as const;

export type HubDeps = Pick<PlatformServices, (typeof needs)[number]>;
