import { Router, type Request, type Response } from 'express';
import type { Clock } from '../../time/clock.js';

/** A key containing "invalid" is refused (401); one containing "no-<group>" (e.g. no-offers) lacks that group (403). */
const GROUP_OF: Record<string, string> = {
  applications: 'applications',
  candidates: 'candidates',
  custom_fields: 'custom-fields',
  departments: 'departments',
  jobs: 'jobs',
  offers: 'offers',
  offices: 'offices',
  sources: 'sources',
  users: 'users',
};

const addDays = (today: string, n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const JOBS = [
  { id: 4001, name: 'Backend Engineer', departments: [{ id: 51, name: 'Engineering' }], offices: [{ id: 61, name: 'New York' }] },
  { id: 4002, name: 'Customer Success Manager', departments: [{ id: 52, name: 'Customer Success' }], offices: [{ id: 62, name: 'London' }] },
];
const CANDIDATES = [
  { id: 9001, first_name: 'Mateo', last_name: 'Rossi', email_addresses: [{ value: 'mateo.rossi@acme.example', type: 'personal' }], custom_fields: { pronouns: 'he/him' } },
  { id: 9002, first_name: 'Aisha', last_name: 'Karimi', email_addresses: [{ value: 'aisha.karimi@acme.example', type: 'work' }], custom_fields: {} },
  { id: 9003, first_name: 'Ben', last_name: 'Ortiz', email_addresses: [{ value: 'ben.ortiz@example.com', type: 'personal' }], custom_fields: {} },
];

/**
 * The sandbox's stand-in for Greenhouse Harvest: Basic auth with the key as the user name, the list endpoints
 * Hearth probes and reads, `per_page`/`page` with an RFC 5988 Link header. Two hired candidates with accepted
 * offers (starting three and five weeks after the sandbox clock's today) and one still interviewing.
 */
export function greenhouseStandIn(clock: Clock): Router {
  const router = Router();
  const keyOf = (req: Request) => {
    const m = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
    return m ? Buffer.from(m[1]!, 'base64').toString('utf8').replace(/:$/, '') : '';
  };
  const today = () => clock.now().toISOString().slice(0, 10);

  router.use((req, res, next) => {
    const key = keyOf(req);
    if (key.length < 8 || key.includes('invalid')) return void res.status(401).json({ message: 'Invalid Basic Auth credentials' });
    const group = GROUP_OF[req.path.split('/')[1] ?? ''];
    if (group && key.includes(`no-${group}`)) return void res.status(403).json({ message: 'This API key does not have permission to access this endpoint' });
    next();
  });

  const paged = (req: Request, res: Response, rows: unknown[]) => {
    const perPage = Math.min(500, Math.max(1, Number(req.query.per_page) || 100));
    const page = Math.max(1, Number(req.query.page) || 1);
    const last = Math.max(1, Math.ceil(rows.length / perPage));
    const link = (p: number) => {
      const q = new URLSearchParams(req.query as Record<string, string>);
      q.set('page', String(p));
      q.set('per_page', String(perPage));
      return `<${req.protocol}://${req.get('host')}${req.baseUrl}${req.path}?${q}>`;
    };
    const links = [...(page < last ? [`${link(page + 1)}; rel="next"`] : []), ...(page > 1 ? [`${link(page - 1)}; rel="prev"`] : []), `${link(last)}; rel="last"`];
    res.set('link', links.join(', ')).json(rows.slice((page - 1) * perPage, page * perPage));
  };

  const applications = () => [
    { id: 7001, candidate_id: 9001, status: 'hired', jobs: [{ id: 4001, name: 'Backend Engineer' }] },
    { id: 7002, candidate_id: 9002, status: 'hired', jobs: [{ id: 4002, name: 'Customer Success Manager' }] },
    { id: 7003, candidate_id: 9003, status: 'active', jobs: [{ id: 4001, name: 'Backend Engineer' }] },
  ];
  router.get('/applications', (req, res) => paged(req, res, applications().filter((a) => !req.query.status || a.status === req.query.status)));
  router.get('/candidates', (req, res) => {
    const ids = typeof req.query.candidate_ids === 'string' ? req.query.candidate_ids.split(',').map(Number) : null;
    paged(req, res, CANDIDATES.filter((c) => !ids || ids.includes(c.id)));
  });
  router.get('/offers', (req, res) => {
    const offers = [
      { id: 8001, application_id: 7001, candidate_id: 9001, job_id: 4001, status: 'accepted', starts_at: addDays(today(), 21) },
      { id: 8002, application_id: 7002, candidate_id: 9002, job_id: 4002, status: 'accepted', starts_at: addDays(today(), 35) },
    ];
    paged(req, res, offers.filter((o) => !req.query.status || o.status === req.query.status));
  });
  router.get('/jobs', (req, res) => paged(req, res, JOBS));
  router.get('/custom_fields/:type', (req, res) => paged(req, res, [{ id: 1, name: 'Pronouns', field_type: req.params.type, value_type: 'short_text' }]));
  router.get('/departments', (req, res) => paged(req, res, JOBS.flatMap((j) => j.departments)));
  router.get('/offices', (req, res) => paged(req, res, JOBS.flatMap((j) => j.offices)));
  router.get('/sources', (req, res) => paged(req, res, [{ id: 1, name: 'Referral' }]));
  router.get('/users', (req, res) => paged(req, res, [{ id: 1, name: 'Alex Rivera', primary_email_address: 'alex.rivera@acme.example' }]));
  return router;
}
