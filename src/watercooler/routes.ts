import { Router, type Request } from 'express';
import type { WatercoolerDeps } from './deps.js';
import { authOf, requireMember } from '../http/auth.js';
import { body, params, query } from '../http/validate.js';
import {
  adjustmentBody,
  adjustmentDestroyBody,
  bulkCreatePromptsBody,
  createPackBody,
  createPromptBody,
  destroyPromptBody,
  packIdBody,
  packPromptBody,
  packPromptParams,
  reorderBody,
  suggestQuery,
  updateBody,
  updatePackBody,
  updatePromptBody,
} from './schema.js';
import type { WatercoolerService } from './service.js';
import { idParams } from '../http/ids.js';
import { requireAccess } from '../platform/access.js';

/** The Watercooler's calls (programs.md §7 "Watercooler"). Thin: validate, check access, call the service. */
export function watercoolerRoutes(s: WatercoolerDeps, wc: WatercoolerService): Router {
  const router = Router();
  router.use(['/watercooler', '/watercooler_prompts', '/watercooler_packs'], requireMember);

  /** The program, if this member may change it (404 for another workspace's, 403 otherwise). */
  const editable = (req: Request, id: number) => requireAccess(authOf(req), s.programs.policy('Watercooler'), id, 'edit');
  /** Writes answer with the whole watercooler, so the page can replace what it shows. */
  const page = async (req: Request, id: number) => ({ watercooler: await wc.pageJson(authOf(req).workspace, await s.programs.get(authOf(req).workspace.id, id, 'Watercooler')) });
  /** DELETE bodies are optional; their fields may come in the query string. */
  const bodyOrQuery = (req: Request) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });

  router.get('/watercooler/:id', async (req, res) => {
    const { id } = params(req, idParams);
    await editable(req, id);
    res.json(await page(req, id));
  });

  router.put('/watercooler/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = body(req, updateBody);
    await wc.update(authOf(req), program, input);
    res.json(await page(req, id));
  });

  router.get('/watercooler/:id/packs_library_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    res.json({ packs: await wc.packsLibrary(authOf(req), program) });
  });

  router.get('/watercooler/:id/suggest_prompts_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { limit } = query(req, suggestQuery);
    res.json({ prompts: await wc.suggestForWatercooler(program, limit) });
  });

  router.post('/watercooler/:id/watercooler_packs_watercoolers/create_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { pack_id } = body(req, packIdBody);
    await wc.subscribe(program, pack_id);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/watercooler_packs_watercoolers/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { pack_id } = parseFrom(req, packIdBody);
    await wc.unsubscribe(program, pack_id);
    res.json(await page(req, id));
  });

  router.post('/watercooler/:id/prompt_adjustments/create_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = body(req, adjustmentBody);
    await wc.adjust(program, input.prompt_id, input.kind);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/prompt_adjustments/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = parseFrom(req, adjustmentDestroyBody);
    await wc.clearAdjustment(program, input.prompt_id, input.kind);
    res.json(await page(req, id));
  });

  router.post('/watercooler/:id/send_prompt_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    await wc.assertSendable(program);
    await s.programs.requestSendNow(program);
    const fresh = await s.programs.get(authOf(req).workspace.id, id);
    res.json({ program: (await s.programs.serialize(authOf(req).workspace, [fresh]))[0] });
  });

  // ---- the watercooler's own prompts --------------------------------------------------------------

  router.post('/watercooler_prompts/create_as_json', async (req, res) => {
    const input = body(req, createPromptBody);
    const program = await editable(req, input.watercooler_id);
    const [prompt] = await wc.createPrompts(authOf(req), program, [input.watercooler_prompt], null);
    res.json({ prompt, ...(await page(req, program.id)) });
  });

  router.post('/watercooler_prompts/bulk_create_as_json', async (req, res) => {
    const input = body(req, bulkCreatePromptsBody);
    const program = await editable(req, input.watercooler_id);
    const prompts = await wc.createPrompts(authOf(req), program, input.watercooler_prompts, input.pack_id ?? null);
    res.json({ prompts, ...(await page(req, program.id)) });
  });

  router.put('/watercooler_prompts/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, updatePromptBody);
    const { prompt, program } = await wc.updatePrompt(authOf(req), id, input.watercooler_prompt, input.watercooler_id);
    res.json({ prompt, ...(await page(req, program.id)) });
  });

  router.delete('/watercooler_prompts/:id/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = parseFrom(req, destroyPromptBody);
    const program = await wc.deletePrompt(authOf(req), id, input.watercooler_id);
    res.json(await page(req, program.id));
  });

  // ---- packs --------------------------------------------------------------------------------------

  router.post('/watercooler_packs/create_as_json', async (req, res) => {
    const input = body(req, createPackBody);
    const auth = authOf(req);
    const pack = await wc.createPack(auth, { ...input.watercooler_pack, watercoolerId: input.watercooler_id });
    res.json({ pack: await wc.packWithPrompts(auth, pack), ...(input.watercooler_id ? await page(req, input.watercooler_id) : {}) });
  });

  router.put('/watercooler_packs/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, updatePackBody);
    const auth = authOf(req);
    res.json({ pack: await wc.packWithPrompts(auth, await wc.updatePack(auth, id, input.watercooler_pack)) });
  });

  router.get('/watercooler_packs/:id/suggest_prompts_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const { limit } = query(req, suggestQuery);
    res.json({ prompts: await wc.suggestForPack(authOf(req), id, limit) });
  });

  router.post('/watercooler_packs/:id/prompts', async (req, res) => {
    const { id } = params(req, idParams);
    const { text } = body(req, packPromptBody);
    const auth = authOf(req);
    const [prompt] = await wc.addPackPrompts(auth, id, [text]);
    res.json({ prompt, pack: await wc.packWithPrompts(auth, await wc.editablePack(auth, id)) });
  });

  router.delete('/watercooler_packs/:id/prompts/:promptId', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const auth = authOf(req);
    await wc.deletePackPrompt(auth, id, promptId);
    res.json({ pack: await wc.packWithPrompts(auth, await wc.editablePack(auth, id)) });
  });

  router.put('/watercooler_packs/:id/prompts/:promptId/reorder', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const { direction } = body(req, reorderBody);
    const auth = authOf(req);
    await wc.reorderPackPrompt(auth, id, promptId, direction);
    res.json({ pack: await wc.packWithPrompts(auth, await wc.editablePack(auth, id)) });
  });

  /** A body, or for DELETE the query string when there is no body. */
  function parseFrom<S extends Parameters<typeof body>[1]>(req: Request, schema: S) {
    return body({ body: bodyOrQuery(req) } as Request, schema);
  }

  return router;
}
