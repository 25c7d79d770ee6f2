// `npm start`, `npm test` and the Node 20 guard, as a new user meets them: each bad input gets one specific line.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, holdPort, root, runCli, startCli, stopCli } from '../support/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'start-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (...args: string[]) => runCli('scripts/start.ts', args);

/** The machine's own node, when it is older than 22 (Debian's is 20). */
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeMajor = existsSync(SYSTEM_NODE)
  ? Number(execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }))
  : 0;

/** Processes whose command line names `path` (Chromium's --user-data-dir), from /proc. */
function processesUsing(path: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (command.includes(path)) found.push(`${pid}: ${command.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe('npm start: bad inputs', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('an unknown option prints the usage', async () => {
    const run = await start('--locations', '3');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('npm start: Unknown option --locations.');
    expect(run.stderr).toContain('Usage: npm start -- [options]');
    expect(run.stderr).toContain('--screenshots DIR');
  });

  it('--port that is not a number is refused before anything starts', async () => {
    const run = await start('--port', 'abc');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'npm start: --port must be a port number from 0 to 65535 (0 picks a free port), not "abc".',
    );
    expect(run.stdout).not.toContain('starting the sandbox');
  });

  it('a busy auth port names the process and the whole command to run instead', async () => {
    const held = await holdPort();
    const data = join(dir, 'none.json');
    try {
      const run = await start('--port', '0', '--auth-port', String(held.port), '--data', data);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `npm start: Port ${held.port} (the authorize page) is already in use by node (pid ${process.pid}): stop it (kill ${process.pid}), or start with \`npm start -- --port 0 --auth-port 0 --data ${data}\` (0 picks a free port).`,
      );
    } finally {
      await held.release();
    }
  });

  it('a bad input is answered before playwright-core or the sandbox is loaded (they take seconds on a busy machine)', async () => {
    const env = {
      ...process.env,
      NODE_OPTIONS: `--import ${join(root, 'test/support/report-imports.ts')}`,
      REPORT_IMPORTS: 'node_modules/playwright-core/,sandbox/server.ts',
    };
    const run = await runCli('scripts/start.ts', ['--port', 'abc'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'npm start: --port must be a port number from 0 to 65535 (0 picks a free port), not "abc".',
    ]);
    // The hook itself reports: a module the command does load is seen.
    const help = await runCli('scripts/start.ts', ['--help'], {
      env: { ...env, REPORT_IMPORTS: 'sandbox/cli-support.ts' },
    });
    expect(help.stderr).toContain('[loaded sandbox/cli-support.ts]');
  });

  it('--port -1 names the value, not "needs a value" and the usage', async () => {
    const run = await start('--port', '-1');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'npm start: --port must be a port number from 0 to 65535 (0 picks a free port), not "-1".',
    );
  });

  it('--data that is a folder is one line naming a file to use instead, not an EISDIR stack', async () => {
    const run = await start('--data', dir, '--port', '0');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `npm start: --data ${dir} is a folder; the sandbox keeps its state in one file. Give a file, such as --data ${join(dir, 'sandbox.json')}.`,
    );
    expect(run.stdout).not.toContain('starting the sandbox');
  });

  it('--data in a folder that does not exist is refused before the sandbox starts', async () => {
    const file = join(dir, 'missing', 'state.json');
    const run = await start('--data', file, '--port', '0');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `npm start: --data ${file}: the folder ${join(dir, 'missing')} does not exist, so the sandbox could not save its state there. Create it, or give a file in a folder that exists.`,
    ]);
  });

  it('without Chromium at CHROME_PATH it says where CHROME_PATH should point, before starting or building', async () => {
    const notAProgram = join(dir, 'chromium.txt');
    writeFileSync(notAProgram, 'not a browser');
    for (const path of [join(dir, 'no-such-chromium'), notAProgram]) {
      const run = await runCli('scripts/start.ts', ['--port', '0', '--data', join(dir, 'nochrome.json')], {
        env: { ...process.env, CHROME_PATH: path },
      });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `npm start: CHROME_PATH is ${path}, which is not a program that can run. Point it at a Chromium or Chrome executable (such as /usr/bin/chromium or /opt/google/chrome/chrome), or unset it to use /usr/bin/chromium.`,
      );
      expect(run.stdout).not.toMatch(/starting the sandbox|building/);
    }
  });

  it('--data with corrupt JSON names the file and position and offers --reset-data, not a port error', async () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, '{"schemaVersion": 1, "listings": [1, 2,]}');
    const run = await start('--data', file);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `npm start: ${file} is not valid JSON (line 1, column 40). Start fresh with \`npm start -- --data ${file} --reset-data\` (it moves the file to ${file}.old), or fix it.`,
    );
    expect(run.stderr).not.toMatch(/port|8787/i);
  });

  it.skipIf(systemNodeMajor === 0 || systemNodeMajor >= 22)(
    'run with the machine’s Node 20 (`node scripts/start.ts`), it says to use the npm script',
    async () => {
      for (const [script, command] of [
        ['scripts/start.ts', 'npm start'],
        ['scripts/test.ts', 'npm test'],
        ['scripts/sandbox.ts', 'npm run sandbox'],
      ] as const) {
        const run = await runCli(script, [], { node: SYSTEM_NODE });
        expect(run.code).toBe(1);
        expect(run.stderr.trim()).toMatch(
          new RegExp(
            `^This script needs Node 22 or newer, and this is Node 2\\d\\.[\\d.]+\\. Run it as \`${command}\`:`,
          ),
        );
      }
    },
  );
});

