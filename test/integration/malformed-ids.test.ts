import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

interface RouteInfo {
  method: string;
  path: string;
}

/** Every route the app serves, from Express's own router (routers mounted at the root, as Hearth's are). */
function routesOf(app: Express): RouteInfo[] {
  const found: RouteInfo[] = [];
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path])
          for (const method of Object.keys(layer.route.methods)) if (method !== '_all') found.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

const BAD_IDS = ['99999999999', '2147483648', '-1', '0', 'abc', '1.5', '1e3', '%00'];

describe('malformed ids, swept over every route', () => {
  let t: SandboxHearth;
  let admin: { cookie: string; csrf: string };
  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, ACME.teamId, 'U0DEMOADMIN');
  });
  afterAll(() => t?.close());

  it('answer 4xx, never 5xx, in paths, queries and bodies', async () => {
    const routes = routesOf(t.hearth.http).filter((r) => !r.path.startsWith('/sandbox') && !r.path.startsWith('/slack') && !r.path.startsWith('/auth'));
    const withParams = routes.filter((r) => r.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let requests = 0;
    const send = async (method: string, path: string, body?: unknown) => {
      requests++;
      const res = await fetch(`${t.url}${path}`, {
        method,
        headers: { accept: 'application/json', cookie: admin.cookie, 'x-csrf-token': admin.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined || method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status >= 500) failures.push(`${method} ${path} → ${res.status} ${(await res.text()).slice(0, 120)}`);
      else await res.arrayBuffer();
    };
    const huge = 99999999999;
    const idBody = { id: huge, program_id: huge, owner_id: huge, editor_ids: [huge], permission_user_ids: [huge], programs: [{ id: huge }], member_ids: [huge], pack_id: huge, prompt_id: huge };
    for (const route of withParams)
      for (const bad of BAD_IDS) {
        const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(bad));
        await send(route.method, `${path}?program_id=${bad}&id=${bad}`, route.method === 'GET' ? undefined : {});
      }
    for (const route of routes.filter((r) => r.method !== 'GET' && !r.path.includes(':'))) await send(route.method, route.path, idBody);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    // About a thousand requests one after another: minutes on a 2-core machine running both paths at once.
  }, 240_000);
});
