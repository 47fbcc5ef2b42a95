/**
 * The error names Slack documents for the methods the sandbox answers (each method's "Errors" table on
 * docs.slack.dev, plus the errors every method can return). The sandbox answers with these only; a unit test
 * (test/unit/sandbox/errors.test.ts) holds every `SlackApiError` in src/sandbox to this list, so an invented
 * name cannot creep in.
 */
export const COMMON_ERRORS = [
  'not_authed',
  'invalid_auth',
  'token_expired',
  'token_revoked',
  'account_inactive',
  'not_allowed_token_type',
  'missing_scope',
  'invalid_arguments',
  'invalid_arg_name',
  'invalid_form_data',
  'invalid_json',
  'request_too_large',
  'invalid_cursor',
  'unknown_method',
  'ratelimited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'team_not_found',
] as const;

export const METHOD_ERRORS = [
  // chat.*
  'channel_not_found', 'not_in_channel', 'is_archived', 'msg_too_long', 'no_text', 'too_many_attachments', 'invalid_attachments',
  'invalid_blocks', 'invalid_blocks_format', 'msg_blocks_too_long', 'invalid_metadata_format', 'invalid_metadata_schema', 'metadata_too_large', 'rate_limited', 'restricted_action',
  'message_not_found', 'cant_update_message', 'cant_delete_message', 'edit_window_closed', 'user_not_in_channel', 'time_in_past',
  'time_too_far', 'invalid_time', 'invalid_scheduled_message_id', 'thread_not_found',
  // conversations.*
  'method_not_supported_for_channel_type', 'user_not_found', 'user_disabled', 'users_list_not_supplied', 'too_many_users',
  'not_enough_users', 'cannot_dm_bot', 'no_user', 'cant_invite', 'cant_invite_self', 'already_in_channel', 'cant_kick_self',
  'cant_kick_from_general', 'name_taken', 'invalid_name', 'invalid_name_required', 'invalid_name_maxlength', 'invalid_name_specials',
  'invalid_name_punctuation', 'invalid_types', 'invalid_ts_latest', 'invalid_ts_oldest',
  // users.*
  'users_not_found',
  // views.*
  'invalid_trigger_id', 'expired_trigger_id', 'exchanged_trigger_id', 'view_too_large', 'not_found', 'hash_conflict',
  'duplicate_external_id', 'push_limit_reached',
  // reactions.*
  'already_reacted', 'no_reaction', 'too_many_emoji', 'too_many_reactions', 'invalid_name',
  // files.getUploadURLExternal, files.completeUploadExternal
  'file_not_found',
  // oauth.v2.access, openid.connect.*
  'invalid_client_id', 'bad_client_secret', 'invalid_code', 'code_already_used', 'bad_redirect_uri', 'invalid_grant_type',
  'invalid_refresh_token',
] as const;

export const DOCUMENTED_ERRORS: ReadonlySet<string> = new Set<string>([...COMMON_ERRORS, ...METHOD_ERRORS]);
