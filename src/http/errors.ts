import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { missingScopeOf } from '../outbox/classify.js';
import { missingScopeText } from '../outbox/reasons.js';

/** The one error shape of the API: `{ error, fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the body, e.g. a 402's `feature` and `trial_available`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);

/** zod issues → `{ field.path: message }`. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      res.status(err.status).json({ ...err.extra, error: err.message, ...(err.fields ? { fields: err.fields } : {}) });
      return;
    }
    // Slack refused a call the action made for a permission Hearth lacks: the pages open the permissions modal,
    // which names it and offers to reinstall Hearth.
    const scope = missingScopeOf(err);
    if (scope !== null) {
      res.status(424).json({ error: missingScopeText(scope || null), missing_scope: scope || null });
      return;
    }
    if (err instanceof z.ZodError) {
      const fields = fieldsOf(err);
      res.status(400).json({ error: `Invalid ${Object.keys(fields).join(', ')}`, fields });
      return;
    }
    // body-parser: malformed JSON or a body that is too large is the client's error.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: status === 413 ? 'Request body is too large' : 'Malformed request body' });
      return;
    }
    log.error({ err, url: req.originalUrl }, 'request failed');
    res.status(500).json({ error: 'Uh oh, something went wrong. Try again?' });
  };
}

/** API paths nobody serves: 401 before sign-in (never reveal what exists), else 404. */
export const apiNotFound: RequestHandler = (req, res) => {
  if (!req.auth) res.status(401).json({ error: 'Sign in required' });
  else res.status(404).json({ error: 'Not found' });
};
