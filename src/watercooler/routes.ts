import { Router, type Request } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { programJson } from '../programs/api-types.js';
import { packJson, promptJson, promptPreviewJson, suggestionJson, watercoolerJson, watercoolerPage } from './api-types.js';
import type { WatercoolerPacks } from './packs.js';
import type { WatercoolerPosting } from './posting.js';
import { promptJson as promptOf, type WatercoolerPresenter } from './presenters.js';
import type { WatercoolerPrompts } from './prompts.js';
import {
  adjustmentBody,
  adjustmentDestroyBody,
  bulkCreatePromptsBody,
  createPackBody,
  createPromptBody,
  destroyPromptBody,
  newProgramPreviewBody,
  packIdBody,
  packPromptBody,
  packPromptParams,
  previewBody,
  reorderBody,
  suggestQuery,
  updateBody,
  updatePackBody,
  updatePromptBody,
} from './schema.js';
import type { WatercoolerSettings } from './settings.js';

/** The services the routes call. */
export interface WatercoolerRouteServices {
  settings: WatercoolerSettings;
  packs: WatercoolerPacks;
  prompts: WatercoolerPrompts;
  posting: WatercoolerPosting;
  presenter: WatercoolerPresenter;
}

const suggestions = z.object({ prompts: z.array(suggestionJson) });
const onePack = z.object({ pack: packJson });

/**
 * The Watercooler's calls (programs.md §7 "Watercooler"). Thin: the path parsed, a service called (it checks
 * access first, then reads the body).
 */
