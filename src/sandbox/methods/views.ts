import { validateView } from '../blocks.js';
import { toSlackView } from '../serialize.js';
import type { JsonObject, SandboxView } from '../types.js';
import { type AuthedContext, type MethodTable, SlackApiError, isObject, json, str } from './kit.js';

/** views.* — the home tab and the modal stack. */

const MAX_MODAL_STACK = 3;

function viewArg(ctx: AuthedContext, allowed: ReadonlyArray<'home' | 'modal'>): JsonObject {
  const view = json(ctx.args, 'view', 'invalid_arguments');
  if (view === undefined) throw new SlackApiError('invalid_arguments', { response_metadata: { messages: ['[ERROR] missing required field: view'] } });
  const check = validateView(view, allowed);
  if (!check.ok) {
    throw new SlackApiError(check.error, { errors: check.errors, response_metadata: { messages: check.errors.map((e) => `[ERROR] ${e}`) } });
  }
  return view as JsonObject;
}

function optionalString(view: JsonObject, key: string): string {
  const value = view[key];
  return typeof value === 'string' ? value : '';
}

function optionalObject(view: JsonObject, key: string): JsonObject | undefined {
  const value = view[key];
  return isObject(value) ? value : undefined;
}

/** A stored view from a payload; `base` carries identity and stack links when updating or pushing. */
function buildView(
  ctx: AuthedContext,
  payload: JsonObject,
  userId: string,
  base: Pick<SandboxView, 'id' | 'root_view_id' | 'previous_view_id'>,
): SandboxView {
  const { auth } = ctx;
  const title = optionalObject(payload, 'title');
  const submit = optionalObject(payload, 'submit');
  const close = optionalObject(payload, 'close');
  return {
    id: base.id,
    team_id: auth.teamId,
    user_id: userId,
    type: payload.type === 'home' ? 'home' : 'modal',
    ...(title ? { title } : {}),
    ...(submit ? { submit } : {}),
    ...(close ? { close } : {}),
    blocks: payload.blocks as JsonObject[],
    private_metadata: optionalString(payload, 'private_metadata'),
    callback_id: optionalString(payload, 'callback_id'),
    external_id: optionalString(payload, 'external_id'),
    hash: ctx.state.newViewHash(ctx.at),
    clear_on_close: payload.clear_on_close === true,
    notify_on_close: payload.notify_on_close === true,
    submit_disabled: payload.submit_disabled === true,
    state: { values: {} },
    root_view_id: base.root_view_id,
    previous_view_id: base.previous_view_id,
    app_id: auth.workspace.appId,
    bot_id: auth.workspace.botId,
    app_installed_team_id: auth.teamId,
  };
}

function checkExternalId(ctx: AuthedContext, payload: JsonObject, ownId?: string): void {
  const externalId = optionalString(payload, 'external_id');
  if (!externalId) return;
  const other = ctx.state.viewByExternalId(ctx.auth.teamId, externalId);
  if (other && other.id !== ownId) throw new SlackApiError('duplicate_external_id');
}

function triggerUser(ctx: AuthedContext): string {
  const triggerId = str(ctx.args, 'trigger_id') ?? str(ctx.args, 'interactivity_pointer');
  if (!triggerId) throw new SlackApiError('invalid_arguments', { response_metadata: { messages: ['[ERROR] missing required field: trigger_id'] } });
  const check = ctx.state.consumeTrigger(triggerId, ctx.auth.teamId, ctx.at);
  if (!check.ok) throw new SlackApiError(check.error);
  return check.trigger.userId;
}

export const viewMethods: MethodTable = {
  'views.publish': {
    auth: 'any',
    handler: (ctx) => {
      const userId = str(ctx.args, 'user_id');
      if (!userId || !ctx.state.member(ctx.auth.teamId, userId)) throw new SlackApiError('user_not_found');
      const payload = viewArg(ctx, ['home']);
      const current = ctx.state.homeView(ctx.auth.teamId, userId);
      const hash = str(ctx.args, 'hash');
      if (hash && current && current.hash !== hash) throw new SlackApiError('hash_conflict');
      checkExternalId(ctx, payload, current?.id);
      const id = current?.id ?? ctx.state.nextId('V');
      const view = buildView(ctx, payload, userId, { id, root_view_id: null, previous_view_id: null });
      ctx.state.publishHome(view);
      return { view: toSlackView(view) };
    },
  },

  'views.open': {
    auth: 'any',
    handler: (ctx) => {
      const payload = viewArg(ctx, ['modal']);
      const userId = triggerUser(ctx);
      checkExternalId(ctx, payload);
      const id = ctx.state.nextId('V');
      const view = buildView(ctx, payload, userId, { id, root_view_id: id, previous_view_id: null });
      ctx.state.openModal(view);
      return { view: toSlackView(view) };
    },
  },

  'views.push': {
    auth: 'any',
    handler: (ctx) => {
      const payload = viewArg(ctx, ['modal']);
      const userId = triggerUser(ctx);
      const stack = ctx.state.modalStack(ctx.auth.teamId, userId);
      if (stack.length >= MAX_MODAL_STACK) throw new SlackApiError('push_limit_reached');
      checkExternalId(ctx, payload);
      const id = ctx.state.nextId('V');
      const top = stack.at(-1);
      const view = buildView(ctx, payload, userId, { id, root_view_id: stack[0]?.id ?? id, previous_view_id: top?.id ?? null });
      if (top) ctx.state.pushModal(view);
      else ctx.state.openModal(view);
      return { view: toSlackView(view) };
    },
  },

  'views.update': {
    auth: 'any',
    handler: (ctx) => {
      const viewId = str(ctx.args, 'view_id');
      const externalId = str(ctx.args, 'external_id');
      if (!viewId && !externalId) throw new SlackApiError('invalid_arguments', { response_metadata: { messages: ['[ERROR] view_id or external_id is required'] } });
      const current = viewId ? ctx.state.view(ctx.auth.teamId, viewId) : ctx.state.viewByExternalId(ctx.auth.teamId, externalId ?? '');
      if (!current) throw new SlackApiError('not_found');
      const payload = viewArg(ctx, [current.type]);
      const hash = str(ctx.args, 'hash');
      if (hash && hash !== current.hash) throw new SlackApiError('hash_conflict');
      checkExternalId(ctx, payload, current.id);
      const view = buildView(ctx, payload, current.user_id, current);
      ctx.state.replaceView(view);
      return { view: toSlackView(view) };
    },
  },
};
