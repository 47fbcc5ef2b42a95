import type { PlatformServices } from '../platform/services.js';

/** The platform services Billing declares it needs (its capability's `needs`); Journeys' too, whose public part counts seats. */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'events', 'entitlements', 'outbox', 'workspaces', 'people', 'home', 'clients', 'channels'] as const;

/** What Billing's services receive: only those. */
export type BillingDeps = Pick<PlatformServices, (typeof needs)[number]>;
