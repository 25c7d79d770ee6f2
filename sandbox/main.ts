// CLI: `npm run sandbox -- [--port N] [--auth-port N] [--data FILE] [--hostile] [--locations N] [--processing-ms N]`
import { parseArgs } from 'node:util';
import { type SandboxOptions, startSandbox } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'auth-port': { type: 'string' },
    data: { type: 'string' },
    hostile: { type: 'boolean' },
    locations: { type: 'string' },
    'processing-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm run sandbox -- [options]
  --port N           API origin port (default 8787, 0 = free port)
  --auth-port N      OAuth authorize origin port (default 8788, 0 = free port)
  --data FILE        load state from FILE if it exists; save to it after each change
  --hostile          seed publisher data carrying HTML, <script> and javascript: URLs
  --locations N      locations per customer account (default 30)
  --processing-ms N  how long add requests stay PROCESSING (default 2000)`);
  process.exit(0);
}

function portOf(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be a port number (0-65535)`);
    process.exit(2);
  }
  return n;
}

const options: SandboxOptions = {
  port: portOf(values.port, '--port') ?? 8787,
  authPort: portOf(values['auth-port'], '--auth-port') ?? 8788,
  hostile: values.hostile === true,
  ...(values.data ? { dataFile: values.data } : {}),
  ...(values.locations ? { locationsPerAccount: Number(values.locations) } : {}),
  ...(values['processing-ms'] ? { addRequestProcessingMs: Number(values['processing-ms']) } : {}),
};

const sandbox = await startSandbox(options);

// A ready token for account 1001, reused across restarts when --data keeps one.
const existing = (await (await fetch(`${sandbox.apiUrl}/__sandbox/tokens`)).json()) as {
  tokens: { access_token: string; accountId: string; revoked: boolean }[];
};
let token = existing.tokens.find((t) => t.accountId === '1001' && !t.revoked)?.access_token;
if (!token) {
  const minted = (await (
    await fetch(`${sandbox.apiUrl}/__sandbox/tokens`, { method: 'POST', body: JSON.stringify({ accountId: '1001' }) })
  ).json()) as { access_token: string };
  token = minted.access_token;
}

const v = new Date().toISOString().slice(0, 10).replace(/-/g, '');
console.log(`Listings API sandbox${options.hostile ? ' (HOSTILE dataset)' : ''}${options.dataFile ? ` — state in ${options.dataFile}` : ''}
  API        ${sandbox.apiUrl}
  Auth       ${sandbox.authUrl}/oauth2/authorize
  Control    ${sandbox.apiUrl}/__sandbox/  (see sandbox/README.md)
  api_key    ${sandbox.apiKey}
  client_id  ${sandbox.clientId}  (client_secret = api_key)
  token      ${token}  (account 1001 "Harbor Bakery Group")

Try:
  curl '${sandbox.apiUrl}/v2/accounts/me/powerlistings/publishers?api_key=${sandbox.apiKey}&v=${v}&access_token=${token}'
  curl -X POST ${sandbox.apiUrl}/__sandbox/tokens -d '{"accountId":"1002"}'
Ctrl-C to stop.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