describe('npm start: inputs refused before anything is built', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, 'not a folder');
  const partial = join(dir, 'partial.json');
  writeFileSync(partial, '{"schemaVersion":1,"listings":[]}');
  it.each([
    [['--screenshots', file], `npm start: --screenshots ${file} is a file; give a folder (it is created if missing).`],
    [
      ['--screenshots', join(file, 'shots')],
      `npm start: --screenshots ${join(file, 'shots')}: ${file} is a file, so the folder cannot be made.`,
    ],
    // /proc takes no new folder even from root, whom permission bits do not stop.
    [
      ['--screenshots', '/proc/listings-desk-shots'],
      'npm start: --screenshots /proc/listings-desk-shots: /proc cannot be written, so the folder cannot be made; give a folder you may write to.',
    ],
    [
      ['--data', '/proc/listings-desk.json'],
      'npm start: --data /proc/listings-desk.json: the folder /proc cannot be written, so the sandbox could not save its state there. Give a file in a folder you may write to.',
    ],
    [['--profile', file], `npm start: --profile ${file} is a file; give a folder (it is created if missing).`],
    [['--port', '0x50'], 'npm start: --port must be a port number from 0 to 65535 (0 picks a free port), not "0x50".'],
    [['--port', '1e3'], 'npm start: --port must be a port number from 0 to 65535 (0 picks a free port), not "1e3".'],
    [
      ['--port', '9100', '--crm-port', '9100'],
      'npm start: --port and --crm-port are both 9100: the sandbox API and the demo CRM each need their own port (0 picks a free one).',
    ],
    [
      ['--auth-port', '8787'],
      'npm start: --port (its default) and --auth-port are both 8787: the sandbox API and the authorize page each need their own port (0 picks a free one).',
    ],
  ])('%j is one line and exit 2', async (args, line) => {
    const run = await start(...args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(line);
    expect(run.stdout).not.toContain('starting the sandbox');
  });

  it('--headless=yes says the flag takes no value, not that it needs one', async () => {
    const run = await start('--headless=yes');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      'npm start: --headless takes no value: give --headless alone, not --headless=….',
    );
  });

  it('a state file that parses but is not whole names what is missing and the reset command with its file', async () => {
    const run = await start('--data', partial);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `npm start: ${partial} is a sandbox state file with parts missing (publishers, accounts, folders, locations, suggestions, users, availableServices, services, addRequests, tokens, authCodes, roles, nextIds, clockOffsetMs, locationsPerAccount): cut short or edited. Start fresh with \`npm start -- --data ${partial} --reset-data\` (it moves the file to ${partial}.old), or point --data at another file.`,
    );
  });
});

describe('npm test: a misspelt step', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('fails with the list of steps instead of passing with 0 tests', async () => {
    const run = await runCli('scripts/test.ts', ['lnt']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'npm test: no step called "lnt". Steps: typecheck, lint, web-ext-lint, unit, integration, openapi, e2e, firefox, package.',
    );
  });

  it('the README’s `npm test -- STEP` sentence and CONTRIBUTING’s table name every step there is', async () => {
    const run = await runCli('scripts/test.ts', ['lnt']);
    const steps = /Steps: (.*)\./.exec(run.stderr)?.[1]?.split(', ') ?? [];
    expect(steps.length).toBeGreaterThan(5);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const sentence = readme.split('\n').find((line) => line.includes('`npm test -- STEP`')) ?? '';
    expect(steps.filter((step) => !sentence.includes(`\`${step}\``))).toEqual([]);
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    expect(steps.filter((step) => !contributing.includes(`| \`${step}\` |`))).toEqual([]);
  });
});

describe('npm start without a display', () => {
  it('runs headless and says what to do instead: --screenshots, or the sandbox addresses', async () => {
    // Its own temporary folder, to see that the browser profile it makes there is gone after Ctrl+C.
    const temp = mkdtempSync(join(dir, 'tmp-'));
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const data = join(dir, 'headless.json');
    // --port 0 alone: the authorize page and the demo CRM get free ports too, and the progress line names them.
    const { child, output } = await startCli(
      'scripts/start.ts',
      ['--port', '0', '--data', data],
      'Press Ctrl+C to stop.',
      // It builds the extension and starts Chromium: over 60 s at a load of 25 on 2 cores.
      { env, timeoutMs: 150_000 },
    );
    try {
      expect(output).toContain('no display was found');
      expect(output).toContain('npm start -- --screenshots');
      const api = /sandbox API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      expect(api).toBeDefined();
      expect((await fetch(`${api}/__sandbox/state`)).status).toBe(200);
      const ready = /▸ sandbox ready: API (\S+), authorize page (\S+), demo CRM (\S+)\n/.exec(output);
      expect(ready?.[1]).toBe(api);
      const ports = [ready?.[2], ready?.[3]].map((url) => Number(new URL(url ?? 'x:').port));
      expect(ports.every((p) => p > 0 && p !== 8788 && p !== 8789)).toBe(true);
      expect((await fetch(`${ready?.[3]}/`)).status).toBe(200);
      expect(output).not.toMatch(/:0\b/);
      const profiles = readdirSync(temp).filter((name) => name.startsWith('listings-desk-start-'));
      expect(profiles).toHaveLength(1);
      const profile = join(temp, profiles[0]!);

      // Ctrl+C right after a change the sandbox saves 150 ms later: the browser closes, then the sandbox
      // (its state written), then the profile goes; Playwright's own Ctrl+C handler once exited first.
      const minted = (await (
        await fetch(`${api}/__sandbox/tokens`, { method: 'POST', body: '{"accountId":"1002"}' })
      ).json()) as { access_token: string };
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(existsSync(profile)).toBe(false);
      expect(readFileSync(data, 'utf8')).toContain(minted.access_token);
      expect(processesUsing(profile)).toEqual([]);
      await expect(fetch(`${api}/__sandbox/state`)).rejects.toThrow();
    } finally {
      await stopCli(child);
    }
  }, 180_000);
});
