// What `npm run sandbox` and `npm start` share on the command line: option parsing that answers a bad input
// with one specific line (and the usage), the data file check, and naming whoever holds a busy port.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { MAX_CUSTOMER_ACCOUNTS, MIN_CUSTOMER_ACCOUNTS } from './seed/account-range.ts';

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
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /does not take an argument/.test(message)) {
      const name = option?.split(/[\s<=]/)[0] ?? '';
      throw new UsageError(`${name} takes no value: give ${name} alone, not ${name}=….`, true);
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
  const ports: PortChoice[] = [
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
  // Two servers cannot share a port: said as such, not as "in use" by the sandbox itself a moment later.
  for (const [i, a] of ports.entries()) {
    const b = ports.slice(i + 1).find((other) => other.port === a.port && a.port !== 0);
    if (!b) continue;
    const named = (p: PortChoice) => (p.given ? p.option : `${p.option} (its default)`);
    throw new UsageError(
      `${named(a)} and ${named(b)} are both ${a.port}: ${a.role} and ${b.role} each need their own port (0 picks a free one).`,
    );
  }
  return ports;
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
  // Digits only: Number() reads 0x50 as 80 and 1e3 as 1000, a port nobody typed.
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new UsageError(`${name} must be a port number from 0 to 65535 (0 picks a free port), not "${value}".`);
  }
  return n;
}

export function countOption(
  value: string | undefined,
  name: string,
  min: number,
  max?: { most: number; why: string },
): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min}, not "${value}".`);
  }
  if (max && n > max.most) {
    throw new UsageError(`${name} is at most ${max.most.toLocaleString('en-US')} (${max.why}), not ${value}.`);
  }
  return n;
}

/** `--accounts N`: the customer accounts seeded, 2 to 50 (1001 and 1002 are always there). */
export function accountsOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < MIN_CUSTOMER_ACCOUNTS || n > MAX_CUSTOMER_ACCOUNTS) {
    throw new UsageError(
      `--accounts must be a whole number from ${MIN_CUSTOMER_ACCOUNTS} to ${MAX_CUSTOMER_ACCOUNTS} (1001 and 1002 are always there), not "${value}".`,
    );
  }
  return n;
}

/** The SandboxState fields a data file must have, by kind: one missing is a file cut short or not ours. */
const STATE_FIELDS = {
  array: [
    'publishers',
    'accounts',
    'folders',
    'locations',
    'listings',
    'suggestions',
    'users',
    'availableServices',
    'services',
    'addRequests',
    'tokens',
    'authCodes',
  ],
  object: ['roles', 'nextIds'],
  number: ['clockOffsetMs', 'locationsPerAccount'],
} as const;

function missingStateFields(state: Record<string, unknown>): string[] {
  return [
    ...STATE_FIELDS.array.filter((key) => !Array.isArray(state[key])),
    ...STATE_FIELDS.object.filter((key) => typeof state[key] !== 'object' || state[key] === null),
    ...STATE_FIELDS.number.filter((key) => typeof state[key] !== 'number'),
  ];
}

/** The command that starts afresh from the seed, naming the file the user gave. */
function resetCommand(resetFlag: string, file: string): string {
  return resetFlag.replace('--reset-data', `--data ${shellWord(file)} --reset-data`);
}

/**
 * Checks a --data file before the sandbox reads it: corrupt JSON is named with its line and column, and
 * `--reset-data` (resetFlag) moves it aside so the sandbox starts fresh from its seed.
 */
export function checkDataFile(file: string, reset: boolean, flag: string): void {
  const resetFlag = resetCommand(flag, file);
  const folder = dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new UsageError(
      `--data ${file}: the folder ${folder} does not exist, so the sandbox could not save its state there. Create it, or give a file in a folder that exists.`,
    );
  }
  // The state is written to FILE.tmp and renamed over FILE: the folder itself must be writable.
  if (!writable(folder)) {
    throw new UsageError(
      `--data ${file}: the folder ${folder} cannot be written, so the sandbox could not save its state there. Give a file in a folder you may write to.`,
    );
  }
  if (!existsSync(file)) return;
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
  const missing = missingStateFields(state as Record<string, unknown>);
  if (missing.length > 0) {
    throw new UsageError(
      `${file} is a sandbox state file with parts missing (${missing.join(', ')}): cut short or edited. Start fresh with ${resetFlag} (it moves the file to ${file}.old), or point --data at another file.`,
    );
  }
}

/** True when this process can create a file in `folder`: tried, since permission bits say nothing to root or on a read-only disk. */
export function writable(folder: string): boolean {
  try {
    rmdirSync(mkdtempSync(join(folder, '.listings-desk-write-check-')));
    return true;
  } catch {
    return false;
  }
}

/**
 * The problem with a folder an option names for writing (screenshots, a browser profile), or undefined: a
 * file there, or no writable folder to create it in. Checked before anything is built.
 */
export function folderProblem(path: string, option: string): string | undefined {
  if (existsSync(path)) {
    if (!statSync(path).isDirectory()) return `${option} ${path} is a file; give a folder (it is created if missing).`;
    return writable(path) ? undefined : `${option} ${path} cannot be written; give a folder you may write to.`;
  }
  let parent = dirname(path);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) return `${option} ${path}: ${parent} is a file, so the folder cannot be made.`;
  return writable(parent)
    ? undefined
    : `${option} ${path}: ${parent} cannot be written, so the folder cannot be made; give a folder you may write to.`;
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
