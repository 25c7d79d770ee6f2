import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

/** Starts `node sandbox/main.ts` on free ports and resolves with what it printed. */
function startCli(): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, ['sandbox/main.ts', '--port', '0', '--auth-port', '0'], { cwd: root });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}):\n${out}`)));
  });
}

describe('npm run sandbox', () => {
  it('prints addresses and credentials, and serves 60+ publishers with the printed token', async () => {
    const out = await startCli();
    const api = /API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    const auth = /Auth\s+(http:\/\/localhost:\d+)/.exec(out)?.[1];
    const token = /token\s+(\S+)/.exec(out)?.[1];
    expect(api).toBeDefined();
    expect(auth).toBeDefined();
    expect(out).toContain('sandbox-api-key');
    expect(out).toContain('sandbox-client-id');
    const curl = /curl '([^']+)'/.exec(out)?.[1];
    expect(curl).toContain(`access_token=${token}`);
    const res = await fetch(curl as string);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: unknown[] };
    expect(body.response.length).toBeGreaterThanOrEqual(60);
    const page = await fetch(
      `${auth}/oauth2/authorize?client_id=sandbox-client-id&response_type=code&redirect_uri=${encodeURIComponent('https://x.chromiumapp.org/')}`,
    );
    expect(page.status).toBe(200);
  });
});
