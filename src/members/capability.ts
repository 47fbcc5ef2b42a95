import { defineCapability } from '../platform/capability.js';
import { AssetService } from './assets.js';
import { needs } from './deps.js';
import { processAsset } from './jobs.js';
import { assetRoutes, memberSettingsRoutes } from './routes.js';
import { MemberSettingsService } from './settings.js';

/** Members' own settings (profile, manager, working hours) and uploaded files. */
export const membersCapability = defineCapability({
  name: 'members',
  needs,
  setup(services) {
    const settings = new MemberSettingsService(services);
    const assets = new AssetService(services);
    return {
      jobs: [processAsset.handle((p) => assets.process(p.workspaceId, p.assetId))],
      routes: [memberSettingsRoutes(settings), assetRoutes(assets)],
    };
  },
});
