import ky, { isHTTPError, isTimeoutError, type KyInstance, type Options, type RetryOptions } from 'ky';
import type { z } from 'zod';
import { API_VERSION, LISTINGS_PREFIX } from './config.ts';
import { isFatal, readEnvelope } from './envelope.ts';
import {
  ApiError,
  type ApiErrorInit,
  type ApiMessage,
  abortedError,
  isApiError,
  type RateLimit,
  unsafeIdReason,
} from './errors.ts';
import type { ResponseReader } from './lists.ts';

export type { RateLimit } from './errors.ts';

export interface RetryPolicy {
  /** Retries after transport errors, timeouts, 408 and 5xx (a rate-limit wait comes on top). */
  retries: number;
  /** Wait before retry n is backoffMs[n-1] (the last step repeats). */
  backoffMs: number[];
  /** ±fraction applied to each backoff step. */
  jitter: number;
  /** A 429 whose Rate-Limit-Reset lies further away than this fails instead of waiting. */
  maxRateLimitWaitMs: number;
}

// A short outage should outlast the retries: 250 ms, 1 s, 4 s (≈ 5 s in all), each ±25 %.
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  backoffMs: [250, 1000, 4000],
  jitter: 0.25,
  maxRateLimitWaitMs: 60_000,
};

export interface ApiConfig {
  baseUrl: string;
  apiKey: string;
  version?: string;
  accessToken?: string;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Per attempt, until the response headers arrive. */
  timeoutMs?: number;
}

