// The sandbox's per-account 403 switch (issue 24: "an account that answers 403 never blocks the others"):
// every call with that account's tokens answers 403 in the vendor's envelope, through the real client, while
// the other accounts answer as before; set back, or a reset, and it answers again.
import { describe, expect, it } from 'vitest';
import { fetchAllSuggestions } from '../../lib/api/suggestions.ts';
import { toWireError } from '../../lib/messaging/background.ts';
import { rejection } from '../support/api-rejection.ts';
import { harnessPerFile } from './api-sandbox.ts';

const h = harnessPerFile({ accounts: 3 });
const WAITING = { statuses: ['WAITING_ON_CUSTOMER'] };

describe('sandbox control: a forbidden account', () => {
  it('answers 403 to every call of that account’s tokens, and only that account’s', async () => {
    const forbidden = await h.client({ accountId: '1003' });
    const other = await h.client({ accountId: '1001' });
    expect(await h.control('POST', 'forbidden', { accountId: '1003' })).toEqual({ ok: true, forbidden: ['1003'] });

    const error = await rejection(fetchAllSuggestions(forbidden, WAITING));
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      errors: [{ code: 2005, type: 'FATAL_ERROR', message: expect.stringContaining('Insufficient privileges') }],
    });
    // Not retried (a 4xx), and worded for people without the internal operation's name.
    expect((await h.requests()).filter((r) => r.status === 403)).toHaveLength(1);
    const words = toWireError(error);
    expect(words).toMatchObject({ status: 403, code: '2005' });
    expect(words.message).toMatch(/not allowed/);
    // A PUT too: nothing of that account goes through.
    const put = await fetch(
      `${h.sandbox.apiUrl}/v2/accounts/me/powerlistings/publishersuggestions/x?api_key=${h.sandbox.apiKey}&v=20250101&access_token=${await h.mintToken('1003')}&status=ACCEPTED`,
      { method: 'PUT' },
    );
    expect(put.status).toBe(403);
    expect(put.headers.get('Rate-Limit-Remaining')).toMatch(/^\d+$/);

    const fine = await fetchAllSuggestions(other, WAITING);
    expect(fine.count).toBeGreaterThan(0);

    // Set back: the same token answers again.
    expect(await h.control('POST', 'forbidden', { accountId: '1003', forbidden: false })).toEqual({
      ok: true,
      forbidden: [],
    });
    expect((await fetchAllSuggestions(forbidden, WAITING)).count).toBeGreaterThan(0);
  });

  it('is cleared by a reset, and refuses an unknown account', async () => {
    await h.control('POST', 'forbidden', { accountId: '1002' });
    await h.reset();
    expect(await h.control('GET', 'forbidden')).toEqual({ ok: true, forbidden: [] });
    await expect(h.control('POST', 'forbidden', { accountId: '9999' })).rejects.toThrow(/400.*unknown accountId/);
  });
});
