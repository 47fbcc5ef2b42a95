import { Router } from 'express';
import { z } from 'zod';
import { personJson } from './name.js';
import type { PeopleService } from './service.js';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { personFoundJson } from './api-types.js';

const searchQuery = z.object({
  query: z.string().trim().max(80).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * The people pickers (owners, editors, invite users, the person of a custom date): this workspace's reachable
 * humans whose name or email contains the text. `id` is Hearth's member id; `slack_user_id` is Slack's.
 */
export function peopleRoutes(people: PeopleService): Router {
  const router = Router();
  const api = jsonApi(router, 'People');
  api.get('/people/search', { summary: 'The workspace’s people whose name or email contains the text (none for no text)', query: searchQuery, response: z.array(personFoundJson) }, async ({ query, req }) => {
    if (!query.query) return [];
    const rows = await people.search(authOf(req).workspace.id, query.query, query.limit);
    return rows.map((m) => ({ ...personJson(m), email: m.email }));
  }, requireMember);
  return router;
}