export interface ApiResult<T> {
  data: T;
  warnings: ApiMessage[];
  rateLimit: RateLimit;
  uuid?: string;
  status: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type QueryValue = string | number | readonly (string | number)[] | undefined;

export interface ApiRequest<T> {
  /** Name of the calling function; it is what errors report instead of a URL. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL, built with accountPath/listingsPath. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: URLSearchParams;
  /** Schema of `response`; without it or `read` the call answers with an empty body (or an ignored one). */
  schema?: z.ZodType<T>;
  /** Reader of `response` for lists: items one by one, and an empty answer where it means "no data". */
  read?: ResponseReader<T>;
  /** The call creates something: never re-sent once the service has answered. */
  creates?: boolean;
  /** OAuth endpoint: no api_key/v/access_token query and no v2 envelope. */
  plain?: boolean;
  /** Further values to mask in errors, e.g. an authorization code. */
  secrets?: string[];
  /** Ids put into `path`, by what they are ("suggestion id"): checked before anything is sent. */
  ids?: Record<string, string>;
}

/** `v2/accounts/{accountId}/...`; accountId may be the `me` macro. */
export function accountPath(accountId: string, ...segments: string[]): string {
  return ['v2', 'accounts', accountId, ...segments].map(encodeURIComponent).join('/');
}

const MY_LISTINGS = accountPath('me') + LISTINGS_PREFIX;

/** `v2/accounts/me/powerlistings/...`: listings calls always act on the token's account. */
export function listingsPath(...segments: string[]): string {
  let path = MY_LISTINGS;
  for (const segment of segments) path += `/${encodeURIComponent(segment)}`;
  return path;
}

/**
 * The query as URLSearchParams would write it (the form encoding the service has always read), built
 * as text: URLSearchParams costs more per call than the rest of the client's own work.
 * List parameters are written `[a,b]`, as in the interface document (the vendor's OpenAPI writes `a,b`; vendor-facts.md,
 * Listings). Empty lists mean "no filter".
 */
function queryText(query: Record<string, QueryValue> | undefined): string {
  let search = '';
  for (const key in query) {
    const value = query[key];
    if (value === undefined) continue;
    let text: string;
    if (typeof value === 'object') {
      if (value.length === 0) continue;
      text = `[${value.join(',')}]`;
    } else {
      text = String(value);
    }
    search += `${search ? '&' : ''}${formEncode(key)}=${formEncode(text)}`;
  }
  return search;
}

// What encodeURIComponent leaves as is, or writes otherwise, where the form encoding does not.
const FORM_DIFFERENCES = /%20|[!'()~]/g;
const formEscape = (match: string) => (match === '%20' ? '+' : `%${match.charCodeAt(0).toString(16).toUpperCase()}`);

// Written as is by the form encoding: names, ids, numbers and statuses mostly are.
const FORM_SAFE = /^[\w.*-]*$/;

/** One name or value, form-encoded; a lone surrogate becomes U+FFFD, as URLSearchParams writes it. */
function formEncode(text: string): string {
  if (FORM_SAFE.test(text)) return text;
  return encodeURIComponent(text.toWellFormed()).replace(FORM_DIFFERENCES, formEscape);
}

function readRateLimit(headers: Headers): RateLimit {
  const read = (name: string) => {
    const value = Number(headers.get(name) ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  };
  const rateLimit: RateLimit = {};
  const limit = read('Rate-Limit-Limit');
  const remaining = read('Rate-Limit-Remaining');
  const reset = read('Rate-Limit-Reset');
  if (limit !== undefined) rateLimit.limit = limit;
  if (remaining !== undefined) rateLimit.remaining = remaining;
  if (reset !== undefined) rateLimit.reset = reset;
  return rateLimit;
}

/** Resolves after ms; rejects with an 'aborted' ApiError as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(operation));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(operation));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Statuses worth another attempt after a backoff step; a 429 is retried only at its reset. */
const RETRIED_STATUSES = [408, 500, 502, 503, 504, 507, 509, 520, 521, 522, 523, 524];
// ky throws these (and reads their body); every other answer comes back as a response.
const THROWN_STATUS_SET: ReadonlySet<number> = new Set([...RETRIED_STATUSES, 429]);
// Methods alone do not decide: a create is retried only while no answer arrived (shouldRetry).
// Each call lists only its own method: ky copies and lower-cases the list twice a call.
const RETRIED_METHOD: Record<ApiRequest<unknown>['method'], NonNullable<RetryOptions['methods']>> = {
  GET: ['get'],
  PUT: ['put'],
  POST: ['post'],
  DELETE: ['delete'],
};

/** Per call: the one rate-limit wait, which the next delay takes as it is and backoff steps skip. */
interface CallState {
  waitedForRateLimit: boolean;
  rateLimitWaitMs?: number;
}

export class ApiClient {
  readonly #config: ApiConfig;
  readonly #policy: RetryPolicy;
  readonly #ky: KyInstance;
  readonly #base: string;
  /** `api_key=…&v=…&access_token=…`, written once: the same on every call. */
  readonly #credentials: string;

  constructor(config: ApiConfig) {
    this.#config = config;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...config.retry };
    this.#base = `${config.baseUrl.replace(/\/+$/, '')}/`;
    this.#credentials = credentialsQuery(config);
    // Statuses that are not retried come back as responses and are read by #read; retried ones that
    // stay failed come back as ky's HTTPError, whose body ky has read already.
    this.#ky = ky.create({
      throwHttpErrors: (status) => THROWN_STATUS_SET.has(status),
      timeout: config.timeoutMs ?? 30_000,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  async request<T = undefined>(req: ApiRequest<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
    const { signal } = options;
    if (signal?.aborted) throw abortedError(req.operation);
    if (req.ids) this.#checkIds(req, req.ids);
    const query = queryText(req.query);
    const search = req.plain ? query : query ? `${query}&${this.#credentials}` : this.#credentials;
    const state: CallState = { waitedForRateLimit: false };
    // The URL is built here and only defined options are passed: ky's prefix/searchParams merging and
    // its handling of undefined keys cost more per call than the rest of the client together.
    // The token travels in the URL: Chromium's HTTP cache would keep URLs and bodies on disk.
    const init: Options = { cache: 'no-store', retry: this.#retryOptions(req, state, signal) };
    // ky's default is GET; every option passed is merged and copied again on each call.
    if (req.method !== 'GET') init.method = req.method;
    if (req.json !== undefined) init.json = req.json;
    if (req.form !== undefined) init.body = req.form;
    if (signal) init.signal = signal;
    let response: Response;
    try {
      response = await this.#ky(search ? `${this.#base}${req.path}?${search}` : `${this.#base}${req.path}`, init);
    } catch (error) {
      // ky's and fetch's own errors name the URL, credentials included: only their kind is kept.
      if (signal?.aborted) throw abortedError(req.operation);
      // The injected fetch refused to send (the worker's request budget): its reason, under this call's name.
      if (isApiError(error))
        throw this.#error(req, {
          kind: error.kind,
          status: error.status,
          rateLimit: error.rateLimit,
          detail: 'not sent',
        });
      if (isHTTPError(error)) return this.#fail(req, error.response, readErrorData(error.data));
      if (isTimeoutError(error)) throw this.#error(req, { kind: 'timeout', detail: 'no response in time' });
      throw this.#error(req, { kind: 'network', detail: 'no response (network error)' });
    }
    return this.#read(req, response, signal);
  }

  /**
   * ky's retry, set to the vendor policy: transport errors, timeouts, 408 and 5xx with backoff steps and
   * jitter; a create only while no answer arrived (re-sending after one could create twice). ky does
   * not read the vendor's Rate-Limit-Reset (epoch seconds), so shouldRetry does, once per call: the
   * next delay is then the wait until the reset, without jitter. (An afterResponse hook returning
   * ky.retry({delay}) would say the same, but ky clones every response for it: ~0.07 ms a call.)
   */
  #retryOptions(req: ApiRequest<unknown>, state: CallState, signal: AbortSignal | undefined): RetryOptions {
    const { retries, backoffMs, jitter, maxRateLimitWaitMs } = this.#policy;
    const backoffCount = (attempt: number) => attempt - (state.waitedForRateLimit ? 1 : 0);
    return {
      limit: retries + 1,
      methods: RETRIED_METHOD[req.method],
      statusCodes: RETRIED_STATUSES,
      // The steps are the policy: a Retry-After on a 503 would otherwise set the wait, without bound.
      afterStatusCodes: [],
      retryOnTimeout: !req.creates,
      delay: (attempt) =>
        state.rateLimitWaitMs ?? backoffMs[Math.min(backoffCount(attempt), backoffMs.length) - 1] ?? 0,
      jitter: (delay) => {
        if (state.rateLimitWaitMs !== undefined) {
          state.rateLimitWaitMs = undefined;
          return delay;
        }
        return Math.max(0, delay * (1 + jitter * (Math.random() * 2 - 1)));
      },
      shouldRetry: ({ error, retryCount }) => {
        if (signal?.aborted || isApiError(error)) return false;
        // An answer (or a timeout, where the service may be working on it) ends a create.
        if (req.creates && (isHTTPError(error) || isTimeoutError(error))) return false;
        if (isHTTPError(error) && error.response.status === 429) {
          const reset = readRateLimit(error.response.headers).reset;
          if (state.waitedForRateLimit || reset === undefined) return false;
          const wait = Math.max(0, reset * 1000 - Date.now());
          if (wait > maxRateLimitWaitMs) return false;
          state.waitedForRateLimit = true;
          state.rateLimitWaitMs = wait;
          return true;
        }
        if (backoffCount(retryCount) > retries) return false;
        if (isHTTPError(error) || isTimeoutError(error)) return undefined;
        // Anything else means no answer arrived, even from fetch errors ky does not recognise.
        return true;
      },
    };
  }

  #checkIds(req: ApiRequest<unknown>, ids: Record<string, string>): void {
    for (const what in ids) {
      const value = ids[what];
      const reason = typeof value === 'string' ? unsafeIdReason(value) : 'is not text';
      if (reason)
        throw this.#error(req, { kind: 'invalid-input', detail: `the ${what} ${reason}, so it is not an id` });
    }
  }

  #error(req: ApiRequest<unknown>, init: Omit<ApiErrorInit, 'operation' | 'secrets'>): ApiError {
    const secrets = [this.#config.apiKey, this.#config.accessToken ?? '', ...(req.secrets ?? [])];
    return new ApiError({ ...init, operation: req.operation, secrets });
  }

  /** An answer that is not a success, with whatever body it had. */
  #fail(req: ApiRequest<unknown>, response: Response, body: BodyRead): never {
    const { status } = response;
    const rateLimit = readRateLimit(response.headers);
    if (body.kind === 'not-json') throw this.#error(req, { kind: 'http', status, rateLimit, detail: NOT_JSON });
    const { errors, uuid } = readEnvelope(body.value);
    throw this.#error(req, { kind: 'http', status, errors, uuid, rateLimit });
  }

