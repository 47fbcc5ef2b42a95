// The JSON shapes of the people pickers' call: the route registers them, the OpenAPI document shows them.

import { z } from 'zod';
import { int } from '../http/fields.js';

/** A person a picker offers: Hearth's member id, Slack's user id, and how they are shown. */
export const personFoundJson = z.object({ id: int, slack_user_id: z.string(), name: z.string(), email: z.string().nullable(), avatar_url: z.string().nullable() });
