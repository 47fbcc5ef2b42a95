import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GreenhouseProvider } from '../../src/integrations/greenhouse.js';
import { IntegrationProviderError } from '../../src/integrations/hris-provider.js';
import { MergeHrisProvider } from '../../src/integrations/merge.js';
import { OAUTH_PROVIDERS, OAuthClient } from '../../src/integrations/oauth.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
}
type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * The providers' real implementations against a local stand-in on a loopback port: each test pins the request
 * Hearth sends (method, path, query, headers, body) and answers with the shape the provider documents — Merge's
 * unified HRIS API (Bearer key + X-Account-Token, `next` cursors), Greenhouse Harvest (Basic auth with the key,
 * Link-header pages, a 403 per missing permission group) and OAuth 2.0's authorization-code exchange.
 */
describe('Integration providers contract (loopback stand-in)', () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];
  let reply: (s: Seen) => Reply;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const u = new URL(req.url ?? '/', 'http://stand-in');
        const s: Seen = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, body: raw, headers: req.headers };
        seen.push(s);
        const r = reply(s);
        res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
        res.end(JSON.stringify(r.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  describe('Merge HRIS', () => {
    const merge = () => new MergeHrisProvider({ apiKey: 'merge_test_key', baseUrl: `${url}/api`, link: { kind: 'merge', scriptUrl: 'https://cdn.merge.dev/initialize.js' } });

    it('creates a link token: POST /api/integrations/create-link-token with the end user and the hris category', async () => {
      reply = () => ({ status: 200, body: { link_token: 'lt_123', integration_name: null, magic_link_url: null } });
      expect(await merge().createLinkToken({ originId: 'hearth-T1', organizationName: 'Acme', email: 'alex@acme.test' })).toEqual({ linkToken: 'lt_123', link: { kind: 'merge', scriptUrl: 'https://cdn.merge.dev/initialize.js' } });
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/integrations/create-link-token' });
      expect(JSON.parse(seen[0]!.body)).toEqual({ end_user_origin_id: 'hearth-T1', end_user_organization_name: 'Acme', end_user_email_address: 'alex@acme.test', categories: ['hris'] });
      expect(seen[0]!.headers.authorization).toBe('Bearer merge_test_key');
      expect(seen[0]!.headers['x-account-token']).toBeUndefined();
    });

    it('trades the public token for the account token: GET /api/integrations/account-token/{public_token}', async () => {
      reply = () => ({ status: 200, body: { account_token: 'acct_tok', integration: { name: 'BambooHR', slug: 'bamboohr', categories: ['hris'] }, id: 'la_1' } });
      expect(await merge().exchangePublicToken('pub/tok')).toEqual({ accountToken: 'acct_tok', integrationName: 'BambooHR', integrationSlug: 'bamboohr' });
      expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/integrations/account-token/pub%2Ftok' });
      expect(seen[0]!.headers.authorization).toBe('Bearer merge_test_key');
    });

    it('reads the account status with X-Account-Token; RELINK_NEEDED and a refused token map to relink_needed and gone', async () => {
      reply = () => ({ status: 200, body: { id: 'la_1', integration: 'BambooHR', status: 'COMPLETE' } });
      expect(await merge().accountStatus('acct_tok')).toBe('complete');
      expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/hris/v1/account-details' });
      expect(seen[0]!.headers['x-account-token']).toBe('acct_tok');
      reply = () => ({ status: 200, body: { status: 'RELINK_NEEDED' } });
      expect(await merge().accountStatus('acct_tok')).toBe('relink_needed');
      reply = () => ({ status: 401, body: { detail: 'Invalid account token.' } });
      expect(await merge().accountStatus('acct_tok')).toBe('gone');
      reply = () => ({ status: 500, body: {} });
      await expect(merge().accountStatus('acct_tok')).rejects.toBeInstanceOf(IntegrationProviderError);
    });

    it('is fully synced only when every model of /api/hris/v1/sync-status is DONE (or DISABLED), across pages', async () => {
      reply = (s) =>
        s.query.get('cursor') === 'c2'
          ? { status: 200, body: { next: null, results: [{ model_name: 'Group', status: 'SYNCING' }] } }
          : { status: 200, body: { next: 'c2', results: [{ model_name: 'Employee', status: 'DONE' }, { model_name: 'Location', status: 'DISABLED' }] } };
      expect(await merge().fullySynced('acct_tok')).toBe(false);
      expect(seen.map((s) => [s.path, s.query.get('cursor')])).toEqual([
        ['/api/hris/v1/sync-status', null],
        ['/api/hris/v1/sync-status', 'c2'],
      ]);
    });

    it('pages employees with the next cursor, expanded, and reads the documented fields', async () => {
      const employee = {
        id: 'e1',
        remote_id: '19202938',
        first_name: 'Greg',
        last_name: 'Hirsch',
        preferred_name: null,
        work_email: 'Greg@Merge.dev',
        personal_email: 'greg@gmail.com',
        date_of_birth: '1990-11-10T00:00:00Z',
        start_date: '2021-10-11T00:00:00Z',
        employment_status: 'ACTIVE',
        employments: [{ id: 'em1', job_title: 'Software Engineer' }],
        groups: [{ id: 'g1', name: 'Platform', type: 'TEAM' }, { id: 'g2', name: 'Engineering', type: 'DEPARTMENT' }],
        work_location: { id: 'l1', name: 'NYC office', city: 'New York' },
        manager: { id: 'e0', work_email: 'Boss@Merge.dev' },
        custom_fields: { shirt: 'L', nested: { x: 1 }, empty: null },
      };
      reply = (s) => (s.query.get('cursor') ? { status: 200, body: { next: null, previous: 'p', results: [{ id: 'e2', first_name: 'Ann', last_name: 'Lee', work_email: null, groups: ['g9'], manager: 'e1' }] } } : { status: 200, body: { next: 'cur==2', previous: null, results: [employee] } });
      const all = [];
      for await (const e of merge().employees('acct_tok')) all.push(e);
      expect(seen.map((s) => [s.path, s.query.get('expand'), s.query.get('page_size'), s.query.get('cursor')])).toEqual([
        ['/api/hris/v1/employees', 'employments,groups,manager,work_location', '100', null],
        ['/api/hris/v1/employees', 'employments,groups,manager,work_location', '100', 'cur==2'],
      ]);
      expect(seen.every((s) => s.headers['x-account-token'] === 'acct_tok' && s.headers.authorization === 'Bearer merge_test_key')).toBe(true);
      expect(all).toEqual([
        { remoteId: '19202938', firstName: 'Greg', lastName: 'Hirsch', email: 'greg@merge.dev', dateOfBirth: '1990-11-10', startDate: '2021-10-11', employmentStatus: 'ACTIVE', jobTitle: 'Software Engineer', department: 'Engineering', location: 'NYC office', managerEmail: 'boss@merge.dev', customFields: { shirt: 'L' } },
        { remoteId: 'e2', firstName: 'Ann', lastName: 'Lee', email: null, dateOfBirth: null, startDate: null, employmentStatus: null, jobTitle: null, department: null, location: null, managerEmail: null, customFields: {} },
      ]);
    });
  });

  describe('Greenhouse Harvest', () => {
    const harvest = () => new GreenhouseProvider({ baseUrl: `${url}/v1` });
    const basic = `Basic ${Buffer.from('hk_123:').toString('base64')}`;

    it('validates a key by listing one row of each permission group with Basic auth (the key as user name)', async () => {
      reply = () => ({ status: 200, body: [] });
      expect(await harvest().validateKey('hk_123')).toEqual({ ok: true });
      expect(seen.map((s) => s.path)).toEqual(['/v1/applications', '/v1/candidates', '/v1/custom_fields/candidate', '/v1/departments', '/v1/jobs', '/v1/offers', '/v1/offices', '/v1/sources', '/v1/users']);
      expect(seen.every((s) => s.headers.authorization === basic && s.query.get('per_page') === '1')).toBe(true);
    });

    it('names each missing permission group (403) and refuses an unknown key (401)', async () => {
      reply = (s) => (s.path === '/v1/offers' || s.path === '/v1/custom_fields/candidate' ? { status: 403, body: { message: 'no permission' } } : { status: 200, body: [] });
      expect(await harvest().validateKey('hk_123')).toEqual({
        ok: false,
        errors: ['The API key is missing the Custom Fields permissions (get and list).', 'The API key is missing the Offers permissions (get and list).'],
      });
      reply = () => ({ status: 401, body: { message: 'Invalid Basic Auth credentials' } });
      expect(await harvest().validateKey('nope')).toEqual({ ok: false, errors: ['The API key is not valid. Check that it was copied whole from Greenhouse.'] });
    });

    it('reads hired applications, accepted offers, jobs and candidates, following the Link header', async () => {
      reply = (s) => {
        if (s.path === '/v1/applications' && s.query.get('page') !== '2')
          return { status: 200, body: [{ id: 11, candidate_id: 21, status: 'hired', jobs: [{ id: 31, name: 'Engineer' }] }], headers: { link: `<${url}/v1/applications?page=2&per_page=500&status=hired>; rel="next", <${url}/v1/applications?page=2&per_page=500&status=hired>; rel="last"` } };
        if (s.path === '/v1/applications') return { status: 200, body: [{ id: 12, candidate_id: 22, status: 'hired', jobs: [] }] };
        if (s.path === '/v1/offers') return { status: 200, body: [{ id: 41, application_id: 11, status: 'accepted', starts_at: '2026-05-04' }] };
        if (s.path === '/v1/jobs') return { status: 200, body: [{ id: 31, name: 'Engineer', departments: [{ name: 'R&D' }], offices: [{ name: 'Paris' }] }] };
        return {
          status: 200,
          body: [
            { id: 21, first_name: 'Zoe', last_name: 'Ng', email_addresses: [{ value: 'Zoe@home.test', type: 'personal' }, { value: 'zoe@work.test', type: 'work' }], custom_fields: { shirt: 'M' } },
            { id: 22, first_name: 'Ian', last_name: 'Bo', email_addresses: [] },
          ],
        };
      };
      expect(await harvest().hiredCandidates('hk_123')).toEqual([
        { remoteId: '11', firstName: 'Zoe', lastName: 'Ng', email: 'zoe@work.test', startDate: '2026-05-04', jobTitle: 'Engineer', department: 'R&D', office: 'Paris', customFields: { shirt: 'M' } },
        { remoteId: '12', firstName: 'Ian', lastName: 'Bo', email: null, startDate: null, jobTitle: null, department: null, office: null, customFields: {} },
      ]);
      expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
        '/v1/applications?per_page=500&status=hired',
        '/v1/applications?page=2&per_page=500&status=hired',
        '/v1/offers?per_page=500&status=accepted',
        '/v1/jobs?per_page=500',
        '/v1/candidates?per_page=500&candidate_ids=21%2C22',
      ]);
    });
  });

  describe('OAuth 2.0 authorization code', () => {
    const endpoints = (p: 'google' | 'zoom') => ({ ...OAUTH_PROVIDERS[p], tokenUrl: `${url}/token`, userUrl: `${url}/me` });

    it('builds the consent URL with the documented parameters', () => {
      const google = new OAuthClient('google', OAUTH_PROVIDERS.google, { clientId: 'cid', clientSecret: 'sec' });
      const u = new URL(google.authorizeUrl({ redirectUri: 'https://hearth.test/integrations/oauth/google/callback', state: 's1' }));
      expect(`${u.origin}${u.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(Object.fromEntries(u.searchParams)).toEqual({
        response_type: 'code',
        client_id: 'cid',
        redirect_uri: 'https://hearth.test/integrations/oauth/google/callback',
        scope: 'openid email https://www.googleapis.com/auth/calendar.freebusy https://www.googleapis.com/auth/calendar.events',
        state: 's1',
        access_type: 'offline',
        prompt: 'consent',
      });
    });

    it('trades the code in the form (Google) or with Basic client auth (Zoom), then reads the email with the access token', async () => {
      reply = (s) => (s.path === '/token' ? { status: 200, body: { access_token: 'at1', refresh_token: 'rt1', expires_in: 3600, scope: 'a b', token_type: 'Bearer' } } : { status: 200, body: { email: 'Pat@Acme.test' } });
      const now = new Date('2026-03-02T08:00:00Z');
      const google = new OAuthClient('google', endpoints('google'), { clientId: 'cid', clientSecret: 'sec' });
      expect(await google.exchange({ code: 'c1', redirectUri: 'https://h/cb', now })).toEqual({ accessToken: 'at1', refreshToken: 'rt1', expiresAt: new Date('2026-03-02T09:00:00Z'), scopes: 'a b', email: 'pat@acme.test' });
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/token' });
      expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ grant_type: 'authorization_code', code: 'c1', redirect_uri: 'https://h/cb', client_id: 'cid', client_secret: 'sec' });
      expect(seen[1]).toMatchObject({ method: 'GET', path: '/me' });
      expect(seen[1]!.headers.authorization).toBe('Bearer at1');

      seen.length = 0;
      const zoom = new OAuthClient('zoom', endpoints('zoom'), { clientId: 'zid', clientSecret: 'zsec' });
      await zoom.exchange({ code: 'c2', redirectUri: 'https://h/cb', now });
      expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('zid:zsec').toString('base64')}`);
      expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ grant_type: 'authorization_code', code: 'c2', redirect_uri: 'https://h/cb' });
    });

    it('refreshes an expired token with the refresh_token grant', async () => {
      reply = () => ({ status: 200, body: { access_token: 'at2', expires_in: 1800, token_type: 'Bearer' } });
      const google = new OAuthClient('google', endpoints('google'), { clientId: 'cid', clientSecret: 'sec' });
      expect(await google.refresh('rt1', new Date('2026-03-02T08:00:00Z'))).toEqual({ accessToken: 'at2', refreshToken: null, expiresAt: new Date('2026-03-02T08:30:00Z'), scopes: OAUTH_PROVIDERS.google.scopes.join(' ') });
      expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt1', client_id: 'cid', client_secret: 'sec' });
    });

    it("reads busy times: Google's freeBusy for the primary calendar, Microsoft Graph's getSchedule in UTC", async () => {
      const from = new Date('2026-03-02T08:00:00Z');
      const to = new Date('2026-03-09T08:00:00Z');
      reply = () => ({ status: 200, body: { kind: 'calendar#freeBusy', calendars: { primary: { busy: [{ start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' }] } } } });
      const google = new OAuthClient('google', { ...OAUTH_PROVIDERS.google, freeBusy: { kind: 'google', url: `${url}/calendar/v3/freeBusy` } }, { clientId: 'cid', clientSecret: 'sec' });
      expect(await google.busy('at1', 'pat@acme.test', from, to)).toEqual([{ start: new Date('2026-03-02T14:00:00Z'), end: new Date('2026-03-02T15:00:00Z') }]);
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/calendar/v3/freeBusy' });
      expect(seen[0]!.headers.authorization).toBe('Bearer at1');
      expect(JSON.parse(seen[0]!.body)).toEqual({ timeMin: '2026-03-02T08:00:00.000Z', timeMax: '2026-03-09T08:00:00.000Z', items: [{ id: 'primary' }] });

      seen.length = 0;
      reply = () => ({
        status: 200,
        body: {
          value: [
            {
              scheduleId: 'pat@acme.test',
              scheduleItems: [
                { status: 'busy', start: { dateTime: '2026-03-03T16:00:00.0000000', timeZone: 'UTC' }, end: { dateTime: '2026-03-03T16:30:00.0000000', timeZone: 'UTC' } },
                { status: 'free', start: { dateTime: '2026-03-03T17:00:00.0000000', timeZone: 'UTC' }, end: { dateTime: '2026-03-03T18:00:00.0000000', timeZone: 'UTC' } },
              ],
            },
          ],
        },
      });
      const microsoft = new OAuthClient('microsoft', { ...OAUTH_PROVIDERS.microsoft, freeBusy: { kind: 'microsoft', url: `${url}/v1.0/me/calendar/getSchedule` } }, { clientId: 'cid', clientSecret: 'sec' });
      expect(await microsoft.busy('at9', 'pat@acme.test', from, to)).toEqual([{ start: new Date('2026-03-03T16:00:00Z'), end: new Date('2026-03-03T16:30:00Z') }]);
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1.0/me/calendar/getSchedule' });
      expect(seen[0]!.headers.prefer).toBe('outlook.timezone="UTC"');
      expect(JSON.parse(seen[0]!.body)).toEqual({ schedules: ['pat@acme.test'], startTime: { dateTime: '2026-03-02T08:00:00', timeZone: 'UTC' }, endTime: { dateTime: '2026-03-09T08:00:00', timeZone: 'UTC' }, availabilityViewInterval: 30 });
    });

    it("creates a Zoom meeting: POST /v2/users/me/meetings with Bearer, a scheduled (type 2) or no-fixed-time (type 3) meeting; reads id and join_url", async () => {
      reply = () => ({ status: 201, body: { id: 85746065432, uuid: 'abc==', host_id: 'h1', topic: 'Coffee chat', type: 2, start_time: '2026-03-10T15:00:00Z', duration: 30, timezone: 'America/New_York', join_url: 'https://us02web.zoom.us/j/85746065432?pwd=x', start_url: 'https://us02web.zoom.us/s/85746065432' } });
      const zoom = new OAuthClient('zoom', { ...OAUTH_PROVIDERS.zoom, meetings: { url: `${url}/v2/users/me/meetings` } }, { clientId: 'zid', clientSecret: 'zsec' });
      expect(zoom.createsMeetings).toBe(true);
      expect(await zoom.createMeeting('zat', { topic: 'Coffee chat', start: new Date('2026-03-10T15:00:00.000Z'), durationMinutes: 30, tz: 'America/New_York' })).toEqual({ id: '85746065432', joinUrl: 'https://us02web.zoom.us/j/85746065432?pwd=x' });
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/users/me/meetings' });
      expect(seen[0]!.headers.authorization).toBe('Bearer zat');
      expect(seen[0]!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(seen[0]!.body)).toEqual({ topic: 'Coffee chat', type: 2, start_time: '2026-03-10T15:00:00Z', duration: 30, timezone: 'America/New_York', settings: { join_before_host: true, waiting_room: false } });

      seen.length = 0;
      await zoom.createMeeting('zat', { topic: 'Group chat', start: null, durationMinutes: 30, tz: 'Europe/Prague' });
      expect(JSON.parse(seen[0]!.body)).toEqual({ topic: 'Group chat', type: 3, duration: 30, timezone: 'Europe/Prague', settings: { join_before_host: true, waiting_room: false } });
      expect(OAUTH_PROVIDERS.zoom.meetings).toEqual({ url: 'https://api.zoom.us/v2/users/me/meetings' });
      expect(new OAuthClient('google', OAUTH_PROVIDERS.google, { clientId: 'c', clientSecret: 's' }).createsMeetings).toBe(false);

      reply = () => ({ status: 401, body: { code: 124, message: 'Invalid access token.' } });
      await expect(zoom.createMeeting('bad', { topic: 'x', start: null, durationMinutes: 30, tz: 'UTC' })).rejects.toBeInstanceOf(IntegrationProviderError);
    });

    it("puts a hold on the calendar: Google's events.insert with sendUpdates=all, Microsoft Graph's POST /me/events; reads the event id", async () => {
      const e = { title: 'Coffee chat · #intros', description: 'An intro from Hearth.', start: new Date('2026-03-10T15:00:00Z'), end: new Date('2026-03-10T15:30:00Z'), attendees: ['sam@acme.test'] };
      reply = () => ({ status: 200, body: { kind: 'calendar#event', id: 'g_evt_1', status: 'confirmed', htmlLink: 'https://www.google.com/calendar/event?eid=x' } });
      const google = new OAuthClient('google', { ...OAUTH_PROVIDERS.google, events: { kind: 'google', url: `${url}/calendar/v3/calendars/primary/events` } }, { clientId: 'cid', clientSecret: 'sec' });
      expect(await google.createEvent('gat', e)).toBe('g_evt_1');
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/calendar/v3/calendars/primary/events' });
      expect(seen[0]!.query.get('sendUpdates')).toBe('all');
      expect(seen[0]!.headers.authorization).toBe('Bearer gat');
      expect(JSON.parse(seen[0]!.body)).toEqual({
        summary: 'Coffee chat · #intros',
        description: 'An intro from Hearth.',
        start: { dateTime: '2026-03-10T15:00:00.000Z', timeZone: 'UTC' },
        end: { dateTime: '2026-03-10T15:30:00.000Z', timeZone: 'UTC' },
        attendees: [{ email: 'sam@acme.test' }],
      });

      seen.length = 0;
      reply = () => ({ status: 201, body: { id: 'AAMkAGI2TG93AAA=', subject: 'Coffee chat · #intros' } });
      const microsoft = new OAuthClient('microsoft', { ...OAUTH_PROVIDERS.microsoft, events: { kind: 'microsoft', url: `${url}/v1.0/me/events` } }, { clientId: 'cid', clientSecret: 'sec' });
      expect(await microsoft.createEvent('mat', e)).toBe('AAMkAGI2TG93AAA=');
      expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1.0/me/events' });
      expect(JSON.parse(seen[0]!.body)).toEqual({
        subject: 'Coffee chat · #intros',
        body: { contentType: 'text', content: 'An intro from Hearth.' },
        start: { dateTime: '2026-03-10T15:00:00', timeZone: 'UTC' },
        end: { dateTime: '2026-03-10T15:30:00', timeZone: 'UTC' },
        attendees: [{ emailAddress: { address: 'sam@acme.test' }, type: 'required' }],
      });
      expect(OAUTH_PROVIDERS.google.events?.url).toBe('https://www.googleapis.com/calendar/v3/calendars/primary/events');
      expect(OAUTH_PROVIDERS.microsoft.events?.url).toBe('https://graph.microsoft.com/v1.0/me/events');
    });

    it('a refused code is a provider error carrying the provider’s description', async () => {
      reply = () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Bad code.' } });
      const google = new OAuthClient('google', endpoints('google'), { clientId: 'cid', clientSecret: 'sec' });
      await expect(google.exchange({ code: 'x', redirectUri: 'https://h/cb', now: new Date() })).rejects.toThrow(/HTTP 400\): Bad code\./);
    });
  });
});
