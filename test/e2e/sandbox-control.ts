// A small typed helper over the sandbox's control API (/__sandbox/* on the API origin).

export interface MintedToken {
  access_token: string;
  accountId: string;
  accountName: string;
  appSpecificAccountId: string;
}

export interface SandboxToken {
  access_token: string;
  accountId: string;
  revoked: boolean;
  issuedAt: string | number;
}

export interface FaultSpec {
  method?: string;
  path: string;
  status: number;
  count: number;
  body?: unknown;
}

export class SandboxControl {
  readonly apiUrl: string;

  constructor(apiUrl: string) {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.apiUrl}/__sandbox/${path.replace(/^\/+/, '')}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  reset(options: { hostile?: boolean; locationsPerAccount?: number } = {}) {
    return this.call('POST', 'reset', options);
  }
  mintToken(accountId?: string) {
    return this.call<MintedToken>('POST', 'tokens', accountId ? { accountId } : {});
  }
  async tokens(): Promise<SandboxToken[]> {
    return (await this.call<{ tokens: SandboxToken[] }>('GET', 'tokens')).tokens;
  }
  revokeToken(accessToken: string) {
    return this.call('POST', 'tokens/revoke', { access_token: accessToken });
  }
  latency(ms: number) {
    return this.call('POST', 'latency', { ms });
  }
  faults(spec: FaultSpec) {
    return this.call('POST', 'faults', spec);
  }
  rateLimit(resetInSeconds: number, count = 1) {
    return this.call('POST', 'rate-limit', { count, resetInSeconds });
  }
  malformed(spec: { method?: string; path: string; count?: number }) {
    return this.call('POST', 'malformed', spec);
  }
  resolveAddRequest(id: string | number, status: 'COMPLETED' | 'CANCELED') {
    return this.call('POST', `addrequests/${encodeURIComponent(String(id))}/resolve`, { status });
  }
  /** The hourly quota: `used` of `perHour` requests this hour (reset restores 5,000 and 0). */
  quota(body: { perHour?: number; used?: number; resetInSeconds?: number }) {
    return this.call('POST', 'quota', body);
  }
  advanceClock(days: number) {
    return this.call('POST', 'clock', { advanceDays: days });
  }
  state<T = Record<string, unknown>>() {
    return this.call<T>('GET', 'state');
  }
  requests() {
    // tokenAccountId: the account whose token the call carried (never the token itself).
    return this.call<{
      count: number;
      requests: {
        method: string;
        path: string;
        status: number;
        query?: Record<string, string>;
        tokenAccountId?: string;
      }[];
    }>('GET', 'requests');
  }
  clearRequests() {
    return this.call('DELETE', 'requests');
  }
  /** /v2 and /oauth2 calls still being answered, and ms since the last came or went. */
  activity() {
    return this.call<{ inFlight: number; quietForMs: number; logged: number }>('GET', 'requests/activity');
  }
}
