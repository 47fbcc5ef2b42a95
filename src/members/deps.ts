import type { PlatformServices } from '../platform/services.js';

/** The platform services the members capability declares it needs. */
export const needs = ['config', 'log', 'clock', 'db', 'queue', 'events', 'users', 'home', 'people', 'storage', 'outbox', 'workspaces'] as const;

export type MembersDeps = Pick<PlatformServices, (typeof needs)[number]>;
