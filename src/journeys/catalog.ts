import { HttpError } from '../http/errors.js';
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
import { BUNDLES, bundleById, categoryById, PRESETS, presetById } from './library.js';
import { allCategories, bundleJson, categoryJson, presetEventJson, presetJson } from './presenters.js';
import type { JourneyRepository } from './repository.js';

/** The shipped library as the pages read it: categories, presets, bundles and prebuilt journeys (with this workspace's role names). */
export class JourneyCatalog {
  constructor(private readonly repo: JourneyRepository) {}

  categories(): PresetCategoriesIndex {
    return { preset_categories: allCategories() };
  }

  async category(workspaceId: number, id: number): Promise<PresetCategoryAnswer> {
    const c = categoryById(id);
    if (!c) throw new HttpError(404, 'Not found');
    const roles = await this.repo.roles(workspaceId);
    return { preset_category: categoryJson(c), presets: PRESETS.filter((p) => p.category_id === id).map((p) => presetJson(p, { roles })) };
  }

  async presets(workspaceId: number, q: { flow_type?: FlowType; category_id?: number }): Promise<PresetsIndex> {
    const roles = await this.repo.roles(workspaceId);
    const presets = PRESETS.filter((p) => (!q.flow_type || p.flow_types.includes(q.flow_type)) && (!q.category_id || p.category_id === q.category_id));
    return { presets: presets.map((p) => presetJson(p, { roles, flowType: q.flow_type })), preset_categories: allCategories() };
  }

  async preset(workspaceId: number, id: number): Promise<PresetAnswer> {
    const p = presetById(id);
    if (!p) throw new HttpError(404, 'Not found');
    return { preset: presetJson(p, { roles: await this.repo.roles(workspaceId) }) };
  }

  async presetEvent(workspaceId: number, presetId: number, id: number): Promise<PresetEventAnswer> {
    const p = presetById(presetId);
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
