import { API_VERSION } from '../../lib/api/config.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';

/** The Connection settings that point the extension at a running sandbox, as a person enters them. */
export function sandboxConnection(sandbox: Pick<RunningSandbox, 'apiUrl' | 'authUrl' | 'clientId' | 'apiKey'>) {
  return {
    environment: 'custom' as const,
    apiUrl: sandbox.apiUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    apiKey: sandbox.apiKey,
    apiVersion: API_VERSION,
  };
}
