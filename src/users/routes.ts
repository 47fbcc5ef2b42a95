import { Router } from 'express';
import { jsonApi, okJson } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { currentUserJson, notificationsJson } from './api-types.js';
import { memberParams, recordProgressBody, showQuery, updateNotificationsBody } from './schema.js';
import type { UserService } from './service.js';

export function userRoutes(users: UserService): Router {
  const router = Router();
  router.use(['/users', '/user_details'], requireMember);
  const api = jsonApi(router, 'Users');

  api.get('/users/show_as_json', { summary: 'The signed-in member, their workspace and what they may do', query: showQuery, response: currentUserJson }, ({ req }) => users.current(authOf(req)));

  api.post('/users/:id/update_notifications', { summary: 'Turn notification keys on or off', params: memberParams, body: updateNotificationsBody, response: notificationsJson }, async ({ params, body, req }) => {
    return { notifications: await users.updateNotifications(authOf(req), params.id, body.append_keys, body.delete_keys) };
  });

  api.post('/user_details/record_progress', { summary: 'Record that the member has done something once', body: recordProgressBody, response: okJson }, async ({ body, req }) => {
    await users.recordProgress(authOf(req).member, body.user_detail.flag);
    return { ok: true } as const;
  });

  return router;
}
