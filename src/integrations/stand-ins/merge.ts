import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Clock } from '../../time/clock.js';

/** The API key the sandbox's Merge stand-in accepts (Hearth's config uses it when no MERGE_API_KEY is set). */
export const STAND_IN_MERGE_KEY = 'sbx-merge-api-key';
/** A public token of this value links an account that needs relinking (for tests of that state). */
export const STAND_IN_RELINK = 'relink';

interface Person {
  first: string;
  last: string;
  email: string | null;
  dob: string | null;
  /** 'YYYY-MM-DD', or days from today for the new hires. */
  start: string | number;
  status: 'ACTIVE' | 'PENDING' | 'INACTIVE';
  title: string;
  department: string;
  location: string;
  manager?: string;
  custom?: Record<string, string>;
}

/**
 * A handful of employees: people of the sandbox workspace (matched by email), two new hires who are not in
 * Slack yet (their start dates a fortnight and a month from the sandbox clock's today) and one who left.
 */
const PEOPLE: Person[] = [
  { first: 'Dana', last: 'Whitfield', email: 'dana.whitfield@acme.example', dob: '1978-04-12', start: '2016-03-01', status: 'ACTIVE', title: 'Chief Executive Officer', department: 'Leadership', location: 'New York' },
  { first: 'Alex', last: 'Rivera', email: 'alex.rivera@acme.example', dob: '1990-06-18', start: '2018-09-10', status: 'ACTIVE', title: 'Head of People', department: 'People', location: 'New York', manager: 'dana.whitfield@acme.example' },
  { first: 'Priya', last: 'Raman', email: 'priya.raman@acme.example', dob: '1983-11-23', start: '2016-05-02', status: 'ACTIVE', title: 'Chief Technology Officer', department: 'Leadership', location: 'Bengaluru', manager: 'dana.whitfield@acme.example' },
  { first: 'Marcus', last: 'Chen', email: 'marcus.chen@acme.example', dob: '1986-08-30', start: '2017-01-16', status: 'ACTIVE', title: 'VP of Sales', department: 'Leadership', location: 'San Francisco', manager: 'dana.whitfield@acme.example' },
  { first: 'Arjun', last: 'Mehta', email: 'arjun.mehta@acme.example', dob: '1988-07-04', start: '2018-02-12', status: 'ACTIVE', title: 'Engineering Manager', department: 'Engineering', location: 'Bengaluru', manager: 'priya.raman@acme.example' },
  { first: 'Ananya', last: 'Iyer', email: 'ananya.iyer@acme.example', dob: '1994-01-09', start: '2020-08-03', status: 'ACTIVE', title: 'Senior Software Engineer', department: 'Engineering', location: 'Chennai', manager: 'arjun.mehta@acme.example', custom: { 'T-shirt size': 'M' } },
  { first: 'Olivia', last: 'Park', email: 'olivia.park@acme.example', dob: '1996-09-21', start: 14, status: 'PENDING', title: 'Software Engineer', department: 'Engineering', location: 'New York', manager: 'arjun.mehta@acme.example', custom: { 'T-shirt size': 'S' } },
  { first: 'Tomás', last: 'Silva', email: 'tomas.silva@acme.example', dob: null, start: 30, status: 'PENDING', title: 'Account Executive', department: 'Sales', location: 'São Paulo', manager: 'marcus.chen@acme.example' },
  { first: 'Grace', last: 'Hopper', email: 'grace.hopper@acme.example', dob: '1980-12-09', start: '2015-01-05', status: 'INACTIVE', title: 'Engineer', department: 'Engineering', location: 'New York' },
];

