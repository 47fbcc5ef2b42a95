import { z } from 'zod';
import { defineEvent } from '../events/define.js';

/** A workspace's data was imported (a Hearth export, or another tool's such as Donut). */
export const workspaceImported = defineEvent('workspace.data_imported', z.object({ source: z.enum(['hearth', 'donut']), rows: z.number().int().nonnegative() }));
