import { z } from 'zod';
import { defineJob } from '../../jobs/definition.js';

/** The scheduler tick: claims due rows and enqueues their work. `at` is the tick's instant (ISO). */
export const tick = defineJob('tick', z.object({ at: z.iso.datetime().optional() }));
