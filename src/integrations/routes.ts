import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import { requireAccess, requireWorkspaceAdmin } from '../platform/access.js';
import type { IntegrationsService } from './service.js';
import {
  completeBody,
  createIntegrationBody,
  directIdentityBody,
  newHiresQuery,
  providerBody,
  syncablesBody,
  updateHrisBody,
  variantBody,
} from './schema.js';

/** programs.md §7 "HRIS", journeys.md §7 "Integrations", and the Integrations page's reads. Thin over the services. */
export function integrationsRoutes(i: IntegrationsService): Router {
  const router = Router();
  router.use(['/hris', '/direct_integration_identities', '/integrations', '/field_test', '/users/integrations'], requireMember);
  const admin = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    requireWorkspaceAdmin(auth);
    return auth;
  };

  // The HR system (the static paths before /hris/:id)
  router.post('/hris/create_link_token_as_json', async (req, res) => void res.json(await i.hris.createLinkToken(admin(req))));
  router.post('/hris/create_integration_as_json', async (req, res) => {
    const { public_token } = body(req, createIntegrationBody);
    res.json({ hris_identity: await i.hris.create(admin(req), public_token) });
  });
  router.get('/hris/integratable_programs_as_json', async (req, res) => void res.json({ programs: await i.hris.integratablePrograms(admin(req)) }));
  router.get('/hris/:id/show_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ hris_identity: await i.hris.json(await requireAccess(authOf(req), i.hris.policy, id, 'read')) });
  });
  router.put('/hris/:id/update_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, updateHrisBody);
    const identity = await requireAccess(authOf(req), i.hris.policy, id, 'edit');
    res.json({ hris_identity: await i.hris.updateOwner(authOf(req), identity, input.hris_identity.user_id) });
  });
  router.post('/hris/:id/create_syncables_as_json', async (req, res) => {
    const { id } = params(req, idParams);
    const input = body(req, syncablesBody);
    const identity = await requireAccess(authOf(req), i.hris.policy, id, 'edit');
    res.json({ hris_identity: await i.hris.createSyncables(authOf(req), identity, input.hris_syncables) });
  });

  // Applicant tracking
  router.post('/direct_integration_identities', async (req, res) => {
    const input = body(req, directIdentityBody);
    res.json({ direct_integration_identity: await i.ats.create(admin(req), input) });
  });
  router.get('/direct_integration_identities/:id/validate', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ direct_integration_identity: await i.ats.validate(await requireAccess(authOf(req), i.ats.policy, id, 'edit')) });
  });
  router.get('/direct_integration_identities/:id', async (req, res) => {
    const { id } = params(req, idParams);
    res.json({ direct_integration_identity: await i.ats.json(await requireAccess(authOf(req), i.ats.policy, id, 'read')) });
  });

  // The Integrations page and the people the integrations report
  router.get('/integrations/overview_as_json', async (req, res) => void res.json(await i.overview(authOf(req))));
  router.get('/integrations/new_hires_as_json', async (req, res) => {
    const { days } = query(req, newHiresQuery);
    res.json(await i.upcomingNewHires(admin(req), days));
  });

  // A member's calendar and video accounts
  router.post('/users/integrations/authorize_as_json', async (req, res) => void res.json(i.calendars.start(authOf(req), body(req, providerBody).provider)));
  router.post('/users/integrations/complete_as_json', async (req, res) => {
    const input = body(req, completeBody);
    res.json({ identities: await i.calendars.complete(authOf(req), input.provider, input.code, input.state) });
  });
  router.delete('/users/integrations/destroy_as_json', async (req, res) => {
    const { provider } = body(req, providerBody);
    res.json({ identities: await i.calendars.unlink(authOf(req), provider) });
  });

  router.post('/field_test/variant_as_json', async (req, res) => void res.json(i.variant(authOf(req), body(req, variantBody))));
  return router;
}
