import { z } from 'zod';
import { defineEvent } from '../platform/events/define.js';

const id = z.number().int().positive();

/** A journey's hub site was saved from the editor: its template, its published flag, or both. */
export const hubSiteSaved = defineEvent('hub.site_saved', z.object({ tagId: id, memberId: id, published: z.boolean(), templateChanged: z.boolean(), publishedChanged: z.boolean() }));

