// The protocol's values a UI context needs, without the schemas: UI pages import this (and types only from
// index.ts), so zod and the protocol's schemas stay out of the popup's and the panel's bundles.
import type { RequestInput, RequestType } from './index.ts';

/** What travels over runtime.sendMessage. The `desk` tag keeps foreign messages out. */
export interface RequestMessage<K extends RequestType = RequestType> {
  desk: 'request';
  type: K;
  input: unknown;
}

/** The one way to build a request envelope: the UI's ask(), the bench, `npm start` and the e2e fixture. */
export function requestMessage<K extends RequestType>(type: K, input: RequestInput<K>): RequestMessage<K> {
  return { desk: 'request', type, input };
}

/** The port a UI context outside the extension's pages opens to be told of events (lib/messaging/ui.ts). */
export const EVENTS_PORT = 'desk-events';

/** The options page's address for a section and its query: `options.html#listings?status=LIVE`. */
export function optionsPath(input: { section?: string; hash?: string }): string {
  return input.section ? `/options.html#${input.section}${input.hash ?? ''}` : '/options.html';
}
