import { billingCapability } from './billing/capability.js';
import { celebrationsCapability } from './celebrations/capability.js';
import { hubCapability } from './hub/capability.js';
import { integrationsCapability } from './integrations/capability.js';
import { enrollmentCapability } from './enrollment/capability.js';
import { introsCapability } from './intros/capability.js';
import { membersCapability } from './members/capability.js';
import { journeysCapability } from './journeys/capability.js';
import type { Capability, ServiceName } from './platform/capability.js';
import { pointsCapability } from './points/capability.js';
import { reportingCapability } from './reporting/capability.js';
import { watercoolerCapability } from './watercooler/capability.js';

/**
 * Hearth's capabilities, in the order their Home tab sections appear. Adding one is a folder, a line here and
 * its migration. The platform's own capability (tick, outbox, directory, Home tab, events) comes first.
 */
export const capabilities: Array<Capability<ServiceName>> = [introsCapability, watercoolerCapability, celebrationsCapability, journeysCapability, enrollmentCapability, hubCapability, pointsCapability, membersCapability, billingCapability, reportingCapability, integrationsCapability];