  async #read<T>(req: ApiRequest<T>, response: Response, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
    const { status } = response;
    const rateLimit = readRateLimit(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal?.aborted) throw abortedError(req.operation);
      // The service answered, so nothing is re-sent here: a create or an OAuth code may have been used.
      throw this.#error(req, {
        kind: 'network',
        status,
        rateLimit,
        detail: 'connection lost while reading the response',
      });
    }
    const read = parseBody(text);
    if (!response.ok) return this.#fail(req, response, read);
    if (read.kind === 'not-json') {
      throw this.#error(req, { kind: 'unusable-response', status, rateLimit, detail: NOT_JSON });
    }
    const body = read.value;

    const { hasResponse, response: content, errors, uuid } = readEnvelope(body);
    if (errors.some(isFatal)) throw this.#error(req, { kind: 'http', status, errors, uuid, rateLimit });
    const result = { warnings: errors, rateLimit, uuid, status };
    const data = req.plain && !hasResponse ? body : content;
    if (req.read && (data !== undefined || req.read.empty)) {
      const read = data === undefined ? req.read.empty!() : req.read.read(data);
      if (!read.ok) throw this.#error(req, { kind: 'unusable-response', status, uuid, rateLimit, detail: read.detail });
      return { ...result, warnings: [...errors, ...read.warnings], data: read.data };
    }
    if (!req.schema && !req.read) return { ...result, data: undefined as T };

    if (data === undefined) {
      const detail = body === undefined ? 'the response is empty' : 'the response has no "response" field';
      throw this.#error(req, { kind: 'unusable-response', status, uuid, rateLimit, detail });
    }
    const parsed = req.schema!.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `response.${issue.path.join('.')}` : 'response';
      throw this.#error(req, {
        kind: 'unusable-response',
        status,
        uuid,
        rateLimit,
        detail: `${where}: ${issue?.message ?? 'unexpected shape'}`,
      });
    }
    return { ...result, data: parsed.data };
  }
}

/** The one place that decides how credentials travel: query parameters, per the vendor's convention. */
function credentialsQuery({ apiKey, version, accessToken }: ApiConfig): string {
  const credentials = `api_key=${formEncode(apiKey)}&v=${formEncode(version ?? API_VERSION)}`;
  return accessToken ? `${credentials}&access_token=${formEncode(accessToken)}` : credentials;
}

const NOT_JSON = 'the response is not JSON';

type BodyRead = { kind: 'json'; value: unknown } | { kind: 'not-json' };

function parseBody(text: string): BodyRead {
  if (text.trim() === '') return { kind: 'json', value: undefined };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'not-json' };
  }
}

/** ky parses an error body as JSON when its content type says so, and keeps it as text otherwise. */
function readErrorData(data: unknown): BodyRead {
  return typeof data === 'string' ? parseBody(data) : { kind: 'json', value: data };
}
