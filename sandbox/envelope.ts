// The vendor envelope ({meta:{uuid, errors}, response}) and the sandbox's error codes.
import { randomUUID } from 'node:crypto';

/** Error codes the sandbox answers with; README.md lists them. */
export const CODES = {
  MISSING_API_KEY: 2000,
  INVALID_API_KEY: 2001,
  INVALID_VERSION: 2002,
  INVALID_TOKEN: 2003,
  ACCOUNT_NOT_FOUND: 2004,
  INSUFFICIENT_PRIVILEGES: 2005,
  INVALID_PARAMETER: 2010,
  MISSING_FIELD: 2011,
  INVALID_BODY: 2012,
  NOT_FOUND: 2020,
  METHOD_NOT_ALLOWED: 2021,
  RATE_LIMITED: 2040,
  INJECTED_FAULT: 2099,
  OPT_LIMIT: 2101,
  UNKNOWN_LOCATION: 2102,
  UNKNOWN_PUBLISHER: 2103,
  USER_EXISTS: 2201,
  USER_NOT_FOUND: 2202,
  INVALID_ACL: 2203,
  OAUTH_INVALID_REQUEST: 2301,
  OAUTH_INVALID_CLIENT: 2302,
  OAUTH_INVALID_GRANT: 2303,
  OAUTH_UNSUPPORTED_GRANT: 2304,
  SUGGESTION_ALREADY_RESOLVED: 7301,
  SUGGESTION_NOT_FOUND: 7302,
  SUGGESTION_BAD_STATUS: 7303,
  ADD_REQUEST_NOT_FOUND: 8001,
  NO_ACTIVE_SERVICE: 8003,
  MINIMUM_COMMITMENT: 8004,
  ADD_REQUEST_NOT_IN_REVIEW: 8005,
  SERVICE_STOPPED: 8006,
} as const;

/** Thrown anywhere in a handler; the app's onError turns it into the vendor error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorName: string | undefined;

  constructor(status: number, code: number, message: string, errorName?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.errorName = errorName;
  }
}

function successBody(response: unknown): string {
  return JSON.stringify({ meta: { uuid: randomUUID(), errors: [] }, response });
}

function errorBody(code: number, message: string, name?: string): string {
  const error: Record<string, unknown> = { code, type: 'FATAL_ERROR', message };
  if (name) error.name = name;
  return JSON.stringify({ meta: { uuid: randomUUID(), errors: [error] }, response: {} });
}

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

export function ok(response: unknown, status = 200): Response {
  return new Response(successBody(response), { status, headers: JSON_TYPE });
}

export function fail(status: number, code: number, message: string, name?: string): Response {
  return new Response(errorBody(code, message, name), { status, headers: JSON_TYPE });
}

/** 200 with no body at all (password set, user delete: "HTTP 200, no body"). */
export function emptyOk(): Response {
  return new Response(null, { status: 200 });
}

export function plainJson(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: JSON_TYPE });
}
