import ky, { isTimeoutError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { API_VERSION, LISTINGS_PREFIX } from './config.ts';
import { isFatal, readEnvelope } from './envelope.ts';
import { ApiError, type ApiErrorInit, type ApiMessage, abortedError, isApiError, type RateLimit } from './errors.ts';

export type { RateLimit } from './errors.ts';

export interface RetryPolicy {
  /** Retries after transport errors and 5xx. */
  retries: number;
  /** Wait before retry n is backoffMs[n-1] (the last step repeats). */
  backoffMs: number[];
  /** ±fraction applied to each backoff step. */
  jitter: number;
  /** A 429 whose Rate-Limit-Reset lies further away than this fails instead of waiting. */
  maxRateLimitWaitMs: number;
}

// The vendor's Go client: 3 retries, steps 0 s, 0 s, 1 s, 5 s with ±50 % jitter.
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  backoffMs: [0, 0, 1000, 5000],
  jitter: 0.5,
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
  /** Schema of `response`; without one the call answers with an empty body (or an ignored one). */
  schema?: z.ZodType<T>;
  /** The call creates something: never re-sent once the service has answered. */
  creates?: boolean;
  /** OAuth endpoint: no api_key/v/access_token query and no v2 envelope. */
  plain?: boolean;
  /** Further values to mask in errors, e.g. an authorization code. */
  secrets?: string[];
}

/** `v2/accounts/{accountId}/...`; accountId may be the `me` macro. */
export function accountPath(accountId: string, ...segments: string[]): string {
  return ['v2', 'accounts', accountId, ...segments].map(encodeURIComponent).join('/');
}

/** `v2/accounts/me/powerlistings/...`: listings calls always act on the token's account. */
export function listingsPath(...segments: string[]): string {
  return [accountPath('me') + LISTINGS_PREFIX, ...segments.map(encodeURIComponent)].join('/');
}

/** List parameters are written `[a,b]`, as in the interface document. Empty lists mean "no filter". */
function toSearchParams(query: Record<string, QueryValue> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      if (value.length > 0) params.set(key, `[${value.join(',')}]`);
    } else {
      params.set(key, String(value));
    }
  }
  return params;
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

export class ApiClient {
  readonly #config: ApiConfig;
  readonly #policy: RetryPolicy;
  readonly #ky: KyInstance;
  readonly #base: string;

  constructor(config: ApiConfig) {
    this.#config = config;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...config.retry };
    // Retries, timeouts per attempt and status handling are ours (the vendor policy below), so ky only sends.
    this.#base = `${config.baseUrl.replace(/\/+$/, '')}/`;
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      timeout: config.timeoutMs ?? 30_000,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  }

  async request<T = undefined>(req: ApiRequest<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
    const { signal } = options;
    let retries = 0;
    let waitedForRateLimit = false;
    for (;;) {
      if (signal?.aborted) throw abortedError(req.operation);
      try {
        return await this.#attempt(req, signal);
      } catch (error) {
        if (!isApiError(error)) throw error;
        const wait = this.#retryDelay(error, req, retries, waitedForRateLimit);
        if (wait === undefined) throw error;
        if (error.status === 429) waitedForRateLimit = true;
        else retries++;
        await sleep(wait, signal, req.operation);
      }
    }
  }

  /** The one place that decides how credentials travel: query parameters, per the vendor's convention. */
  #withCredentials(params: URLSearchParams): URLSearchParams {
    params.set('api_key', this.#config.apiKey);
    params.set('v', this.#config.version ?? API_VERSION);
    if (this.#config.accessToken) params.set('access_token', this.#config.accessToken);
    return params;
  }

  #error(req: ApiRequest<unknown>, init: Omit<ApiErrorInit, 'operation' | 'secrets'>): ApiError {
    const secrets = [this.#config.apiKey, this.#config.accessToken ?? '', ...(req.secrets ?? [])];
    return new ApiError({ ...init, operation: req.operation, secrets });
  }

  async #attempt<T>(req: ApiRequest<T>, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
    const query = toSearchParams(req.query);
    const search = (req.plain ? query : this.#withCredentials(query)).toString();
    // The URL is built here and only defined options are passed: ky's prefix/searchParams merging and
    // its handling of undefined keys cost more per call than the rest of the client together.
    // The token travels in the URL: Chromium's HTTP cache would keep URLs and bodies on disk.
    const init: Options = { method: req.method, cache: 'no-store' };
    if (req.json !== undefined) init.json = req.json;
    if (req.form !== undefined) init.body = req.form;
    if (signal) init.signal = signal;
    let response: Response;
    try {
      response = await this.#ky(search ? `${this.#base}${req.path}?${search}` : `${this.#base}${req.path}`, init);
    } catch (error) {
      // ky's and fetch's own errors name the URL, credentials included: only their kind is kept.
      if (signal?.aborted) throw abortedError(req.operation);
      if (isTimeoutError(error)) throw this.#error(req, { kind: 'timeout', detail: 'no response in time' });
      throw this.#error(req, { kind: 'network', detail: 'no response (network error)' });
    }
    return this.#read(req, response, signal);
  }

  async #read<T>(req: ApiRequest<T>, response: Response, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
    const { status } = response;
    const rateLimit = readRateLimit(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal?.aborted) throw abortedError(req.operation);
      throw this.#error(req, {
        kind: 'network',
        status,
        rateLimit,
        detail: 'connection lost while reading the response',
      });
    }

    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw this.#error(req, {
          kind: response.ok ? 'unusable-response' : 'http',
          status,
          rateLimit,
          detail: 'the response is not JSON',
        });
      }
    }

    const { hasResponse, response: content, errors, uuid } = readEnvelope(body);
    if (!response.ok || errors.some(isFatal)) {
      throw this.#error(req, { kind: 'http', status, errors, uuid, rateLimit });
    }
    const result = { warnings: errors, rateLimit, uuid, status };
    if (!req.schema) return { ...result, data: undefined as T };

    const data = req.plain && !hasResponse ? body : content;
    if (data === undefined) {
      const detail = body === undefined ? 'the response is empty' : 'the response has no "response" field';
      throw this.#error(req, { kind: 'unusable-response', status, uuid, rateLimit, detail });
    }
    const parsed = req.schema.safeParse(data);
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

  /** Milliseconds to wait before the next attempt, or undefined when the error is final. */
  #retryDelay(error: ApiError, req: ApiRequest<unknown>, retries: number, waitedForRateLimit: boolean) {
    const policy = this.#policy;
    const backoff = () => {
      if (retries >= policy.retries) return undefined;
      const step = policy.backoffMs[Math.min(retries, policy.backoffMs.length - 1)] ?? 0;
      return Math.max(0, step * (1 + policy.jitter * (Math.random() * 2 - 1)));
    };
    // No response arrived: the request most likely never reached the service (refused, DNS, dropped
    // connection), so even a create may be re-sent. A timeout is different: the service may still be
    // working on it, so a create is not repeated then.
    if (error.kind === 'network') return backoff();
    if (error.kind === 'timeout') return req.creates ? undefined : backoff();
    // Once the service has answered, a create is final: re-sending could create twice.
    if (error.kind !== 'http' || error.status === undefined || req.creates) return undefined;
    if (error.status >= 500) return backoff();
    if (error.status === 429 && !waitedForRateLimit && error.rateLimit?.reset !== undefined) {
      const wait = Math.max(0, error.rateLimit.reset * 1000 - Date.now());
      return wait <= policy.maxRateLimitWaitMs ? wait : undefined;
    }
    return undefined;
  }
}
