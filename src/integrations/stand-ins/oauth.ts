import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import type { OAuthProviderName } from '../../config.js';
import type { OAuthEndpoints } from '../oauth.js';

/** The sandbox's OAuth app credentials for each provider (the stand-in accepts only these). */
export const standInClient = (provider: OAuthProviderName) => ({ clientId: `sbx-${provider}-client`, clientSecret: `sbx-${provider}-secret` });

/** The stand-in's endpoints: consent is an app page (the sandbox's sign-in), token and userinfo are here. */
export function standInEndpoints(publicUrl: string, provider: OAuthProviderName, real: OAuthEndpoints): OAuthEndpoints {
  return {
    ...real,
    authorizeUrl: `${publicUrl}/integrations/sandbox_authorize/${provider}`,
    tokenUrl: `${publicUrl}/sandbox/oauth/${provider}/token`,
    userUrl: `${publicUrl}/sandbox/oauth/${provider}/userinfo`,
    ...(real.freeBusy ? { freeBusy: { kind: real.freeBusy.kind, url: `${publicUrl}/sandbox/oauth/${provider}/freebusy` } } : {}),
    ...(real.meetings ? { meetings: { url: `${publicUrl}/sandbox/oauth/${provider}/meetings` } } : {}),
    ...(real.events ? { events: { kind: real.events.kind, url: `${publicUrl}/sandbox/oauth/${provider}/events` } } : {}),
  };
}

const HOUR = 3_600_000;

/** Each sandbox account's busy hours: two one-hour meetings every weekday, at hours that depend on the email. */
export function standInBusy(email: string, from: Date, to: Date): Array<{ start: Date; end: Date }> {
  const first = 13 + (createHash('sha256').update(email).digest()[0]! % 3);
  const out: Array<{ start: Date; end: Date }> = [];
  for (let day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); day < to.getTime(); day += 24 * HOUR) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const h of [first, first + 3]) {
      const start = new Date(day + h * HOUR);
      const end = new Date(start.getTime() + HOUR);
      if (end > from && start < to) out.push({ start, end });
    }
  }
  return out;
}

