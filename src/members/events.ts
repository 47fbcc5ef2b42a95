import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/** A member changed their own settings (which part; never the values, and never the avoid list). */
export const memberSettingsChanged = defineEvent('member.settings_changed', z.object({ memberId: id, part: z.enum(['profile', 'manager', 'work_hours']) }));

/** A file was uploaded, and later processed (or not). */
export const assetUploaded = defineEvent('asset.uploaded', z.object({ assetId: id, memberId: id.nullable(), fileSize: z.number().int().nonnegative() }));
export const assetProcessed = defineEvent('asset.processed', z.object({ assetId: id, state: z.enum(['uploaded', 'failed_processing']) }));
