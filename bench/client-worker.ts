// The client's CPU figures, measured as the MV3 worker runs it: zod without JIT. MV3 forbids eval, so
// zod cannot compile its parsers there; zod reads `jitless` when a schema is built, so it is set here
// before lib/api is imported (hence a process of its own). Prints the figures as JSON on stdout.
import { z } from 'zod';
import { median } from './figure.ts';

z.config({ jitless: true });
const { ApiClient } = await import('../lib/api/client.ts');
const { readListingsPage } = await import('../lib/api/listings.ts');
const { decideSuggestion, listSuggestions } = await import('../lib/api/suggestions.ts');
const { startSandbox } = await import('../sandbox/server.ts');

/** CPU microseconds (user + system) spent in `run`. */
async function cpuMicros(run: () => Promise<void> | void): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** A real page of 100 listings and one of 50 suggestions, as the sandbox answers them. */
async function cannedBodies(): Promise<{ listings: string; suggestions: string }> {
  const sandbox = await startSandbox({ port: 0, authPort: 0 });
  try {
    const tokenResponse = await fetch(`${sandbox.apiUrl}/__sandbox/tokens`, { method: 'POST', body: '{}' });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const base = `${sandbox.apiUrl}/v2/accounts/me/powerlistings`;
    const auth = `api_key=${sandbox.apiKey}&v=20261101&access_token=${token}`;
    const listings = await (await fetch(`${base}/listings?limit=100&${auth}`)).text();
    const suggestions = await (await fetch(`${base}/publishersuggestions?limit=50&${auth}`)).text();
    return { listings, suggestions };
  } finally {
    await sandbox.close();
  }
}

const bodies = await cannedBodies();
const headers = { 'content-type': 'application/json', 'Rate-Limit-Remaining': '4999' };
const EMPTY = JSON.stringify({ meta: { uuid: 'u', errors: [] }, response: {} });

/** Client CPU per call beyond what a bare fetch + JSON.parse of the same canned answer costs. */
async function perCall(body: string, call: (client: InstanceType<typeof ApiClient>) => Promise<unknown>) {
  const stub = (async () => new Response(body, { status: 200, headers })) as unknown as typeof fetch;
  const client = new ApiClient({ baseUrl: 'https://api.bench.test', apiKey: 'k', accessToken: 't', fetch: stub });
  const url = 'https://api.bench.test/v2/accounts/me/powerlistings/x?api_key=k&v=20261101&access_token=t';
  const raw = async () => JSON.parse(await (await stub(url)).text()) as unknown;
  const n = 2000;
  for (let i = 0; i < 300; i++) {
    await call(client);
    await raw();
  }
  const rounds: number[] = [];
  // Interleaved rounds, so drift in the machine's load hits both sides alike.
  for (let r = 0; r < 9; r++) {
    const typed = await cpuMicros(async () => {
      for (let i = 0; i < n; i++) await call(client);
    });
    const bare = await cpuMicros(async () => {
      for (let i = 0; i < n; i++) await raw();
    });
    rounds.push((typed - bare) / n);
  }
  return median(rounds) / 1000;
}

const decideMs = await perCall(EMPTY, (client) => decideSuggestion(client, 'S-1', 'ACCEPTED'));
const suggestionsMs = await perCall(bodies.suggestions, (client) => listSuggestions(client, { limit: 50 }));

// Validation alone: the listings page reader on pages freshly parsed from the canned text, as the
// client reads them (it normalises items in place). CPU time, as for the calls: on a shared machine
// wall time counts other processes. Small batches, so garbage collection of earlier pages does not
// land inside a timed round.
const pageText = JSON.stringify((JSON.parse(bodies.listings) as { response: unknown }).response);
const pagesPerRound = 100;
const validation: number[] = [];
for (let r = 0; r < 60; r++) {
  const pages = Array.from({ length: pagesPerRound }, () => JSON.parse(pageText) as unknown);
  const micros = await cpuMicros(() => {
    for (const page of pages) {
      const read = readListingsPage.read(page);
      if (!read.ok || read.data.listings.length !== 100) throw new Error('the page did not read 100 listings');
    }
  });
  if (r >= 10) validation.push(micros / pagesPerRound);
}

process.stdout.write(
  JSON.stringify({
    decideMs,
    suggestionsMs,
    validationMicros: median(validation),
    jitless: z.config().jitless === true,
  }),
);
