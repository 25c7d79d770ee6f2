// Shared by the api-*.test.ts files: a real sandbox on free ports and its control API over HTTP.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ApiClient, type ApiConfig } from '../../lib/api/client.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/server.ts';

export interface Harness {
  sandbox: RunningSandbox;
  /** A client for a freshly minted token (account 1001 unless told). */
  client(options?: { accountId?: string; config?: Partial<ApiConfig> }): Promise<ApiClient>;
  control<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
  mintToken(accountId?: string): Promise<string>;
  /** /v2 and /oauth2 calls since the last reset or clear (the sandbox also logs each answer's status). */
  requests(): Promise<LoggedRequest[]>;
  state(): Promise<SandboxStateView>;
  reset(): Promise<void>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** The call's parameters without credentials; absent when it had none. */
  query?: Record<string, string>;
}

export interface SandboxStateView {
  locations: { id: string; accountId: string; name: string; possibleDuplicate: boolean }[];
  listings: { id: string; accountId: string; locationId: string; publisherId: string; status: string }[];
  suggestions: { id: string; accountId: string; status: string }[];
  users: { id: string; accountId: string; password: string; phoneNumber: string; firstName: string }[];
  services: { id: number; locationId: string; sku: string; status: string; started: string }[];
  publishers: { id: string }[];
}

/** Retry steps shrunk so failing paths stay fast; the policy itself is unchanged. */
export const FAST_RETRY = { backoffMs: [0, 0, 20], jitter: 0 };

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, authPort: 0, ...options });
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`control ${method} ${path} answered ${response.status}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const mintToken = async (accountId?: string) =>
    (await control<{ access_token: string }>('POST', 'tokens', accountId ? { accountId } : {})).access_token;
  return {
    sandbox,
    control,
    mintToken,
    async client({ accountId, config } = {}) {
      return new ApiClient({
        baseUrl: sandbox.apiUrl,
        apiKey: sandbox.apiKey,
        accessToken: await mintToken(accountId),
        retry: FAST_RETRY,
        ...config,
      });
    },
    async requests() {
      return (await control<{ requests: LoggedRequest[] }>('GET', 'requests')).requests;
    },
    state: () => control<SandboxStateView>('GET', 'state'),
    async reset() {
      await control('POST', 'reset', {});
      await control('DELETE', 'requests');
    },
  };
}

/**
 * A file's sandbox: started before its first test, reset before each, closed after the last. The
 * harness returned stands for it from the start, so a file can hold it in a const.
 */
export function harnessPerFile(options: SandboxOptions = {}): Harness {
  let started: Harness | undefined;
  const current = () => {
    if (!started) throw new Error('The sandbox starts in beforeAll: use the harness in a test or a hook.');
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterAll(() => started?.sandbox.close());
  beforeEach(() => current().reset());
  return {
    get sandbox() {
      return current().sandbox;
    },
    client: (clientOptions) => current().client(clientOptions),
    control: (method, path, body) => current().control(method, path, body),
    mintToken: (accountId) => current().mintToken(accountId),
    requests: () => current().requests(),
    state: () => current().state(),
    reset: () => current().reset(),
  };
}
