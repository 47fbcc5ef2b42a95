import { Router } from 'express';
import { z } from 'zod';
import { jsonApi } from '../http/api.js';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { directIdentityJson, hrisIdentityJson, integratableProgramJson, integrationsOverviewJson, linkTokenJson, memberIdentityJson, newHireJson } from './api-types.js';
import { completeBody, createIntegrationBody, directIdentityBody, newHiresQuery, providerBody, syncablesBody, updateHrisBody, variantBody } from './schema.js';
import type { IntegrationsService } from './service.js';

/** programs.md §7 "HRIS", journeys.md §7 "Integrations", and the Integrations page's reads. Thin over the services. */
export function integrationsRoutes(i: IntegrationsService): Router {
  const router = Router();
  router.use(['/hris', '/direct_integration_identities', '/integrations', '/field_test', '/users/integrations'], requireMember);

  const api = jsonApi(router, 'Integrations');
  const hrisIdentity = z.object({ hris_identity: hrisIdentityJson });
  const directIdentity = z.object({ direct_integration_identity: directIdentityJson });
  const identities = z.object({ identities: z.array(memberIdentityJson) });

  // The HR system (the static paths before /hris/:id)
  api.post('/hris/create_link_token_as_json', { summary: 'A link token to open the HR system’s link dialog', response: linkTokenJson }, ({ req }) => i.hris.createLinkToken(authOf(req)));
  api.post('/hris/create_integration_as_json', { summary: 'Link the HR system the dialog connected', serviceBody: createIntegrationBody, response: hrisIdentity }, async ({ req }) => ({ hris_identity: await i.hris.create(authOf(req), req.body) }));
  api.get('/hris/integratable_programs_as_json', { summary: 'The programs the HR system can feed', response: z.object({ programs: z.array(integratableProgramJson) }) }, async ({ req }) => ({ programs: await i.hris.integratablePrograms(authOf(req)) }));
  api.get('/hris/:id/show_as_json', { summary: 'The linked HR system and its sync', params: idParams, response: hrisIdentity }, async ({ params, req }) => ({ hris_identity: await i.hris.show(authOf(req), params.id) }));
  api.put('/hris/:id/update_as_json', { summary: 'Change who owns the HR system link', params: idParams, serviceBody: updateHrisBody, response: hrisIdentity }, async ({ params, req }) => ({
    hris_identity: await i.hris.updateOwner(authOf(req), params.id, req.body),
  }));
  api.post('/hris/:id/create_syncables_as_json', { summary: 'Choose the programs the HR system feeds', params: idParams, serviceBody: syncablesBody, response: hrisIdentity }, async ({ params, req }) => ({
    hris_identity: await i.hris.createSyncables(authOf(req), params.id, req.body),
  }));

  // Applicant tracking
  api.post('/direct_integration_identities', { summary: 'Link an applicant tracking system by its API key', serviceBody: directIdentityBody, response: directIdentity }, async ({ req }) => ({
    direct_integration_identity: await i.ats.create(authOf(req), req.body),
  }));
  api.get('/direct_integration_identities/:id/validate', { summary: 'Check the applicant tracking key’s permissions', params: idParams, response: directIdentity }, async ({ params, req }) => ({
    direct_integration_identity: await i.ats.validate(authOf(req), params.id),
  }));
  api.get('/direct_integration_identities/:id', { summary: 'An applicant tracking link', params: idParams, response: directIdentity }, async ({ params, req }) => ({ direct_integration_identity: await i.ats.show(authOf(req), params.id) }));

  // The Integrations page and the people the integrations report
  api.get('/integrations/overview_as_json', { summary: 'What the Integrations page shows', response: integrationsOverviewJson }, ({ req }) => i.overview(authOf(req)));
  api.get('/integrations/new_hires_as_json', { summary: 'The people starting in the coming days, as the integrations report them', query: newHiresQuery, response: z.object({ days: z.number().int(), new_hires: z.array(newHireJson) }) }, ({ query, req }) =>
    i.upcomingNewHires(authOf(req), query.days),
  );

  // A member's calendar and video accounts
  api.post('/users/integrations/authorize_as_json', { summary: 'Where to go to link a calendar or video account', body: providerBody, response: z.object({ authorize_url: z.string() }) }, ({ body, req }) => i.calendars.start(authOf(req), body.provider));
  api.post('/users/integrations/complete_as_json', { summary: 'Finish linking a calendar or video account', body: completeBody, response: identities }, async ({ body, req }) => ({
    identities: await i.calendars.complete(authOf(req), body.provider, body.code, body.state),
  }));
  api.delete('/users/integrations/destroy_as_json', { summary: 'Unlink a calendar or video account', body: providerBody, response: identities }, async ({ body, req }) => ({ identities: await i.calendars.unlink(authOf(req), body.provider) }));

  api.post('/field_test/variant_as_json', { summary: 'The member’s variant of an experiment', body: variantBody, response: z.object({ experiment: z.string(), variant: z.string() }) }, ({ body, req }) => i.variant(authOf(req), body));
  return router;
}
