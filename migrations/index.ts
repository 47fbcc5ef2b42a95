import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_channel_programs.js';
import * as m0003 from './0003_intros.js';
import * as m0004 from './0004_watercooler.js';
import * as m0005 from './0005_celebrations.js';
import * as m0006 from './0006_domain_events.js';
import * as m0007 from './0007_intros_counters.js';
import * as m0008 from './0008_journeys.js';
import * as m0009 from './0009_points.js';
import * as m0010 from './0010_billing.js';
import * as m0011 from './0011_members.js';
import * as m0014 from './0014_reporting.js';
import * as m0015 from './0015_enrollment.js';
import * as m0016 from './0016_hub.js';
import * as m0017 from './0017_integrations.js';
import * as m0019 from './0019_reporting_issues_connections.js';
import * as m0021 from './0021_celebration_images.js';
import * as m0022 from './0022_outbox_calling.js';
import * as m0024 from './0024_journey_custom_presets.js';
import * as m0025 from './0025_reporting_issue_links.js';
import * as m0026 from './0026_intros_hris_groups.js';
import * as m0027 from './0027_integration_writes.js';
import * as m0028 from './0028_delivery_outbox.js';
import * as m0029 from './0029_delivery_dm_channels.js';
import * as m0030 from './0030_journeys_self_enroll.js';
import * as m0031 from './0031_admin_billing_trials.js';
import * as m0032 from './0032_delivery_failures.js';
import * as m0033 from './0033_cover_new_programs.js';
import * as m0034 from './0034_events_by_type_and_seq.js';
import * as m0035 from './0035_journey_skipped_role.js';

/** Every migration, in order. Names are frozen once shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_channel_programs': m0002,
  '0003_intros': m0003,
  '0004_watercooler': m0004,
  '0005_celebrations': m0005,
  '0006_domain_events': m0006,
  '0007_intros_counters': m0007,
  '0008_journeys': m0008,
  '0009_points': m0009,
  '0010_billing': m0010,
  '0011_members': m0011,
  '0014_reporting': m0014,
  '0015_enrollment': m0015,
  '0016_hub': m0016,
  '0017_integrations': m0017,
  '0019_reporting_issues_connections': m0019,
  '0021_celebration_images': m0021,
  '0022_outbox_calling': m0022,
  '0024_journey_custom_presets': m0024,
  '0025_reporting_issue_links': m0025,
  '0026_intros_hris_groups': m0026,
  '0027_integration_writes': m0027,
  '0028_delivery_outbox': m0028,
  '0029_delivery_dm_channels': m0029,
  '0030_journeys_self_enroll': m0030,
  '0031_admin_billing_trials': m0031,
  '0032_delivery_failures': m0032,
  '0033_cover_new_programs': m0033,
  '0034_events_by_type_and_seq': m0034,
  '0035_journey_skipped_role': m0035,
};
