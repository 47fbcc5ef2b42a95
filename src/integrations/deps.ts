import type { PlatformServices } from '../platform/services.js';

/** The platform services Integrations declares it needs (its capability's `needs`). */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'outbox', 'workspaces', 'people', 'events'] as const;

/** What Integrations' services receive: only those. */
export type IntegrationsDeps = Pick<PlatformServices, (typeof needs)[number]>;
