import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import type { ChannelProgramService } from '../programs/service.js';
import type { WatercoolerPacks } from './packs.js';
import type { WatercoolerPosting } from './posting.js';
import type { WatercoolerPresenter } from './presenters.js';
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
  watercoolerRef,
} from './schema.js';
import type { WatercoolerSettings } from './settings.js';

/** The services the routes call. */
export interface WatercoolerRouteServices {
  programs: ChannelProgramService;
  settings: WatercoolerSettings;
  packs: WatercoolerPacks;
  prompts: WatercoolerPrompts;
  posting: WatercoolerPosting;
  presenter: WatercoolerPresenter;
}

/** The Watercooler's calls (programs.md §7 "Watercooler"). Thin: validate, check access, call the service. */
export function watercoolerRoutes(wc: WatercoolerRouteServices): Router {
  const router = Router();
  router.use(['/watercooler', '/watercooler_prompts', '/watercooler_packs'], requireMember);

  /** The program, if this member may change it (404 for another workspace's, 403 otherwise). */
  const editable = (req: Request, id: number) => requireAccess(authOf(req), wc.programs.policy('Watercooler'), id, 'edit');
  /** A custom pack this member may change (404 for another workspace's, 403 for the library's or someone else's). */
  const editablePack = (req: Request, id: number) => requireAccess(authOf(req), wc.packs.policy, id, 'edit');
  /** One of a watercooler's own prompts this member may change; a given watercooler id must be its own (else 404). */
  const editablePrompt = async (req: Request, id: number, watercoolerId: number | undefined) => {
    const owned = await requireAccess(authOf(req), wc.prompts.policy, id, 'edit');
    if (watercoolerId !== undefined && watercoolerId !== owned.program.id) throw new HttpError(404, 'Not found');
    return owned;
  };
  /** Writes answer with the whole watercooler, so the page can replace what it shows. */
  const page = async (req: Request, id: number) => ({ watercooler: await wc.presenter.page(authOf(req).workspace, id) });
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
    await wc.settings.update(authOf(req), program, input);
    res.json(await page(req, id));
  });

  router.get('/watercooler/:id/packs_library_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    res.json({ packs: await wc.presenter.packsLibrary(authOf(req), program) });
  });

  router.get('/watercooler/:id/suggest_prompts_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { limit } = query(req, suggestQuery);
    res.json({ prompts: await wc.prompts.suggestForWatercooler(program, limit) });
  });

  router.post('/watercooler/:id/watercooler_packs_watercoolers/create_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { pack_id } = body(req, packIdBody);
    await wc.packs.subscribe(program, pack_id);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/watercooler_packs_watercoolers/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const { pack_id } = parseFrom(req, packIdBody);
    await wc.packs.unsubscribe(program, pack_id);
    res.json(await page(req, id));
  });

  router.post('/watercooler/:id/prompt_adjustments/create_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = body(req, adjustmentBody);
    await wc.prompts.adjust(program, input.prompt_id, input.kind);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/prompt_adjustments/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    const input = parseFrom(req, adjustmentDestroyBody);
    await wc.prompts.clearAdjustment(program, input.prompt_id, input.kind);
    res.json(await page(req, id));
  });

  // What an admin previews is what is posted: the post's own builder, for a prompt of the program's real queue.
  router.post('/watercooler/preview_as_json', (req, res) => {
    res.json(wc.posting.newProgramPreview(body(req, newProgramPreviewBody).template_id));
  });

  router.post('/watercooler/:id/preview_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    res.json(await wc.posting.preview(program, body(req, previewBody).prompt_id));
  });

  router.post('/watercooler/:id/send_prompt_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const program = await editable(req, id);
    await wc.posting.assertSendable(program);
    await wc.programs.requestSendNow(program);
    const fresh = await wc.programs.get(authOf(req).workspace.id, id);
    res.json({ program: (await wc.programs.serialize(authOf(req).workspace, [fresh]))[0] });
  });

  // ---- the watercooler's own prompts --------------------------------------------------------------

  router.post('/watercooler_prompts/create_as_json', async (req, res) => {
    // The watercooler is asked about before the rest of the body is read.
    const program = await editable(req, body(req, watercoolerRef).watercooler_id);
    const input = body(req, createPromptBody);
    const [prompt] = await wc.prompts.create(authOf(req), program, [input.watercooler_prompt], null);
    res.json({ prompt, ...(await page(req, program.id)) });
  });

  router.post('/watercooler_prompts/bulk_create_as_json', async (req, res) => {
    const program = await editable(req, body(req, watercoolerRef).watercooler_id);
    const input = body(req, bulkCreatePromptsBody);
    const prompts = await wc.prompts.create(authOf(req), program, input.watercooler_prompts, input.pack_id ?? null);
    res.json({ prompts, ...(await page(req, program.id)) });
  });

  router.put('/watercooler_prompts/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, updatePromptBody);
    const owned = await editablePrompt(req, id, input.watercooler_id);
    const prompt = await wc.prompts.update(authOf(req), owned, input.watercooler_prompt);
    res.json({ prompt, ...(await page(req, owned.program.id)) });
  });

  router.delete('/watercooler_prompts/:id/destroy_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = parseFrom(req, destroyPromptBody);
    const owned = await editablePrompt(req, id, input.watercooler_id);
    await wc.prompts.delete(owned);
    res.json(await page(req, owned.program.id));
  });

  // ---- packs --------------------------------------------------------------------------------------

  router.post('/watercooler_packs/create_as_json', async (req, res) => {
    const input = body(req, createPackBody);
    const auth = authOf(req);
    const pack = await wc.packs.create(auth, input);
    res.json({ pack: await wc.presenter.pack(auth, pack), ...(input.watercooler_id ? await page(req, input.watercooler_id) : {}) });
  });

  router.put('/watercooler_packs/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, updatePackBody);
    const auth = authOf(req);
    const pack = await wc.packs.update(auth, await editablePack(req, id), input.watercooler_pack);
    res.json({ pack: await wc.presenter.pack(auth, pack) });
  });

  router.get('/watercooler_packs/:id/suggest_prompts_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const { limit } = query(req, suggestQuery);
    const pack = await requireAccess(authOf(req), wc.packs.policy, id, 'read');
    res.json({ prompts: await wc.prompts.suggestForPack(authOf(req).workspace.id, pack, limit) });
  });

  router.post('/watercooler_packs/:id/prompts', async (req, res) => {
    const { id } = params(req, idParams);
    const { text } = body(req, packPromptBody);
    const auth = authOf(req);
    const pack = await editablePack(req, id);
    const [prompt] = await wc.packs.addPrompts(auth, pack, [text]);
    res.json({ prompt, pack: await wc.presenter.pack(auth, pack) });
  });

  router.delete('/watercooler_packs/:id/prompts/:promptId', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const pack = await editablePack(req, id);
    await wc.packs.deletePrompt(pack, promptId);
    res.json({ pack: await wc.presenter.pack(authOf(req), pack) });
  });

  router.put('/watercooler_packs/:id/prompts/:promptId/reorder', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const { direction } = body(req, reorderBody);
    const pack = await editablePack(req, id);
    await wc.packs.reorderPrompt(pack, promptId, direction);
    res.json({ pack: await wc.presenter.pack(authOf(req), pack) });
  });

  /** A body, or for DELETE the query string when there is no body. */
  function parseFrom<S extends Parameters<typeof body>[1]>(req: Request, schema: S) {
    return body({ body: bodyOrQuery(req) } as Request, schema);
  }

  return router;
}
