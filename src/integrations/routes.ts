import { Router } from 'express';
import { authOf, requireMember } from '../http/auth.js';
import { idParams } from '../http/ids.js';
import { body, params, query } from '../http/validate.js';
import type { IntegrationsService } from './service.js';
import {
  completeBody,
  newHiresQuery,
  providerBody,
  variantBody,
} from './schema.js';

/** programs.md §7 "HRIS", journeys.md §7 "Integrations", and the Integrations page's reads. Thin over the services. */
export function integrationsRoutes(i: IntegrationsService): Router {
  const router = Router();
  router.use(['/hris', '/direct_integration_identities', '/integrations', '/field_test', '/users/integrations'], requireMember);

  // The HR system (the static paths before /hris/:id)
  router.post('/hris/create_link_token_as_json', async (req, res) => void res.json(await i.hris.createLinkToken(authOf(req))));
  router.post('/hris/create_integration_as_json', async (req, res) => void res.json({ hris_identity: await i.hris.create(authOf(req), req.body) }));
  router.get('/hris/integratable_programs_as_json', async (req, res) => void res.json({ programs: await i.hris.integratablePrograms(authOf(req)) }));
  router.get('/hris/:id/show_as_json', async (req, res) => void res.json({ hris_identity: await i.hris.show(authOf(req), params(req, idParams).id) }));
  router.put('/hris/:id/update_as_json', async (req, res) => void res.json({ hris_identity: await i.hris.updateOwner(authOf(req), params(req, idParams).id, req.body) }));
  router.post('/hris/:id/create_syncables_as_json', async (req, res) => void res.json({ hris_identity: await i.hris.createSyncables(authOf(req), params(req, idParams).id, req.body) }));

  // Applicant tracking
  router.post('/direct_integration_identities', async (req, res) => void res.json({ direct_integration_identity: await i.ats.create(authOf(req), req.body) }));
  router.get('/direct_integration_identities/:id/validate', async (req, res) => void res.json({ direct_integration_identity: await i.ats.validate(authOf(req), params(req, idParams).id) }));
  router.get('/direct_integration_identities/:id', async (req, res) => void res.json({ direct_integration_identity: await i.ats.show(authOf(req), params(req, idParams).id) }));

  // The Integrations page and the people the integrations report
  router.get('/integrations/overview_as_json', async (req, res) => void res.json(await i.overview(authOf(req))));
  router.get('/integrations/new_hires_as_json', async (req, res) => {
    const { days } = query(req, newHiresQuery);
    res.json(await i.upcomingNewHires(authOf(req), days));
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
