import { seal, unseal } from './auth.js';

/** How long the journey hub link in a Slack message signs its recipient in. */
export const SITE_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

/** Who a hub link is for: one member of one session, in one workspace. */
export interface SiteLinkClaims {
  workspaceId: number;
  sessionId: number;
  memberId: number;
}

interface SiteToken {
  w: number;
  s: number;
  m: number;
  exp: number;
}

/**
 * The journey hub link a Slack message carries (journeys.md §2 "/site/{sessionId}"): /auth/site/{sessionId} with a
 * token signed with the app's secret (HMAC) that names the recipient and expires, so it is never guessable. The
 * hub checks it (`readSiteToken`) and signs the recipient in. Journeys writes it; the hub reads it.
 */
export function siteLink(publicUrl: string, secret: string, c: SiteLinkClaims, now: Date): string {
  const token = seal(secret, { w: c.workspaceId, s: c.sessionId, m: c.memberId, exp: now.getTime() + SITE_LINK_DAYS * DAY_MS } satisfies SiteToken);
  return siteUrl(publicUrl, c.sessionId, token);
}

/** A hub link's address: with a signed token, or the stand-in `preview` an admin's preview shows (it opens nothing). */
export function siteUrl(publicUrl: string, sessionId: number, token: string): string {
  return `${publicUrl}/auth/site/${sessionId}?t=${encodeURIComponent(token)}`;
}

/** The claims of a hub link's token for this session, or undefined when it is forged, for another session or expired. */
export function readSiteToken(secret: string, sessionId: number, token: string | undefined, now: Date): SiteLinkClaims | undefined {
  const t = unseal<SiteToken>(secret, token, now.getTime());
  if (!t || t.s !== sessionId || !Number.isSafeInteger(t.w) || !Number.isSafeInteger(t.m)) return undefined;
  return { workspaceId: t.w, sessionId: t.s, memberId: t.m };
}