const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const decode = <T>(s: string): T | null => {
  try {
    return JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
};

/**
 * The sandbox's stand-in authorization server for Google, Microsoft and Zoom: the consent page (an app page)
 * asks here for a code for the signed-in member; the token endpoint trades it (checking the client's
 * credentials and the redirect URI, in the form or as HTTP Basic as each provider documents) for tokens;
 * userinfo answers the account's email. Stateless: codes and tokens carry what the next call needs.
 */
export function oauthStandIn(): Router {
  const router = Router();
  const provider = (req: Request) => req.params.provider as OAuthProviderName;

  router.post('/:provider/code', (req, res) => {
    const email = req.auth?.member.email;
    const b = (req.body ?? {}) as { client_id?: string; redirect_uri?: string; state?: string };
    if (!email) return void res.status(401).json({ error: 'login_required' });
    if (b.client_id !== standInClient(provider(req)).clientId || !b.redirect_uri || !b.state) return void res.status(400).json({ error: 'invalid_request' });
    const code = `sbx-code-${encode({ email, p: provider(req), r: b.redirect_uri })}`;
    const to = new URL(b.redirect_uri);
    to.searchParams.set('code', code);
    to.searchParams.set('state', b.state);
    res.json({ redirect_to: to.toString() });
  });

  router.post('/:provider/token', (req, res) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [b.client_id, b.client_secret];
    const client = standInClient(provider(req));
    if (id !== client.clientId || secret !== client.clientSecret) return void res.status(401).json({ error: 'invalid_client' });
    // A refresh token (sbx-rt-…) for a new access token, as the providers answer it (Google keeps the refresh token).
    if (b.grant_type === 'refresh_token') {
      if (!b.refresh_token?.startsWith('sbx-rt-')) return void res.status(400).json({ error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
      const who = decode<{ email: string }>(b.refresh_token.slice(7));
      if (!who) return void res.status(400).json({ error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
      return void res.json({ access_token: `sbx-at-${encode({ email: who.email })}`, expires_in: 3600, token_type: 'Bearer', scope: 'calendar' });
    }
    const code = b.grant_type === 'authorization_code' && b.code?.startsWith('sbx-code-') ? decode<{ email: string; p: string; r: string }>(b.code.slice(9)) : null;
    if (!code || code.p !== provider(req) || code.r !== b.redirect_uri) return void res.status(400).json({ error: 'invalid_grant', error_description: 'The code is not valid for this client and redirect URI.' });
    res.json({ access_token: `sbx-at-${encode({ email: code.email })}`, refresh_token: `sbx-rt-${encode({ email: code.email })}`, expires_in: 3600, token_type: 'Bearer', scope: 'calendar' });
  });

  const bearer = (req: Request) => {
    const m = /^Bearer sbx-at-(.+)$/.exec(req.get('authorization') ?? '');
    return m ? decode<{ email: string }>(m[1]!) : null;
  };

  router.get('/:provider/userinfo', (req, res) => {
    const who = bearer(req);
    if (!who) return void res.status(401).json({ error: 'invalid_token' });
    res.json({ sub: who.email, email: who.email, email_verified: true });
  });

  // Google's events.insert and Microsoft Graph's POST /me/events: the created event's id (201 for Graph).
  router.post('/:provider/events', (req, res) => {
    const who = bearer(req);
    if (!who) return void res.status(401).json({ error: 'invalid_token' });
    const b = (req.body ?? {}) as { summary?: string; subject?: string; start?: { dateTime?: string }; end?: { dateTime?: string } };
    const title = provider(req) === 'microsoft' ? b.subject : b.summary;
    if (typeof title !== 'string' || !b.start?.dateTime || !b.end?.dateTime) return void res.status(400).json({ error: { code: 'invalidRequest', message: 'An event needs a title, a start and an end.' } });
    const id = `evt_${createHash('sha256').update(`${who.email}|${title}|${b.start.dateTime}|${Math.random()}`).digest('hex').slice(0, 16)}`;
    res.status(provider(req) === 'microsoft' ? 201 : 200).json({ id, organizer: { email: who.email }, status: 'confirmed' });
  });

  // Zoom's POST /users/me/meetings: 201 with the meeting's id and join_url (a stable id from the request).
  router.post('/zoom/meetings', (req, res) => {
    const who = bearer(req);
    if (!who) return void res.status(401).json({ code: 124, message: 'Invalid access token.' });
    const b = (req.body ?? {}) as { topic?: string; type?: number; start_time?: string; duration?: number; timezone?: string };
    if (typeof b.topic !== 'string' || (b.type !== 2 && b.type !== 3) || (b.type === 2 && !b.start_time)) return void res.status(400).json({ code: 300, message: 'Invalid meeting request.' });
    const id = Number.parseInt(createHash('sha256').update(`${who.email}|${b.topic}|${b.start_time ?? ''}|${Date.now()}|${Math.random()}`).digest('hex').slice(0, 10), 16);
    res.status(201).json({ id, host_email: who.email, topic: b.topic, type: b.type, start_time: b.start_time, duration: b.duration, timezone: b.timezone, join_url: `https://zoom.example/j/${id}` });
  });

  // Google's freeBusy and Microsoft Graph's getSchedule, each in its own documented shape.
  router.post('/:provider/freebusy', (req, res) => {
    const who = bearer(req);
    if (!who) return void res.status(401).json({ error: 'invalid_token' });
    const b = (req.body ?? {}) as { timeMin?: string; timeMax?: string; startTime?: { dateTime?: string }; endTime?: { dateTime?: string } };
    if (provider(req) === 'microsoft') {
      const busy = standInBusy(who.email, new Date(`${b.startTime?.dateTime}Z`), new Date(`${b.endTime?.dateTime}Z`));
      const at = (d: Date) => ({ dateTime: `${d.toISOString().slice(0, 19)}.0000000`, timeZone: 'UTC' });
      return void res.json({ value: [{ scheduleId: who.email, availabilityView: '', scheduleItems: busy.map((x) => ({ isPrivate: false, status: 'busy', subject: 'Busy', start: at(x.start), end: at(x.end) })) }] });
    }
    const busy = standInBusy(who.email, new Date(b.timeMin ?? ''), new Date(b.timeMax ?? ''));
    res.json({ kind: 'calendar#freeBusy', timeMin: b.timeMin, timeMax: b.timeMax, calendars: { primary: { busy: busy.map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString() })) } } });
  });
  return router;
}
