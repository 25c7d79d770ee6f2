import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { busyPortMessage, sandboxPorts } from '../../sandbox/cli-support.ts';
import { CLI_TEST_TIMEOUT_MS, holdPort, root, runCli, startCli, stopCli } from '../support/run-cli.ts';

let child: ChildProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));

afterEach(async () => {
  if (child) await stopCli(child);
  child = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `node sandbox/main.ts` on free ports and resolves with what it printed. */
function startSandboxCli(): Promise<string> {
  return new Promise((resolve, reject) => {
    // --port 0 alone: the authorize page and the demo CRM take free ports too.
    child = spawn(process.execPath, ['sandbox/main.ts', '--port', '0'], { cwd: root });
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

const sandbox = (...args: string[]) => runCli('scripts/sandbox.ts', args);

describe('npm run sandbox', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('prints addresses and credentials, and serves 60+ publishers with the printed token', async () => {
    const out = await startSandboxCli();
    const api = /API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    const auth = /Auth\s+(http:\/\/localhost:\d+)/.exec(out)?.[1];
    const token = /token\s+(\S+)/.exec(out)?.[1];
    const crm = /Demo CRM\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(api).toBeDefined();
    expect(auth).toBeDefined();
    expect(new URL(auth as string).port).not.toBe('8788');
    expect(new URL(crm as string).port).not.toBe('8789');
    expect((await fetch(`${crm}/`)).status).toBe(200);
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

describe('npm run sandbox: each bad input gets one specific line', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('--locations abc is an error, not an empty sandbox', async () => {
    const run = await sandbox('--locations', 'abc');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('npm run sandbox: --locations must be a whole number of at least 1, not "abc".');
  });

  it('a negative --locations or --port names the value, not "needs a value" and the usage', async () => {
    const locations = await sandbox('--locations', '-1');
    expect(locations.code).toBe(2);
    expect(locations.stderr.trim()).toBe(
      'npm run sandbox: --locations must be a whole number of at least 1, not "-1".',
    );
    const port = await sandbox('--port', '-1');
    expect(port.code).toBe(2);
    expect(port.stderr.trim()).toBe(
      'npm run sandbox: --port must be a port number from 0 to 65535 (0 picks a free port), not "-1".',
    );
  });

  it('--data that is a folder is one line, not an EISDIR stack', async () => {
    const run = await sandbox('--data', dir, '--port', '0');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `npm run sandbox: --data ${dir} is a folder; the sandbox keeps its state in one file. Give a file, such as --data ${join(dir, 'sandbox.json')}.`,
    );
  });

  it('an unknown option prints the usage, not ERR_PARSE_ARGS_UNKNOWN_OPTION', async () => {
    const run = await sandbox('--prot', '9000');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('npm run sandbox: Unknown option --prot.');
    expect(run.stderr).toContain('Usage: npm run sandbox -- [options]');
    expect(run.stderr).not.toContain('ERR_PARSE_ARGS');
  });

  it('--port out of range names the option and the value', async () => {
    const run = await sandbox('--port', '70000');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--port must be a port number from 0 to 65535');
    expect(run.stderr).toContain('"70000"');
  });

  it('a busy port names the process holding it and the option to use, not an EADDRINUSE stack', async () => {
    const held = await holdPort();
    try {
      const run = await sandbox('--port', String(held.port), '--auth-port', '0');
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${held.port} (the sandbox API) is already in use`);
      expect(lines[0]).toContain(`pid ${process.pid}`);
      expect(lines[0]).toContain(`\`npm run sandbox -- --port 0 --auth-port 0\``);
      expect(run.stderr).not.toContain('EADDRINUSE');
    } finally {
      await held.release();
    }
  });

  it('--data with corrupt JSON names the file and the position and offers --reset-data; --reset-data starts fresh', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"schemaVersion": 1,\n  "listings": [}\n');
    const run = await sandbox('--data', file, '--port', '0', '--auth-port', '0');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `npm run sandbox: ${file} is not valid JSON (line 2, column 16). Start fresh with --data ${file} --reset-data (it moves the file to ${file}.old), or fix it.`,
    );

    const fresh = await startCli(
      'scripts/sandbox.ts',
      ['--data', file, '--reset-data', '--port', '0', '--auth-port', '0'],
      'Ctrl-C',
    );
    child = fresh.child;
    expect(fresh.output).toContain(`Moved ${file} to ${file}.old`);
    expect(existsSync(`${file}.old`)).toBe(true);
  });
});

describe('a busy default port: the advice is a whole command that frees every port not given', () => {
  const inUse = { code: 'EADDRINUSE', port: 8789 };
  it('limits --waiting-per-added-account and --processing-ms, and takes digits only', async () => {
    const lines = await Promise.all(
      [
        ['--waiting-per-added-account', '500'],
        ['--processing-ms', '99999999'],
        ['--processing-ms', '1e3'],
      ].map(async (args) => {
        const run = await sandbox(...args);
        expect(run.code).toBe(2);
        return run.stderr.trim();
      }),
    );
    expect(lines).toEqual([
      'npm run sandbox: --waiting-per-added-account is at most 210 (7 per location, 30 locations in an added account), not 500.',
      'npm run sandbox: --processing-ms is at most 3,600,000 (an hour), not 99999999.',
      'npm run sandbox: --processing-ms must be a whole number of at least 0, not "1e3".',
    ]);
  });

  it('a state file that parses but is not whole is one line naming its missing parts and the reset command', async () => {
    const file = join(dir, 'partial.json');
    writeFileSync(file, '{"schemaVersion":1,"listings":[]}');
    const run = await sandbox('--data', file, '--port', '0');
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm run sandbox: .* is a sandbox state file with parts missing \(publishers, accounts,/);
    expect(lines[0]).toContain(`Start fresh with --data ${file} --reset-data`);
  });

  it('with no --port given, `--port 0` moves the API and, with it, the authorize page and the demo CRM', () => {
    const ports = sandboxPorts({});
    expect(busyPortMessage(inUse, ports, 'npm start', ['--data', 'x.json'])).toMatch(
      /start with `npm start -- --data x\.json --port 0` \(0 picks a free port\)\.$/,
    );
    expect(sandboxPorts({ port: '0' }).map((p) => p.port)).toEqual([0, 0, 0]);
  });

  it('with a fixed --port, the ports not given are set to 0 and the given one is kept', () => {
    const ports = sandboxPorts({ port: '9000' });
    expect(busyPortMessage(inUse, ports, 'npm run sandbox', ['--port', '9000'])).toMatch(
      /start with `npm run sandbox -- --port 9000 --auth-port 0 --crm-port 0` \(0 picks a free port\)\.$/,
    );
  });
});
