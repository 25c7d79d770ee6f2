// Spawns one of the project's command-line entry points the way npm does (Node 22, repo root) and
// collects what it printed, for tests of the messages a person sees.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How long a CLI may take to exit or be ready. `npm start` once loaded playwright-core and the sandbox before it
 * read its options: 10–15 s at a load of 25 on 2 cores, so the old 15 s bound failed a test now and then.
 */
export const CLI_TIMEOUT_MS = 45_000;
/** The test timeout for tests that run CLIs: room for a couple of runs at the bound above. */
export const CLI_TEST_TIMEOUT_MS = 90_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <script> ...args` to its end (bounded by `timeoutMs`). */
export function runCli(
  script: string,
  args: string[],
  options: { node?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.node ?? process.execPath, [script, ...args], {
      cwd: root,
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not exit:\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? CLI_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running CLI and resolves once its output contains `ready`; the caller stops it with stopCli. */
export function startCli(
  script: string,
  args: string[],
  ready: string,
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: options.env ?? process.env });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} never printed "${ready}":\n${output}`));
    }, options.timeoutMs ?? CLI_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before "${ready}":\n${output}`));
    });
  });
}

export async function stopCli(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A loopback port held open by this test process, as "someone else" holding a port the CLI wants. */
export async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}
