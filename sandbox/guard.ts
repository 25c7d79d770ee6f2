// Credential checks shared by every /v2 call, and the `me` / account-id resolution.
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, CODES } from './envelope.ts';
import type { Account, Token } from './model.ts';
import type { Store } from './store.ts';

export type SandboxEnv = { Variables: { token: Token } };
export type SandboxContext = Context<SandboxEnv>;

function validVersion(v: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return Number(m[1]) >= 2000 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function findToken(store: Store, value: string | undefined | null): Token | undefined {
  if (!value) return undefined;
  const token = store.state.tokens.find((t) => t.access_token === value);
  return token && !token.revoked ? token : undefined;
}

/** api_key, then v, then access_token (query parameter; a Bearer header is accepted too). */
export function v2Guard(store: Store, apiKey: string): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    const key = query.get('api_key');
    if (!key) throw new ApiError(400, CODES.MISSING_API_KEY, 'Missing required parameter: api_key');
    if (key !== apiKey) throw new ApiError(401, CODES.INVALID_API_KEY, 'Invalid api_key');
    const v = query.get('v');
    if (!v) throw new ApiError(400, CODES.INVALID_VERSION, 'Missing required parameter: v (a date, YYYYMMDD)');
    if (!validVersion(v))
      throw new ApiError(400, CODES.INVALID_VERSION, 'Invalid parameter v: expected a date YYYYMMDD');
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const value = query.get('access_token') ?? bearer;
    if (!value) throw new ApiError(401, CODES.INVALID_TOKEN, 'Missing access_token');
    const token = findToken(store, value);
    if (!token) throw new ApiError(401, CODES.INVALID_TOKEN, 'Invalid or revoked access_token');
    c.set('token', token);
    await next();
  };
}

/**
 * After v2Guard: a call with the token of an account the control API marked forbidden answers 403 with the
 * vendor's error envelope, whatever it asks (the token itself stays valid: this is not a 401).
 */
export function forbiddenGuard(forbidden: () => ReadonlySet<string>): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const { accountId } = c.get('token');
    if (forbidden().has(accountId)) {
      throw new ApiError(
        403,
        CODES.INSUFFICIENT_PRIVILEGES,
        `Insufficient privileges: this app may no longer use account ${accountId}`,
      );
    }
    await next();
  };
}

/**
 * `me` is the token's account. An explicit id must be the token's account or one below it;
 * anything else (another customer, an app-specific id) is "account not found".
 */
export function resolveAccount(c: SandboxContext, store: Store): Account {
  const token = c.get('token');
  const param = c.req.param('accountId') ?? 'me';
  const id = param === 'me' ? token.accountId : param;
  const allowed = store.accountTree(token.accountId);
  const account = allowed.find((a) => a.accountId === id);
  if (!account) {
    const hint = id.startsWith('app-') ? ' (an app-specific account id cannot replace me)' : '';
    throw new ApiError(400, CODES.ACCOUNT_NOT_FOUND, `Account not found: ${id}${hint}`);
  }
  return account;
}

/** `[a,b]`, `a,b` and repeated parameters all give [a, b]; undefined when absent. */
export function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const raw = query.getAll(name);
  if (raw.length === 0) return undefined;
  const out: string[] = [];
  for (const value of raw) {
    const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
    for (const part of inner.split(',')) {
      const item = part.trim().replace(/^"(.*)"$/, '$1');
      if (item) out.push(item);
    }
  }
  return out;
}

export function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ApiError(400, CODES.INVALID_PARAMETER, `Invalid parameter ${name}: not an integer`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ApiError(400, CODES.INVALID_PARAMETER, `Invalid parameter ${name}: must be between ${min} and ${max}`);
  }
  return value;
}

/** A status list checked against the allowed values; undefined when absent. */
function statusFilter(values: string[] | undefined, allowed: readonly string[]): Set<string> | undefined {
  if (!values) return undefined;
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw new ApiError(
        400,
        CODES.INVALID_PARAMETER,
        `Invalid status: ${value}. Expected one of ${allowed.join(', ')}`,
      );
    }
  }
  return new Set(values);
}

/** A list call's paging, and whether an item passes its status, publisher and location filters. */
export function listQuery(
  c: SandboxContext,
  limits: { defaultLimit: number; maxLimit: number; statuses: readonly string[] },
) {
  const query = queryOf(c);
  const set = (name: string) => {
    const values = listParam(query, name);
    return values ? new Set(values) : undefined;
  };
  const limit = intParam(query, 'limit', limits.defaultLimit, 1, limits.maxLimit);
  const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const statuses = statusFilter(listParam(query, 'statuses'), limits.statuses);
  const publisherIds = set('publisherIds');
  const locationIds = set('locationIds');
  return {
    limit,
    offset,
    filtered: Boolean(statuses || publisherIds || locationIds),
    filter: { statuses, publisherIds, locationIds },
    matches: (item: { status: string; publisherId: string; locationId: string }) =>
      (!statuses || statuses.has(item.status)) &&
      (!publisherIds || publisherIds.has(item.publisherId)) &&
      (!locationIds || locationIds.has(item.locationId)),
  };
}

export function queryOf(c: SandboxContext): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** The JSON body of a request, or a 400 in the vendor envelope. */
export async function jsonBody(c: SandboxContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the 400 below
  }
  throw new ApiError(400, CODES.INVALID_BODY, 'Request body must be a JSON object');
}
