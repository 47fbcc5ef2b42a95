import { defineCapability } from '../platform/capability.js';
import { AssetService } from './assets.js';
import { needs } from './deps.js';
import { processAsset } from './jobs.js';
import { memberListeners } from './listeners.js';
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
      // Open data (docs/data-format.md). Uploaded files are not in the export (they are downloaded one by one).
      dataExport: {
        tables: [
          { table: 'member_profile_entries', description: "Members' profile entries (field id, category, text).", refs: { member_id: 'members' } },
          { table: 'member_relationships', description: "Members' managers.", refs: { member_id: 'members', related_member_id: 'members' } },
          { table: 'member_work_hours', description: "Members' working hours.", refs: { member_id: 'members' } },
        ],
      },
      jobs: [processAsset.handle((p) => assets.process(p.workspaceId, p.assetId))],
      routes: [memberSettingsRoutes(settings), assetRoutes(assets)],
      home: { name: 'members', render: ({ workspace, member }) => settings.homeBlocks(workspace, member) },
      listeners: [memberListeners(settings)],
    };
  },
});
