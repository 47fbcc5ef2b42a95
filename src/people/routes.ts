import { Router } from 'express';
import { z } from 'zod';
import type { PeopleService } from './service.js';
import { authOf, requireMember } from '../http/auth.js';
import { query } from '../http/validate.js';

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
  router.get('/people/search', requireMember, async (req, res) => {
    const q = query(req, searchQuery);
    if (!q.query) return void res.json([]);
    const rows = await people.search(authOf(req).workspace.id, q.query, q.limit);
    res.json(rows.map((m) => ({ id: m.id, slack_user_id: m.slack_user_id, name: m.real_name || m.display_name || m.name, email: m.email, avatar_url: m.avatar_url })));
  });
  return router;
}
