import type { Executor } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import { journeysPolicy } from './access.js';
import type {
  FlowType,
  PrebuiltJourneysIndex,
  PresetAnswer,
  PresetBundleAnswer,
  PresetBundlesIndex,
  PresetCategoriesIndex,
  PresetCategoryAnswer,
  PresetEventAnswer,
  PresetsIndex,
  QuickSetupType,
} from './api-types.js';
import type { JourneysDeps } from './deps.js';
import { BUNDLES, bundleById, categoryById, PRESETS, presetById, type LibraryPreset } from './library.js';
import { customPreset } from './presets.js';
import { allCategories, bundleJson, categoryJson, presetEventJson, presetJson } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import { createPresetBody } from './schema.js';

/** A preset by id: the shipped library's, or one of this workspace's own (another workspace's is not found). */
export async function presetIn(repo: JourneyRepository, workspaceId: number, id: number, ex?: Executor): Promise<LibraryPreset | undefined> {
  const library = presetById(id);
  if (library) return library;
  const row = await repo.customPreset(workspaceId, id, ex);
  return row && customPreset(row);
}

/** Every preset a workspace can use: the library's, then its own. */
export async function presetsIn(repo: JourneyRepository, workspaceId: number, ex?: Executor): Promise<LibraryPreset[]> {
  return [...PRESETS, ...(await repo.customPresets(workspaceId, ex)).map(customPreset)];
}

/** The shipped library as the pages read it: categories, presets, bundles and prebuilt journeys (with this workspace's role names). */
export class JourneyCatalog {
  constructor(
    private readonly s: Pick<JourneysDeps, 'clock'>,
    private readonly repo: JourneyRepository,
  ) {}

  /** POST /onboarding/presets (admins): a workspace's own preset, in a library category, usable like the library's. */
  async createPreset(auth: AuthContext, input: unknown): Promise<PresetAnswer> {
    await requireAccess(auth, journeysPolicy, auth.workspace.id, 'edit');
    const p = parse(createPresetBody, input).preset;
    const category = categoryById(p.category_id);
    if (!category) throw badRequest('preset.category_id: is not a known preset category', { 'preset.category_id': 'is not a known preset category' });
    const ws = auth.workspace.id;
    const row = await this.repo.inTransaction((trx) =>
      this.repo.insertCustomPreset(
        trx,
        ws,
        {
          category_id: category.id,
          name: p.name,
          description: p.description,
          flow_types: [...new Set(p.flow_types)],
          events: p.events.map((e) => ({
            kind: e.kind,
            days_later: e.days_later,
            minute_in_day: e.minute_in_day,
            recipient_type: 'role' as const,
            recipient: e.recipient,
            about: [],
            title: e.title,
            text: e.text,
            ...(e.kind === 'poll' ? { poll_options: e.poll_options } : {}),
          })),
          created_by_member_id: auth.member.id,
        },
        this.s.clock.now(),
      ),
    );
    return { preset: presetJson(customPreset(row), { roles: await this.repo.roles(ws) }) };
  }

  categories(): PresetCategoriesIndex {
    return { preset_categories: allCategories() };
  }

  async category(workspaceId: number, id: number): Promise<PresetCategoryAnswer> {
    const c = categoryById(id);
    if (!c) throw new HttpError(404, 'Not found');
    const roles = await this.repo.roles(workspaceId);
    const presets = (await presetsIn(this.repo, workspaceId)).filter((p) => p.category_id === id);
    return { preset_category: categoryJson(c), presets: presets.map((p) => presetJson(p, { roles })) };
  }

  async presets(workspaceId: number, q: { flow_type?: FlowType; category_id?: number }): Promise<PresetsIndex> {
    const roles = await this.repo.roles(workspaceId);
    const presets = (await presetsIn(this.repo, workspaceId)).filter((p) => (!q.flow_type || p.flow_types.includes(q.flow_type)) && (!q.category_id || p.category_id === q.category_id));
    return { presets: presets.map((p) => presetJson(p, { roles, flowType: q.flow_type })), preset_categories: allCategories() };
  }

  async preset(workspaceId: number, id: number): Promise<PresetAnswer> {
    const p = await presetIn(this.repo, workspaceId, id);
    if (!p) throw new HttpError(404, 'Not found');
    return { preset: presetJson(p, { roles: await this.repo.roles(workspaceId) }) };
  }

  async presetEvent(workspaceId: number, presetId: number, id: number): Promise<PresetEventAnswer> {
    const p = await presetIn(this.repo, workspaceId, presetId);
    const e = p?.events.find((x) => x.id === id);
    if (!p || !e) throw new HttpError(404, 'Not found');
    return { event: presetEventJson(p.id, e), preset: presetJson(p, { roles: await this.repo.roles(workspaceId) }) };
  }

  async bundles(workspaceId: number, flowType?: FlowType): Promise<PresetBundlesIndex> {
    const roles = await this.repo.roles(workspaceId);
    return { preset_bundles: BUNDLES.filter((b) => !flowType || b.flow_type === flowType).map((b) => bundleJson(b, roles)) };
  }

  async bundle(workspaceId: number, id: number): Promise<PresetBundleAnswer> {
    const b = bundleById(id);
    if (!b) throw new HttpError(404, 'Not found');
    return { preset_bundle: bundleJson(b, await this.repo.roles(workspaceId)) };
  }

  prebuilt(quickSetupType?: QuickSetupType): PrebuiltJourneysIndex {
    return {
      prebuilt_journeys: BUNDLES.filter((b) => !quickSetupType || b.quick_setup_types.includes(quickSetupType)).map((b) => ({
        id: b.id,
        name: b.name,
        description: b.description,
        flow_type: b.flow_type,
        quick_setup_types: b.quick_setup_types,
        preset_bundle_id: b.id,
        preset_ids: b.preset_ids,
        num_events: b.preset_ids.reduce((n, id) => n + (presetById(id)?.events.length ?? 0), 0),
      })),
    };
  }
}
