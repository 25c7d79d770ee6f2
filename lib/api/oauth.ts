import { z } from 'zod';
import { ApiClient, type ApiConfig, type ApiResult, type CallOptions } from './client.ts';
import { ApiError } from './errors.ts';
import { id } from './schemas-common.ts';

export const TokenResponseSchema = z.lazy(() =>
  z.looseObject({
    access_token: z.string().min(1),
    appSpecificAccountId: id(),
    accountName: z.string(),
  }),
);
export type TokenResponse = z.output<typeof TokenResponseSchema>;

export interface AuthorizeParams {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  /** Anti-forgery token, compared by the caller when the callback arrives. */
  state: string;
}

export type AuthCallback =
  | { kind: 'code'; code: string; state: string | undefined }
  | { kind: 'error'; error: string; errorDescription: string | undefined; state: string | undefined };

export interface ExchangeConfig extends Pick<ApiConfig, 'baseUrl' | 'apiKey' | 'fetch' | 'retry' | 'timeoutMs'> {
  clientId: string;
}

export function buildAuthorizeUrl({ authUrl, clientId, redirectUri, state }: AuthorizeParams): string {
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state, response_type: 'code' });
  return `${authUrl.replace(/\/+$/, '')}/oauth2/authorize?${params}`;
}

/**
 * Reads the redirect the authorize page made: `code`+`state`, or `error`+`error_description`+`state`,
 * appended with ? or & to the redirect URI. The last occurrence wins, because the service appends
 * after whatever query the redirect URI already had.
 */
export function parseAuthCallback(url: string): AuthCallback {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    throw callbackError('the callback address is not a URL');
  }
  const last = (name: string) => params.getAll(name).at(-1) || undefined;
  const state = last('state');
  const error = last('error');
  if (error) return { kind: 'error', error, errorDescription: last('error_description'), state };
  const code = last('code');
  if (code) return { kind: 'code', code, state };
  throw callbackError('the callback carries neither a code nor an error');
}

function callbackError(detail: string): ApiError {
  return new ApiError({ kind: 'unusable-response', operation: 'parseAuthCallback', detail });
}

/** POST {baseUrl}/oauth2/accesstoken, form-encoded; the app's API key is the client secret. */
export function exchangeCode(
  config: ExchangeConfig,
  { code, redirectUri }: { code: string; redirectUri: string },
  options?: CallOptions,
): Promise<ApiResult<TokenResponse>> {
  const { clientId, ...clientConfig } = config;
  const form = new URLSearchParams({
    client_id: clientId,
    client_secret: config.apiKey,
    code,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
  });
  return new ApiClient(clientConfig).request(
    {
      operation: 'exchangeCode',
      method: 'POST',
      path: 'oauth2/accesstoken',
      form,
      schema: TokenResponseSchema,
      // A code is single-use: once the service has answered, re-sending it cannot succeed.
      creates: true,
      plain: true,
      secrets: [code],
    },
    options,
  );
}