export function watercoolerRoutes(wc: WatercoolerRouteServices): Router {
  const router = Router();
  router.use(['/watercooler', '/watercooler_prompts', '/watercooler_packs'], requireMember);
  const api = jsonApi(router, 'Watercooler');

  /** Writes answer with the whole watercooler, so the page can replace what it shows (the write checked access). */
  const page = async (req: Request, id: number) => ({ watercooler: await wc.presenter.page(authOf(req).workspace, id) });
  /** DELETE bodies are optional; their fields may come in the query string. */
  const bodyOrQuery = (req: Request) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });

  api.get('/watercooler/:id', { summary: 'A watercooler: its schedule, queue, packs and what was posted', params: idParams, response: watercoolerPage }, async ({ params, req }) => ({
    watercooler: await wc.presenter.show(authOf(req), params.id),
  }));

  api.put('/watercooler/:id/update_as_json', { summary: 'Change a watercooler’s schedule, state or queue order', params: idParams, serviceBody: updateBody, response: watercoolerPage }, async ({ params, req }) => {
    await wc.settings.update(authOf(req), params.id, req.body);
    return page(req, params.id);
  });

  api.get('/watercooler/:id/packs_library_as_json', { summary: 'The packs a watercooler may use, with their prompts', params: idParams, response: z.object({ packs: z.array(packJson) }) }, async ({ params, req }) => ({
    packs: await wc.presenter.packsLibrary(authOf(req), params.id),
  }));

  api.get('/watercooler/:id/suggest_prompts_as_json', { summary: 'Library prompts suggested for a watercooler', params: idParams, serviceQuery: suggestQuery, response: suggestions }, async ({ params, req }) => ({
    prompts: await wc.prompts.suggestForWatercooler(authOf(req), params.id, req.query),
  }));

  api.post('/watercooler/:id/watercooler_packs_watercoolers/create_as_json', { summary: 'Add a pack to a watercooler', params: idParams, serviceBody: packIdBody, response: watercoolerPage }, async ({ params, req }) => {
    await wc.packs.subscribe(authOf(req), params.id, req.body);
    return page(req, params.id);
  });

  api.delete('/watercooler/:id/watercooler_packs_watercoolers/destroy_as_json', { summary: 'Remove a pack from a watercooler (`pack_id` in the body or the query)', params: idParams, serviceBody: packIdBody, response: watercoolerPage }, async ({ params, req }) => {
    await wc.packs.unsubscribe(authOf(req), params.id, bodyOrQuery(req));
    return page(req, params.id);
  });

  api.post('/watercooler/:id/prompt_adjustments/create_as_json', { summary: 'Skip a prompt of the queue, or pin it first', params: idParams, serviceBody: adjustmentBody, response: watercoolerPage }, async ({ params, req }) => {
    await wc.prompts.adjust(authOf(req), params.id, req.body);
    return page(req, params.id);
  });

  api.delete('/watercooler/:id/prompt_adjustments/destroy_as_json', { summary: 'Undo a skip or a pin (in the body or the query)', params: idParams, serviceBody: adjustmentDestroyBody, response: watercoolerPage }, async ({ params, req }) => {
    await wc.prompts.clearAdjustment(authOf(req), params.id, bodyOrQuery(req));
    return page(req, params.id);
  });

  // What an admin previews is what is posted: the post's own builder, for a prompt of the program's real queue.
  api.post('/watercooler/preview_as_json', { summary: 'A new program’s first post, from a template', serviceBody: newProgramPreviewBody, response: promptPreviewJson }, ({ req }) => wc.posting.newProgramPreview(req.body));

  api.post('/watercooler/:id/preview_as_json', { summary: 'A prompt of the queue (the next one unless named) as it would be posted', params: idParams, serviceBody: previewBody, response: promptPreviewJson }, ({ params, req }) =>
    wc.posting.preview(authOf(req), params.id, req.body),
  );

  api.post('/watercooler/:id/send_prompt_as_json', { summary: 'Post the next prompt now (poll send_now_complete_as_json)', params: idParams, response: z.object({ program: programJson }) }, async ({ params, req }) => ({
    program: await wc.posting.requestSendNow(authOf(req), params.id),
  }));

  // ---- the watercooler's own prompts --------------------------------------------------------------

  api.post('/watercooler_prompts/create_as_json', { summary: 'Add a prompt of the watercooler’s own', serviceBody: createPromptBody, response: watercoolerPage.extend({ prompt: promptJson }) }, async ({ req }) => {
    const { prompt, program } = await wc.prompts.createOne(authOf(req), req.body);
    return { prompt: promptOf(prompt), ...(await page(req, program.id)) };
  });

  api.post('/watercooler_prompts/bulk_create_as_json', { summary: 'Add several prompts (from a pack or suggestions)', serviceBody: bulkCreatePromptsBody, response: watercoolerPage.extend({ prompts: z.array(promptJson) }) }, async ({ req }) => {
    const { prompts, program } = await wc.prompts.createMany(authOf(req), req.body);
    return { prompts: prompts.map(promptOf), ...(await page(req, program.id)) };
  });

  api.put('/watercooler_prompts/:id/update_as_json', { summary: 'Change a prompt’s text', params: idParams, serviceBody: updatePromptBody, response: watercoolerPage.extend({ prompt: promptJson }) }, async ({ params, req }) => {
    const { prompt, program } = await wc.prompts.update(authOf(req), params.id, req.body);
    return { prompt: promptOf(prompt), ...(await page(req, program.id)) };
  });

  api.delete('/watercooler_prompts/:id/destroy_as_json', { summary: 'Delete a prompt of the watercooler’s own (`watercooler_id` in the body or the query)', params: idParams, serviceBody: destroyPromptBody, response: watercoolerPage }, async ({ params, req }) => {
    const program = await wc.prompts.delete(authOf(req), params.id, bodyOrQuery(req));
    return page(req, program.id);
  });

  // ---- packs --------------------------------------------------------------------------------------

  api.post('/watercooler_packs/create_as_json', { summary: 'Create a custom pack (and add it to the watercooler named)', serviceBody: createPackBody, response: onePack.extend({ watercooler: watercoolerJson.optional() }) }, async ({ req }) => {
    const auth = authOf(req);
    const { pack, program } = await wc.packs.create(auth, req.body);
    return { pack: await wc.presenter.pack(auth, pack), ...(program ? await page(req, program.id) : {}) };
  });

  api.put('/watercooler_packs/:id/update_as_json', { summary: 'Change a custom pack’s name, description or emoji', params: idParams, serviceBody: updatePackBody, response: onePack }, async ({ params, req }) => {
    const auth = authOf(req);
    return { pack: await wc.presenter.pack(auth, await wc.packs.update(auth, params.id, req.body)) };
  });

  api.get('/watercooler_packs/:id/suggest_prompts_as_json', { summary: 'Library prompts suggested for a pack', params: idParams, serviceQuery: suggestQuery, response: suggestions }, async ({ params, req }) => ({
    prompts: await wc.prompts.suggestForPack(authOf(req), params.id, req.query),
  }));

  api.post('/watercooler_packs/:id/prompts', { summary: 'Add a prompt to a custom pack', params: idParams, serviceBody: packPromptBody, response: onePack.extend({ prompt: promptJson }) }, async ({ params, req }) => {
    const auth = authOf(req);
    const { prompt, pack } = await wc.packs.addPrompt(auth, params.id, req.body);
    return { prompt: promptOf(prompt), pack: await wc.presenter.pack(auth, pack) };
  });

  api.delete('/watercooler_packs/:id/prompts/:promptId', { summary: 'Delete a prompt of a custom pack', params: packPromptParams, response: onePack }, async ({ params, req }) => {
    const auth = authOf(req);
    return { pack: await wc.presenter.pack(auth, await wc.packs.deletePrompt(auth, params.id, params.promptId)) };
  });

  api.put('/watercooler_packs/:id/prompts/:promptId/reorder', { summary: 'Move a prompt of a custom pack up or down', params: packPromptParams, serviceBody: reorderBody, response: onePack }, async ({ params, req }) => {
    const auth = authOf(req);
    return { pack: await wc.presenter.pack(auth, await wc.packs.reorderPrompt(auth, params.id, params.promptId, req.body)) };
  });

  return router;
}
