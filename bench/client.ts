// The client's figures: CPU per call and validation per page as in the worker, and parallel paging
// against a sequential walk on a loopback sandbox.
import { spawnSync } from 'node:child_process';
import { ApiClient } from '../lib/api/client.ts';
import { fetchAllListings, listListings } from '../lib/api/listings.ts';
import { startSandbox } from '../sandbox/server.ts';
import type { Figure } from './figure.ts';

async function control(apiUrl: string, path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(`${apiUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

/**
 * Client CPU per call and validation per 100-listing page, as in the MV3 worker: measured in a process
 * of its own with zod's JIT off (bench/client-worker.ts), against an in-process fetch stub that answers
 * a canned sandbox response, so the network is not counted.
 */
export function clientCpuFigures(): Figure[] {
  const run = spawnSync(process.execPath, ['bench/client-worker.ts'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench/client-worker.ts failed: ${run.stderr}`);
  const { decideMs, suggestionsMs, validationMicros } = JSON.parse(run.stdout) as Record<string, number>;
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  return [
    {
      name: 'client CPU per call, beyond fetch + JSON.parse (decideSuggestion; zod jitless)',
      value: round(decideMs!, 3),
      unit: 'ms',
      target: '≤ 0.1 ms',
      pass: decideMs! <= 0.1,
    },
    {
      name: 'client CPU per call, 50-suggestion page (zod jitless)',
      value: round(suggestionsMs!, 3),
      unit: 'ms',
    },
    {
      name: 'validation per 100-listing page in the worker (zod jitless)',
      value: round(validationMicros!, 1),
      unit: 'µs',
      target: '≤ 40 µs',
      pass: validationMicros! <= 40,
    },
  ];
}

export async function pagingSpeedup(): Promise<Figure[]> {
  // 63+ publishers × 160 locations ≥ 10,000 listings in one account.
  const sandbox = await startSandbox({ port: 0, authPort: 0, locationsPerAccount: 160 });
  try {
    const { access_token: token } = await control(sandbox.apiUrl, 'tokens', {});
    const client = new ApiClient({ baseUrl: sandbox.apiUrl, apiKey: sandbox.apiKey, accessToken: token });
    await control(sandbox.apiUrl, 'latency', { ms: 50 });

    let t = performance.now();
    let offset = 0;
    let sequentialCount = 0;
    let total = Number.POSITIVE_INFINITY;
    while (offset < total) {
      const page = await listListings(client, { limit: 100, offset });
      total = page.data.count;
      sequentialCount += page.data.listings.length;
      offset += 100;
    }
    const sequentialMs = performance.now() - t;

    t = performance.now();
    const all = await fetchAllListings(client, {});
    const parallelMs = performance.now() - t;
    if (all.listings.length !== sequentialCount) throw new Error('the two walks disagree on the listings');

    const speedup = sequentialMs / parallelMs;
    return [
      {
        name: `fetch all ${sequentialCount} listings, 50 ms latency: sequential walk`,
        value: Math.round(sequentialMs),
        unit: 'ms',
      },
      {
        name: `fetch all ${sequentialCount} listings, 50 ms latency: fetchAllListings`,
        value: Math.round(parallelMs),
        unit: 'ms',
      },
      {
        name: 'fetch all listings: speed-up over the sequential walk',
        value: Math.round(speedup * 10) / 10,
        unit: '×',
        target: '≥ 3×',
        pass: speedup >= 3 && sequentialCount >= 10_000,
      },
    ];
  } finally {
    await sandbox.close();
  }
}
