// No build carries the API key (it is the OAuth client secret): whatever the environment says at build time,
// the bundle's defines hold no key.
import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('build-time defaults', () => {
  test('LISTINGS_DESK_API_KEY set at build time is not built into the bundle', async () => {
    vi.stubEnv('LISTINGS_DESK_API_KEY', 'build-time-secret-9876');
    vi.stubEnv('LISTINGS_DESK_ENVIRONMENT', 'production');
    const { default: config } = await import('../../wxt.config.ts');
    const vite = config.vite as unknown as (env: unknown) => { define: Record<string, string> };
    const { define } = vite({ mode: 'production', command: 'build' });
    expect(Object.keys(define).length).toBeGreaterThan(0);
    expect(Object.keys(define).filter((name) => /API_KEY/.test(name))).toEqual([]);
    expect(JSON.stringify(define)).not.toContain('build-time-secret-9876');
    // Importing wxt.config.ts loads all of WXT: seconds on a busy 2-core machine.
  }, 30_000);
});
