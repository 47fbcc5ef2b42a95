import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body, params, query } from '../http/validate.js';
import { memberParams, recordProgressBody, showQuery, updateNotificationsBody } from './schema.js';
import type { UserService } from './service.js';

export function userRoutes(users: UserService): Router {
  const router = Router();
  router.use(['/users', '/user_details'], requireMember);

  router.get('/users/show_as_json', async (req, res) => {
    query(req, showQuery);
    res.json(await users.current(authOf(req)));
  });

  router.post('/users/:id/update_notifications', async (req, res) => {
    const { id } = params(req, memberParams);
    const auth = authOf(req);
    // A member changes only their own notifications; another id is someone else's (404, not 403).
    if (id !== auth.member.id) throw new HttpError(404, 'Not found');
    const input = body(req, updateNotificationsBody);
    res.json({ notifications: await users.updateNotifications(auth.member, input.append_keys, input.delete_keys) });
  });

  router.post('/user_details/record_progress', async (req, res) => {
    const input = body(req, recordProgressBody);
    await users.recordProgress(authOf(req).member, input.user_detail.flag);
    res.json({ ok: true });
  });

  return router;
}
