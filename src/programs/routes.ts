import { Router } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { int } from '../http/fields.js';
import { programJson, templateJson } from './api-types.js';
import { applyTemplateBody, controllerParams, ownershipBody, sendNowBody, templatesQuery } from './schema.js';
import type { ChannelProgramService } from './service.js';

const programs = z.object({ programs: z.array(programJson) });

/** The calls every channel program shares (programs.md §7 "Channels and programs"). */
export function programRoutes(service: ChannelProgramService): Router {
  const router = Router();
  router.use(['/channel_programs', '/templates', '/coffee', '/watercooler', '/celebrations'], requireMember);
  const api = jsonApi(router, 'Programs');

  api.get('/templates', { summary: 'The templates programs are created from', query: templatesQuery, response: z.object({ templates: z.array(templateJson) }) }, ({ query }) => ({
    templates: service.templates(query.hide_defaults).map(({ settings: _s, ...t }) => t),
  }));

  api.get('/channel_programs/editable_programs_as_json', { summary: 'The programs the member may change', response: programs }, async ({ req }) => {
    const auth = authOf(req);
    return { programs: await service.serialize(auth.workspace, await service.listEditable(auth)) };
  });

  api.post('/channel_programs/apply_template_as_json', { summary: 'Create a program in a channel from a template', body: applyTemplateBody, response: z.object({ redirect_url: z.string(), id: int }) }, async ({ body, req }) => {
    const program = await service.create(authOf(req), { templateId: body.template_id, channelId: body.channel_id });
    return { redirect_url: service.kind(program.type).pagePath(program.id), id: program.id };
  });

  api.put('/channel_programs/send_now_data_as_json', { summary: 'Send now: a round, prompt or celebration of each program, now', body: sendNowBody, response: programs }, async ({ body, req }) => ({ programs: await service.sendNow(authOf(req), body) }));

  api.get('/:controller/:id/send_now_complete_as_json', { summary: 'Whether a program’s send now is done', params: controllerParams, response: z.object({ done: z.boolean(), program: programJson }) }, ({ params, req }) =>
    service.sendNowStatus(authOf(req), params.controller, params.id),
  );

  api.put('/:controller/:id/update_ownership_as_json', { summary: 'Set a program’s owner, editors and permission users', params: controllerParams, serviceBody: ownershipBody, response: z.object({ program: programJson }) }, async ({ params, req }) => ({
    program: await service.updateOwnership(authOf(req), params.controller, params.id, req.body),
  }));

  return router;
}
