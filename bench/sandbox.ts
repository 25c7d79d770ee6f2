// The sandbox's own figure: walking every listing of one account should take time in proportion to
// the listings, so a 10× larger seed takes about 10× as long, not 10× per page on top.
import { startSandbox } from '../sandbox/server.ts';
import type { Figure } from './figure.ts';

const LISTINGS = '/v2/accounts/me/powerlistings/listings';

/** Milliseconds to page through one account's listings, 100 a page, one request after another. */
async function walkAllListings(locationsPerAccount: number): Promise<{ ms: number; count: number }> {
  const sandbox = await startSandbox({ port: 0, authPort: 0, locationsPerAccount });
  try {
    const minted = await fetch(`${sandbox.apiUrl}/__sandbox/tokens`, { method: 'POST', body: '{}' });
    const { access_token: token } = (await minted.json()) as { access_token: string };
    const page = async (offset: number) => {
      const url = new URL(LISTINGS, sandbox.apiUrl);
      for (const [key, value] of Object.entries({ api_key: sandbox.apiKey, v: '20250101', access_token: token })) {
        url.searchParams.set(key, value);
      }
      url.searchParams.set('limit', '100');
      url.searchParams.set('offset', String(offset));
      const body = (await (await fetch(url)).json()) as { response: { count: number; listings: unknown[] } };
      return body.response;
    };
    await page(0); // warm-up: the first page also builds the sandbox's index
    const started = performance.now();
    let seen = 0;
    let total = Number.POSITIVE_INFINITY;
    for (let offset = 0; offset < total; offset += 100) {
      const response = await page(offset);
      total = response.count;
      seen += response.listings.length;
    }
    return { ms: performance.now() - started, count: seen };
  } finally {
    await sandbox.close();
  }
}

export async function sandboxListingsScaling(): Promise<Figure[]> {
  const small = await walkAllListings(160);
  const large = await walkAllListings(1600);
  const ratio = large.ms / small.ms;
  return [
    { name: `sandbox: page through ${small.count} listings of one account`, value: Math.round(small.ms), unit: 'ms' },
    { name: `sandbox: page through ${large.count} listings of one account`, value: Math.round(large.ms), unit: 'ms' },
    {
      name: 'sandbox: 10× the listings, time ratio',
      value: Math.round(ratio * 10) / 10,
      unit: '×',
      target: '≤ 15×',
      pass: ratio <= 15,
    },
  ];
}
