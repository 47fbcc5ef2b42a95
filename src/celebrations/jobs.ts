import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Post one program's celebrations of one local posting date (claimed in celebration_runs). */
export const celebrationsRun = defineJob('celebrations.run', z.object({ programId: z.number().int().positive(), runOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }));
/** "Send now": post today's celebrations at once, or tell the owner there is nothing to post. */
export const celebrationsSendNow = defineJob('celebrations.send_now', z.object({ programId: z.number().int().positive(), requestedAt: z.iso.datetime() }));
/** Read a new program's channel roster from Slack (later runs read it again each day). */
export const celebrationsRoster = defineJob('celebrations.roster', z.object({ programId: z.number().int().positive() }));
/** Process an uploaded dates CSV (asset_imports row). */
export const celebrationsImportDates = defineJob('celebrations.import_dates', z.object({ importId: z.number().int().positive() }));
