import { Router, type Request } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { params } from '../http/validate.js';
import type { WatercoolerPacks } from './packs.js';
import type { WatercoolerPosting } from './posting.js';
import type { WatercoolerPresenter } from './presenters.js';
import type { WatercoolerPrompts } from './prompts.js';
import { packPromptParams } from './schema.js';
import type { WatercoolerSettings } from './settings.js';

/** The services the routes call. */
export interface WatercoolerRouteServices {
  settings: WatercoolerSettings;
  packs: WatercoolerPacks;
  prompts: WatercoolerPrompts;
  posting: WatercoolerPosting;
  presenter: WatercoolerPresenter;
}

/**
 * The Watercooler's calls (programs.md §7 "Watercooler"). Thin: parse the path, call the service (which checks
 * access first, then reads the body).
 */
export function watercoolerRoutes(wc: WatercoolerRouteServices): Router {
  const router = Router();
  router.use(['/watercooler', '/watercooler_prompts', '/watercooler_packs'], requireMember);

  const idOf = (req: Request) => params(req, idParams).id;
  /** Writes answer with the whole watercooler, so the page can replace what it shows (the write checked access). */
  const page = async (req: Request, id: number) => ({ watercooler: await wc.presenter.page(authOf(req).workspace, id) });
  /** DELETE bodies are optional; their fields may come in the query string. */
  const bodyOrQuery = (req: Request) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });

  router.get('/watercooler/:id', async (req, res) => {
    res.json({ watercooler: await wc.presenter.show(authOf(req), idOf(req)) });
  });

  router.put('/watercooler/:id/update_as_json', async (req, res) => {
    const id = idOf(req);
    await wc.settings.update(authOf(req), id, req.body);
    res.json(await page(req, id));
  });

  router.get('/watercooler/:id/packs_library_as_json', async (req, res) => {
    res.json({ packs: await wc.presenter.packsLibrary(authOf(req), idOf(req)) });
  });

  router.get('/watercooler/:id/suggest_prompts_as_json', async (req, res) => {
    res.json({ prompts: await wc.prompts.suggestForWatercooler(authOf(req), idOf(req), req.query) });
  });

  router.post('/watercooler/:id/watercooler_packs_watercoolers/create_as_json', async (req, res) => {
    const id = idOf(req);
    await wc.packs.subscribe(authOf(req), id, req.body);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/watercooler_packs_watercoolers/destroy_as_json', async (req, res) => {
    const id = idOf(req);
    await wc.packs.unsubscribe(authOf(req), id, bodyOrQuery(req));
    res.json(await page(req, id));
  });

  router.post('/watercooler/:id/prompt_adjustments/create_as_json', async (req, res) => {
    const id = idOf(req);
    await wc.prompts.adjust(authOf(req), id, req.body);
    res.json(await page(req, id));
  });

  router.delete('/watercooler/:id/prompt_adjustments/destroy_as_json', async (req, res) => {
    const id = idOf(req);
    await wc.prompts.clearAdjustment(authOf(req), id, bodyOrQuery(req));
    res.json(await page(req, id));
  });

  // What an admin previews is what is posted: the post's own builder, for a prompt of the program's real queue.
  router.post('/watercooler/preview_as_json', (req, res) => {
    res.json(wc.posting.newProgramPreview(req.body));
  });

  router.post('/watercooler/:id/preview_as_json', async (req, res) => {
    res.json(await wc.posting.preview(authOf(req), idOf(req), req.body));
  });

  router.post('/watercooler/:id/send_prompt_as_json', async (req, res) => {
    res.json({ program: await wc.posting.requestSendNow(authOf(req), idOf(req)) });
  });

  // ---- the watercooler's own prompts --------------------------------------------------------------

  router.post('/watercooler_prompts/create_as_json', async (req, res) => {
    const { prompt, program } = await wc.prompts.createOne(authOf(req), req.body);
    res.json({ prompt, ...(await page(req, program.id)) });
  });

  router.post('/watercooler_prompts/bulk_create_as_json', async (req, res) => {
    const { prompts, program } = await wc.prompts.createMany(authOf(req), req.body);
    res.json({ prompts, ...(await page(req, program.id)) });
  });

  router.put('/watercooler_prompts/:id/update_as_json', async (req, res) => {
    const { prompt, program } = await wc.prompts.update(authOf(req), idOf(req), req.body);
    res.json({ prompt, ...(await page(req, program.id)) });
  });

  router.delete('/watercooler_prompts/:id/destroy_as_json', async (req, res) => {
    const program = await wc.prompts.delete(authOf(req), idOf(req), bodyOrQuery(req));
    res.json(await page(req, program.id));
  });

  // ---- packs --------------------------------------------------------------------------------------

  router.post('/watercooler_packs/create_as_json', async (req, res) => {
    const auth = authOf(req);
    const { pack, program } = await wc.packs.create(auth, req.body);
    res.json({ pack: await wc.presenter.pack(auth, pack), ...(program ? await page(req, program.id) : {}) });
  });

  router.put('/watercooler_packs/:id/update_as_json', async (req, res) => {
    const auth = authOf(req);
    const pack = await wc.packs.update(auth, idOf(req), req.body);
    res.json({ pack: await wc.presenter.pack(auth, pack) });
  });

  router.get('/watercooler_packs/:id/suggest_prompts_as_json', async (req, res) => {
    res.json({ prompts: await wc.prompts.suggestForPack(authOf(req), idOf(req), req.query) });
  });

  router.post('/watercooler_packs/:id/prompts', async (req, res) => {
    const auth = authOf(req);
    const { prompt, pack } = await wc.packs.addPrompt(auth, idOf(req), req.body);
    res.json({ prompt, pack: await wc.presenter.pack(auth, pack) });
  });

  router.delete('/watercooler_packs/:id/prompts/:promptId', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const pack = await wc.packs.deletePrompt(authOf(req), id, promptId);
    res.json({ pack: await wc.presenter.pack(authOf(req), pack) });
  });

  router.put('/watercooler_packs/:id/prompts/:promptId/reorder', async (req, res) => {
    const { id, promptId } = params(req, packPromptParams);
    const pack = await wc.packs.reorderPrompt(authOf(req), id, promptId, req.body);
    res.json({ pack: await wc.presenter.pack(authOf(req), pack) });
  });

  return router;
}
