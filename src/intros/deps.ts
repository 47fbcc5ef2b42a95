import type { PlatformServices } from '../platform/services.js';

/** The platform services Intros declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'clients', 'workspaces', 'people', 'channels', 'programs', 'events', 'entitlements'] as const;

/** What Intros's services receive: only those. */
export type IntrosDeps = Pick<PlatformServices, (typeof needs)[number]>;
