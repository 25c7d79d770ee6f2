// The client's figures: per-call overhead against a raw fetch, and parallel paging against a
// sequential walk. Both run against a real sandbox on loopback.
import { ApiClient } from '../lib/api/client.ts';
import { API_VERSION } from '../lib/api/config.ts';
import { fetchAllListings, listListings } from '../lib/api/listings.ts';
import { listPublishers } from '../lib/api/publishers.ts';
import { startSandbox } from '../sandbox/server.ts';
import { type Figure, median } from './figure.ts';

async function control(apiUrl: string, path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(`${apiUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, string>;
}

export async function clientOverhead(rounds = 300): Promise<Figure> {
  const sandbox = await startSandbox({ port: 0, authPort: 0 });
  try {
    const { access_token: token } = await control(sandbox.apiUrl, 'tokens', {});
    const client = new ApiClient({ baseUrl: sandbox.apiUrl, apiKey: sandbox.apiKey, accessToken: token });
    const url = `${sandbox.apiUrl}/v2/accounts/me/powerlistings/publishers?api_key=${sandbox.apiKey}&v=${API_VERSION}&access_token=${token}`;
    const raw: number[] = [];
    const typed: number[] = [];
    // Interleaved, after a warm-up, so drift in the machine's load hits both sides alike.
    for (let i = 0; i < rounds + 30; i++) {
      let t = performance.now();
      const body = (await (await fetch(url)).json()) as { response: unknown[] };
      if (!Array.isArray(body.response)) throw new Error('raw fetch got no publishers');
      const rawMs = performance.now() - t;
      t = performance.now();
      await listPublishers(client);
      const typedMs = performance.now() - t;
      if (i >= 30) {
        raw.push(rawMs);
        typed.push(typedMs);
      }
    }
    const ratio = median(typed) / median(raw);
    return {
      name: `client overhead per call vs raw fetch (publishers list, median of ${rounds})`,
      value: Math.round(ratio * 100) / 100,
      unit: '×',
      target: '≤ 1.15×',
      pass: ratio <= 1.15,
    };
  } finally {
    await sandbox.close();
  }
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
