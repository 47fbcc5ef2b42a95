import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Publish a member's Home tab. */
export const homePublish = defineJob('home.publish', z.object({ workspaceId: z.number().int().positive(), userId: z.string().min(1) }));
/** Refresh a workspace's directory: members (users.list) and channels (conversations.list). */
export const directorySync = defineJob('directory.sync', z.object({ workspaceId: z.number().int().positive() }));
