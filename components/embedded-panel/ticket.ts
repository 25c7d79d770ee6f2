// The content script's one request. Not ask(): that builds envelopes from the protocol module, whose zod
// schemas would add ~90 KB to a script that every page of the CRM loads. The types are the protocol's.
import { browser } from 'wxt/browser';
import type { RequestMessage } from '../../lib/messaging/protocol/envelope.ts';
import type { Reply, RequestOutput } from '../../lib/messaging/protocol/index.ts';

export async function askForTicket(): Promise<RequestOutput<'panel.ticket'>> {
  const message: RequestMessage<'panel.ticket'> = { desk: 'request', type: 'panel.ticket', input: {} };
  const reply = (await browser.runtime.sendMessage(message)) as Reply<'panel.ticket'> | undefined;
  if (!reply) throw new Error('Listings Desk’s background worker did not answer.');
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}