const idOf = (p: Person) => `emp_${createHash('sha256').update(`${p.first} ${p.last}`).digest('hex').slice(0, 12)}`;
const addDays = (today: string, n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Merge's employee shape (expanded), as the stand-in answers it. */
function employeeJson(p: Person, today: string) {
  const manager = p.manager ? PEOPLE.find((m) => m.email === p.manager) : undefined;
  const start = typeof p.start === 'number' ? addDays(today, p.start) : p.start;
  return {
    id: idOf(p),
    remote_id: `hr-${idOf(p).slice(4, 10)}`,
    first_name: p.first,
    last_name: p.last,
    preferred_name: null,
    display_full_name: `${p.first} ${p.last}`,
    work_email: p.email,
    personal_email: null,
    date_of_birth: p.dob ? `${p.dob}T00:00:00Z` : null,
    start_date: `${start}T00:00:00Z`,
    hire_date: `${start}T00:00:00Z`,
    employment_status: p.status,
    termination_date: p.status === 'INACTIVE' ? '2024-06-30T00:00:00Z' : null,
    employments: [{ id: `${idOf(p)}_e`, job_title: p.title, employment_type: 'FULL_TIME' }],
    groups: [{ id: `grp_${p.department.toLowerCase()}`, name: p.department, type: 'DEPARTMENT' }],
    work_location: { id: `loc_${p.location.toLowerCase().replace(/\W/g, '')}`, name: p.location, city: p.location },
    manager: manager ? { id: idOf(manager), work_email: manager.email } : null,
    custom_fields: p.custom ?? {},
    remote_was_deleted: false,
  };
}

/**
 * The sandbox's stand-in for Merge's unified HRIS API (the endpoints Hearth calls, their documented shapes,
 * `Authorization: Bearer` and `X-Account-Token`, cursor pagination with `next`), plus the one call Merge Link's
 * dialog makes: trading a link token for a public token. Stateless: tokens carry what the next call needs, so a
 * restart or a second process answers the same.
 */
export function mergeStandIn(clock: Clock): Router {
  const router = Router();
  const refuse = (res: Response, status: number, detail: string) => void res.status(status).json({ detail });
  const authorized = (req: Request) => req.get('authorization') === `Bearer ${STAND_IN_MERGE_KEY}`;
  const account = (req: Request) => {
    const token = req.get('x-account-token') ?? '';
    return token.startsWith('sbx-acct-') ? token : null;
  };

  router.post('/integrations/create-link-token', (req, res) => {
    if (!authorized(req)) return refuse(res, 401, 'Invalid API key.');
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.end_user_origin_id !== 'string' || typeof b.end_user_organization_name !== 'string' || typeof b.end_user_email_address !== 'string')
      return void res.status(400).json({ errors: [{ title: 'Missing end user fields' }] });
    res.json({ link_token: `sbx-link-${randomBytes(9).toString('base64url')}`, integration_name: null, magic_link_url: null });
  });

  // What Merge Link's dialog does when the person picks a system and signs in: a public token for the link token.
  router.post('/link', (req, res) => {
    const b = (req.body ?? {}) as { link_token?: unknown; integration?: unknown };
    if (typeof b.link_token !== 'string' || !b.link_token.startsWith('sbx-link-')) return refuse(res, 400, 'Unknown link token.');
    const slug = b.integration === STAND_IN_RELINK ? STAND_IN_RELINK : 'sandbox-hr';
    res.json({ public_token: `sbx-pub-${slug}-${b.link_token.slice(9)}` });
  });

  router.get('/integrations/account-token/:publicToken', (req, res) => {
    if (!authorized(req)) return refuse(res, 401, 'Invalid API key.');
    const m = /^sbx-pub-([a-z-]+?)-([\w-]+)$/.exec(req.params.publicToken ?? '');
    if (!m) return refuse(res, 404, 'Public token not found.');
    const relink = m[1] === STAND_IN_RELINK;
    res.json({
      account_token: `sbx-acct-${relink ? `${STAND_IN_RELINK}-` : ''}${createHash('sha256').update(m[2]!).digest('hex').slice(0, 24)}`,
      integration: { name: 'Sandbox HR', slug: 'sandbox-hr', categories: ['hris'], image: null, square_image: null, color: '#3B82F6' },
      id: `acct_${m[2]!.slice(0, 8)}`,
    });
  });

  router.use('/hris/v1', (req, res, next) => {
    if (!authorized(req)) return refuse(res, 401, 'Invalid API key.');
    if (!account(req)) return refuse(res, 401, 'Invalid account token.');
    next();
  });
  router.get('/hris/v1/account-details', (req, res) => {
    const relink = account(req)!.startsWith(`sbx-acct-${STAND_IN_RELINK}-`);
    res.json({ id: 'acct_sandbox', integration: 'Sandbox HR', integration_slug: 'sandbox-hr', category: 'hris', status: relink ? 'RELINK_NEEDED' : 'COMPLETE' });
  });
  router.get('/hris/v1/sync-status', (_req, res) => {
    const at = clock.now().toISOString();
    res.json({ next: null, previous: null, results: ['Employee', 'Employment', 'Group', 'Location'].map((model_name) => ({ model_name, model_id: `hris.${model_name}`, last_sync_start: at, next_sync_start: at, status: 'DONE', is_initial_sync: false })) });
  });
  router.get('/hris/v1/employees', (req, res) => {
    const size = Math.min(100, Math.max(1, Number(req.query.page_size) || 100));
    const from = Number(req.query.cursor ?? 0) || 0;
    const today = clock.now().toISOString().slice(0, 10);
    const slice = PEOPLE.slice(from, from + size).map((p) => employeeJson(p, today));
    res.json({ next: from + size < PEOPLE.length ? String(from + size) : null, previous: from > 0 ? String(Math.max(0, from - size)) : null, results: slice });
  });
  return router;
}
