// The vendor's processaddrequest exists only in its sandbox: it is offered only on a sandbox connection.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The sandbox environment, or any API on this machine; never a remote (production or custom) service. */
export function isSandboxConnection(settings: { environment: string; apiUrl: string }): boolean {
  if (settings.environment === 'sandbox') return true;
  try {
    return LOOPBACK_HOSTS.has(new URL(settings.apiUrl).hostname);
  } catch {
    return false;
  }
}
