import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { body, params, query } from '../http/validate.js';
import { applyTemplateBody, controllerParams, sendNowBody, templatesQuery } from './schema.js';
import type { ChannelProgramService } from './service.js';

/** The calls every channel program shares (programs.md §7 "Channels and programs"). */
export function programRoutes(programs: ChannelProgramService): Router {
  const router = Router();
  router.use(['/channel_programs', '/templates', '/coffee', '/watercooler', '/celebrations'], requireMember);

  router.get('/templates', (req, res) => {
    const { hide_defaults } = query(req, templatesQuery);
    res.json({ templates: programs.templates(hide_defaults).map(({ settings: _s, ...t }) => t) });
  });

  router.get('/channel_programs/editable_programs_as_json', async (req, res) => {
    const auth = authOf(req);
    res.json({ programs: await programs.serialize(auth.workspace, await programs.listEditable(auth)) });
  });

  router.post('/channel_programs/apply_template_as_json', async (req, res) => {
    const input = body(req, applyTemplateBody);
    const program = await programs.create(authOf(req), { templateId: input.template_id, channelId: input.channel_id });
    res.json({ redirect_url: programs.kind(program.type).pagePath(program.id), id: program.id });
  });

  router.put('/channel_programs/send_now_data_as_json', async (req, res) => {
    res.json({ programs: await programs.sendNow(authOf(req), body(req, sendNowBody)) });
  });

  router.get('/:controller/:id/send_now_complete_as_json', async (req, res) => {
    const { controller, id } = params(req, controllerParams);
    res.json(await programs.sendNowStatus(authOf(req), controller, id));
  });

  router.put('/:controller/:id/update_ownership_as_json', async (req, res) => {
    const { controller, id } = params(req, controllerParams);
    res.json({ program: await programs.updateOwnership(authOf(req), controller, id, req.body) });
  });

  return router;
}
