import { z } from 'zod';
import { defineEvent } from '../events/define.js';

/** A workspace's data was imported (a Hearth export, or another tool's such as Donut). */
export const workspaceImported = defineEvent('workspace.data_imported', z.object({ source: z.enum(['hearth', 'donut']), rows: z.number().int().nonnegative() }));

/** A member had Hearth delete their data ("delete my data"): their rows are gone and their member row anonymous. */
export const memberErased = defineEvent('member.data_deleted', z.object({ memberId: z.number().int().positive() }));
