// CLI: `npm run sandbox -- [--port N] [--auth-port N] [--crm-port N] [--data FILE] [--hostile] [--long-names] [--locations N] [--accounts N] [--waiting-per-added-account N] [--processing-ms N]`
import {
  accountsOption,
  busyPortMessage,
  checkDataFile,
  countOption,
  parseCli,
  sandboxPorts,
  UsageError,
} from './cli-support.ts';
import {
  MAX_ADDED_LOCATIONS,
  MAX_CUSTOMER_ACCOUNTS,
  MAX_LOCATIONS_PER_ACCOUNT,
  MAX_WAITING_PER_LOCATION,
  MIN_CUSTOMER_ACCOUNTS,
} from './seed.ts';
import { PUBLISHERS } from './seed-data.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox } from './server.ts';

const PUBLISHER_COUNT = PUBLISHERS.length;
/** Add requests stay PROCESSING at most this long: beyond it a test waits for nothing it could see. */
const MAX_PROCESSING_MS = 3_600_000;

const USAGE = `Usage: npm run sandbox -- [options]
  --port N           API origin port (default 8787; 0 = a free port, and free ones for the two below too)
  --auth-port N      OAuth authorize origin port (default 8788, 0 = free port)
  --crm-port N       the demo CRM for the embedded panel (default 8789, 0 = free port)
  --data FILE        load state from FILE if it exists; save to it after each change
  --reset-data       with --data: move FILE aside (to FILE.old) and start from the seed
  --hostile          seed publisher data carrying HTML, <script> and javascript: URLs
  --long-names       every account, location, publisher and user name 60 characters long
  --locations N      locations per customer account (default 30, at most 20000)
  --accounts N       customer accounts: 1001, 1002, then added businesses (default 5, ${MIN_CUSTOMER_ACCOUNTS} to ${MAX_CUSTOMER_ACCOUNTS})
  --waiting-per-added-account N
                     waiting suggestions of each added account (default 8 to 40; at most 7 per location)
  --processing-ms N  how long add requests stay PROCESSING (default 2000, at most 3600000)`;

function fail(error: unknown): never {
  if (!(error instanceof UsageError)) throw error;
  console.error(`npm run sandbox: ${error.message}`);
  if (error.showUsage) console.error(USAGE);
  process.exit(2);
}

async function start(): Promise<{ sandbox: RunningSandbox; options: SandboxOptions }> {
  const values = parseCli(
    {
      port: { type: 'string' },
      'auth-port': { type: 'string' },
      'crm-port': { type: 'string' },
      data: { type: 'string' },
      'reset-data': { type: 'boolean' },
      hostile: { type: 'boolean' },
      'long-names': { type: 'boolean' },
      locations: { type: 'string' },
      accounts: { type: 'string' },
      'waiting-per-added-account': { type: 'string' },
      'processing-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    process.argv.slice(2),
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const ports = sandboxPorts(values);
  const [port, authPort, crmPort] = ports.map((p) => p.port) as [number, number, number];
  const locationsPerAccount = countOption(values.locations, '--locations', 1);
  if (locationsPerAccount !== undefined && locationsPerAccount > MAX_LOCATIONS_PER_ACCOUNT) {
    const most = MAX_LOCATIONS_PER_ACCOUNT.toLocaleString('en-US');
    throw new UsageError(
      `--locations is at most ${most} (${(MAX_LOCATIONS_PER_ACCOUNT * PUBLISHER_COUNT).toLocaleString('en-US')} listings per account), not ${values.locations}; an enterprise account of 600,000 listings is --locations 8696.`,
    );
  }
  const accounts = accountsOption(values.accounts);
  const processingMs = countOption(values['processing-ms'], '--processing-ms', 0, {
    most: MAX_PROCESSING_MS,
    why: 'an hour',
  });
  const addedLocations = Math.min(locationsPerAccount ?? 30, MAX_ADDED_LOCATIONS);
  const waitingPerAddedAccount = countOption(values['waiting-per-added-account'], '--waiting-per-added-account', 0, {
    most: addedLocations * MAX_WAITING_PER_LOCATION,
    why: `${MAX_WAITING_PER_LOCATION} per location, ${addedLocations} locations in an added account`,
  });
  if (values['reset-data'] && !values.data)
    throw new UsageError('--reset-data needs --data FILE: the file to start afresh.');
  if (values.data) checkDataFile(values.data, values['reset-data'] === true, '--reset-data');
  const options: SandboxOptions = {
    port,
    authPort,
    crmPort,
    hostile: values.hostile === true,
    longNames: values['long-names'] === true,
    ...(values.data ? { dataFile: values.data } : {}),
    ...(locationsPerAccount !== undefined ? { locationsPerAccount } : {}),
    ...(accounts !== undefined ? { accounts } : {}),
    ...(waitingPerAddedAccount !== undefined ? { waitingPerAddedAccount } : {}),
    ...(processingMs !== undefined ? { addRequestProcessingMs: processingMs } : {}),
  };
  try {
    return { sandbox: await startSandbox(options), options };
  } catch (error) {
    const busy = busyPortMessage(error, ports, 'npm run sandbox', process.argv.slice(2));
    throw busy ? new UsageError(busy) : error;
  }
}

const { sandbox, options } = await start().catch(fail);

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
  Demo CRM   ${sandbox.crmUrl}/  (for the embedded panel)
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
