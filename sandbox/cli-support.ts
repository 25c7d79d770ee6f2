// What `npm run sandbox` and `npm start` share on the command line: option parsing that answers a bad input
// with one specific line (and the usage), the data file check, and naming whoever holds a busy port.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A bad input: main prints `message` (and the usage when asked) and exits 2. */
export class UsageError extends Error {
  readonly showUsage: boolean;
  constructor(message: string, showUsage = false) {
    super(message);
    this.showUsage = showUsage;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCli<T extends Options>(options: T, args: string[]) {
  try {
    return parseArgs({ options, args: negativeValuesJoined(options, args), strict: true, allowPositionals: false })
      .values;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const message = (error as Error).message;
    const option = /'(-{1,2}[^'\s]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option ${option ?? ''}.`, true);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const word = /'([^']*)'/.exec(message)?.[1] ?? '';
      throw new UsageError(`Unexpected argument "${word}": every input is an option such as --port 8787.`, true);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(
        option ? `${option.split(/[\s<]/)[0]} needs a value.` : message.split('\n')[0]!.replace(/^Option /, ''),
        true,
      );
    }
    throw error;
  }
}

/**
 * `--port -1` as `--port=-1`: parseArgs takes a value starting with "-" for the next option and would say
 * "--port needs a value"; joined, the option's own check names the value.
 */
function negativeValuesJoined(options: Options, args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** The three ports the sandbox listens on; with `--port 0` the two not given are free ones too. */
export function sandboxPorts(values: { port?: string; 'auth-port'?: string; 'crm-port'?: string }): PortChoice[] {
  const port = portOption(values.port, '--port', 8787);
  return [
    { port, option: '--port', role: 'the sandbox API', given: values.port !== undefined },
    {
      port: portOption(values['auth-port'], '--auth-port', port === 0 ? 0 : 8788),
      option: '--auth-port',
      role: 'the authorize page',
      given: values['auth-port'] !== undefined,
    },
    {
      port: portOption(values['crm-port'], '--crm-port', port === 0 ? 0 : 8789),
      option: '--crm-port',
      role: 'the demo CRM',
      given: values['crm-port'] !== undefined,
    },
  ];
}

export interface PortChoice {
  port: number;
  option: string;
  role: string;
  /** Set on the command line, rather than a default. */
  given: boolean;
}

export function portOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) {
    throw new UsageError(`${name} must be a port number from 0 to 65535 (0 picks a free port), not "${value}".`);
  }
  return n;
}

export function countOption(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min}, not "${value}".`);
  }
  return n;
}

/**
 * Checks a --data file before the sandbox reads it: corrupt JSON is named with its line and column, and
 * `--reset-data` (resetFlag) moves it aside so the sandbox starts fresh from its seed.
 */
export function checkDataFile(file: string, reset: boolean, resetFlag: string): void {
  if (!existsSync(file)) {
    const folder = dirname(file);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new UsageError(
        `--data ${file}: the folder ${folder} does not exist, so the sandbox could not save its state there. Create it, or give a file in a folder that exists.`,
      );
    }
    return;
  }
  if (statSync(file).isDirectory()) {
    throw new UsageError(
      `--data ${file} is a folder; the sandbox keeps its state in one file. Give a file, such as --data ${join(file, 'sandbox.json')}.`,
    );
  }
  if (reset) {
    renameSync(file, `${file}.old`);
    console.log(`Moved ${file} to ${file}.old; the sandbox starts from its seed data.`);
    return;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'an unknown error';
    throw new UsageError(
      `--data ${file} could not be read (${code}). Give a file you may read and write, or start fresh with ${resetFlag}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${file} is not valid JSON (${jsonErrorPlace(text)}). Start fresh with ${resetFlag} (it moves the file to ${file}.old), or fix it.`,
    );
  }
  const state = parsed as { schemaVersion?: unknown; listings?: unknown };
  if (state === null || typeof state !== 'object' || state.schemaVersion !== 1 || !Array.isArray(state.listings)) {
    throw new UsageError(
      `${file} is JSON but not a sandbox state file (schemaVersion 1). Start fresh with ${resetFlag}, or point --data at another file.`,
    );
  }
}

/** Where JSON.parse gave up, as "line 3, column 5": V8's message names the token, not always its place. */
function jsonErrorPlace(text: string): string {
  const at = firstJsonErrorOffset(text);
  const before = text.slice(0, at).split('\n');
  return at >= text.length
    ? `it ends too early, at line ${before.length}`
    : `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** The offset of the first character that breaks JSON's grammar (text.length when the text ends too early). */
function firstJsonErrorOffset(text: string): number {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (!text.startsWith(word, i)) fail();
    i += word.length;
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') fail();
          string();
          space();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === close) return void i++;
        else fail();
      }
    }
    if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  const number = () => {
    const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += match![0].length;
  };
  try {
    value();
    space();
    return i < text.length ? i : text.length;
  } catch (offset) {
    return offset as number;
  }
}

/** "node (pid 4242)" for whoever listens on a loopback TCP port, when the system says (ss, as the same user or root). */
export function portHolder(port: number): string | undefined {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8', timeout: 2000 });
    const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(out);
    return match ? `${match[1]} (pid ${match[2]})` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one line for a port the sandbox could not listen on; undefined for any other error. It ends with the
 * whole command to run instead (`args`: what was given), one that moves the busy port and the defaults after it.
 */
export function busyPortMessage(
  error: unknown,
  ports: PortChoice[],
  command: string,
  args: string[],
): string | undefined {
  const e = error as { code?: string; port?: number };
  if (e?.code !== 'EADDRINUSE' && e?.code !== 'EACCES') return undefined;
  const busy = ports.find((p) => p.port === e.port) ?? ports[0]!;
  const instead = `\`${command} -- ${freePortArgs(args, ports, busy).map(shellWord).join(' ')}\``;
  if (e.code === 'EACCES')
    return `Port ${busy.port} (${busy.role}) needs more rights: start with ${instead} (0 picks a free port).`;
  const holder = portHolder(busy.port);
  const who = holder ? ` by ${holder}` : '';
  const stop = holder ? `stop it (kill ${/pid (\d+)/.exec(holder)?.[1]}), or ` : 'stop whatever holds it, or ';
  return `Port ${busy.port} (${busy.role}) is already in use${who}: ${stop}start with ${instead} (0 picks a free port).`;
}

/** `args` with the busy port set to 0: `--port 0` when the busy one was a default (it frees the others too). */
function freePortArgs(args: string[], ports: PortChoice[], busy: PortChoice): string[] {
  const out = [...args];
  if (busy.given) setOption(out, busy.option, '0');
  else if (!ports[0]!.given) setOption(out, ports[0]!.option, '0');
  else for (const p of ports) if (!p.given) setOption(out, p.option, '0');
  return out;
}

function setOption(args: string[], option: string, value: string): void {
  const at = args.findIndex((a) => a === option || a.startsWith(`${option}=`));
  if (at === -1) args.push(option, value);
  else if (args[at] === option) args.splice(at, 2, option, value);
  else args.splice(at, 1, option, value);
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
