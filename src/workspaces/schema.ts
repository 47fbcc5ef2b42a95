import { z } from 'zod';

/** "Delete this workspace's data": the admin types the workspace's name to confirm. */
export const deleteWorkspaceBody = z.object({ confirm_name: z.string().trim().max(200) });
