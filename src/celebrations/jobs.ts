import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

const id = z.number().int().positive();

/** Post one program's celebrations of one local posting date (claimed in celebration_runs). */
export const celebrationsRun = defineJob('celebrations.run', z.object({ workspaceId: id, programId: id, runOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }));
/** "Send now": post today's celebrations at once, or tell the owner there is nothing to post. */
export const celebrationsSendNow = defineJob('celebrations.send_now', z.object({ workspaceId: id, programId: id, requestedAt: z.iso.datetime() }));
/** Read a new program's channel roster from Slack (later runs read it again each day). */
export const celebrationsRoster = defineJob('celebrations.roster', z.object({ workspaceId: id, programId: id }));
/** Process an uploaded dates CSV (asset_imports row). */
export const celebrationsImportDates = defineJob('celebrations.import_dates', z.object({ workspaceId: id, importId: id }));
