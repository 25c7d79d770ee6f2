export interface ApiMessage {
  code: number;
  type: string;
  message: string;
  name?: string;
  /** Client warnings about items: how many, and of what ("listings"), so pages can be added up. */
  count?: number;
  subject?: string;
}

export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** Epoch seconds at which the quota resets. */
  reset?: number;
}

export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'unusable-response'
  | 'aborted'
  | 'count-changed'
  | 'timeout'
  /** Refused before sending: e.g. an id that cannot be a path segment. */
  | 'invalid-input'
  /** Not sent: background work waits for the quota's reset (`rateLimit.reset`) to leave the rest to the person. */
  | 'held-back';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  operation: string;
  status?: number;
  errors?: ApiMessage[];
  uuid?: string;
  rateLimit?: RateLimit;
  /** Short human explanation for errors that carry no service messages. */
  detail?: string;
  /** Literal values (api key, token, code) to mask wherever they appear. */
  secrets?: readonly string[];
}

/** Plain shape of an ApiError that survives structured cloning (extension messaging). */
export interface SerializedApiError {
  name: 'ApiError';
  kind: ApiErrorKind;
  operation: string;
  message: string;
  status?: number;
  errors: ApiMessage[];
  uuid?: string;
  rateLimit?: RateLimit;
}

const SECRET_PARAMS = 'api_key|access_token|client_secret|code';
const QUERY_SECRET = new RegExp(`\\b(${SECRET_PARAMS})=[^&\\s#"'<>]*`, 'gi');
const JSON_SECRET = new RegExp(`"(${SECRET_PARAMS})"(\\s*:\\s*)"[^"]*"`, 'gi');
const URL_PATTERN = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>]+/gi;

/** Masks api_key / access_token / client_secret / code values, in query form and in JSON form. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(QUERY_SECRET, '$1=***').replace(JSON_SECRET, '"$1"$2"***"');
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join('***');
  }
  return out;
}

/** Errors are shown to people and logged: no URL (the token travels in it) and no credential. */
function clean(text: string, secrets: readonly string[]): string {
  return redact(text, secrets).replace(URL_PATTERN, '[url]');
}

function describe(init: ApiErrorInit): string {
  const parts: string[] = [];
  if (init.status !== undefined) parts.push(`HTTP ${init.status}`);
  const messages = (init.errors ?? []).map((e) => `${e.code} ${e.message}`.trim());
  if (messages.length > 0) parts.push(messages.join('; '));
  if (init.detail) parts.push(init.detail);
  return `${init.operation}: ${parts.join(' — ') || init.kind}`;
}

export class ApiError extends Error {
  override name = 'ApiError' as const;
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status?: number;
  readonly errors: ApiMessage[];
  readonly uuid?: string;
  readonly rateLimit?: RateLimit;

  constructor(init: ApiErrorInit) {
    const secrets = init.secrets ?? [];
    const errors = (init.errors ?? []).map((e) => ({ ...e, message: clean(e.message, secrets) }));
    super(clean(describe({ ...init, errors }), secrets));
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.errors = errors;
    this.uuid = init.uuid;
    this.rateLimit = init.rateLimit;
  }

  toJSON(): SerializedApiError {
    return {
      name: 'ApiError',
      kind: this.kind,
      operation: this.operation,
      message: this.message,
      status: this.status,
      errors: this.errors,
      uuid: this.uuid,
      rateLimit: this.rateLimit,
    };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Rebuilds an ApiError from its toJSON() form, e.g. after it crossed extension messaging. */
export function apiErrorFromJSON(json: SerializedApiError): ApiError {
  const error = new ApiError({
    kind: json.kind,
    operation: json.operation,
    status: json.status,
    errors: json.errors,
    uuid: json.uuid,
    rateLimit: json.rateLimit,
  });
  error.message = clean(json.message, []);
  return error;
}

export function abortedError(operation: string): ApiError {
  return new ApiError({ kind: 'aborted', operation, detail: 'cancelled' });
}

// `.` and `..` would walk the path; `/ ? # % \` and control characters would change what is asked for.
const UNSAFE_ID_CHARACTERS = /[/?#%\\]/;
const hasControlCharacter = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Why `value` cannot be put into a path as an id, or undefined when it can. */
export function unsafeIdReason(value: string): string | undefined {
  if (value === '') return 'is empty';
  if (value === '.' || value === '..') return `is "${value}"`;
  if (UNSAFE_ID_CHARACTERS.test(value) || hasControlCharacter(value)) {
    return 'contains /, ?, #, %, \\ or a control character';
  }
  if (value.length > 256) return 'is longer than 256 characters';
  return undefined;
}

/**
 * A 2xx whose body could not be read (the connection cut half way, a captive portal's page): the service may
 * well have done what was asked, so a change is read back, never sent again blind.
 */
export function isUnprovenAnswer(error: unknown): boolean {
  if (!isApiError(error) || error.status === undefined || error.status < 200 || error.status >= 300) return false;
  return error.kind === 'network' || error.kind === 'unusable-response';
}
