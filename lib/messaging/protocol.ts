// The one typed map of every request a UI context can make of the background, and who may make it.
// 'extension' requests come only from the extension's own pages (popup, options);
// 'content' requests may also come from the embedded panel on an allowed partner CRM page.
// Inputs are zod schemas, checked at the background's boundary; outputs are types only.
import { z } from 'zod';

export type Access = 'extension' | 'content';

export interface RequestSpec<Input extends z.ZodType, Output> {
  input: Input;
  access: Access;
  /** Phantom: carries the output type, never read at run time. */
  output?: Output;
}

function request<Output>() {
  return <Input extends z.ZodType>(access: Access, input: Input): RequestSpec<Input, Output> => ({ input, access });
}

const empty = z.object({}).strict();
const accountId = z.string().min(1).max(200);

// ---- account-linking / account-switcher ----------------------------------------------------

export interface LinkedAccountView {
  accountId: string;
  accountName: string;
  appSpecificAccountId: string;
  linkedAt: number;
  needsRelink: boolean;
}

export interface AccountsView {
  accounts: LinkedAccountView[];
  activeAccountId: string | null;
}

export const protocol = {
  'accounts.list': request<AccountsView>()('content', empty),
  'accounts.link': request<LinkedAccountView>()('extension', empty),
  'accounts.relink': request<LinkedAccountView>()('extension', z.object({ accountId })),
  'accounts.unlink': request<AccountsView>()('extension', z.object({ accountId })),
  'accounts.activate': request<AccountsView>()('content', z.object({ accountId })),
} as const;

export type Protocol = typeof protocol;
export type RequestType = keyof Protocol;
export type RequestInput<K extends RequestType> = z.input<Protocol[K]['input']>;
export type ParsedInput<K extends RequestType> = z.output<Protocol[K]['input']>;
export type RequestOutput<K extends RequestType> = NonNullable<Protocol[K]['output']>;

/** What travels over runtime.sendMessage. The `desk` tag keeps foreign messages out. */
export interface RequestMessage<K extends RequestType = RequestType> {
  desk: 'request';
  type: K;
  input: unknown;
}

export type Reply<K extends RequestType = RequestType> =
  | { ok: true; value: RequestOutput<K> }
  | { ok: false; error: import('./wire-error.ts').WireError };

// ---- events the background broadcasts to open UI contexts ----------------------------------

export interface DeskEvents {
  'accounts.changed': AccountsView;
}

export interface EventMessage<K extends keyof DeskEvents = keyof DeskEvents> {
  desk: 'event';
  type: K;
  payload: DeskEvents[K];
}
