import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** Sniffs an uploaded file's type and makes an image's thumbnail: needs_processing → uploaded | failed_processing. */
export const processAsset = defineJob('members.process_asset', z.object({ workspaceId: z.number().int().positive(), assetId: z.number().int().positive() }));
