// Where the sandbox (and the client it serves) knowingly differ from the vendor's OpenAPI description
// (shared/openapi/), each because the interface document, vendor-facts.md or the vendor's own words say so.
// This is the one list: test/openapi/ fails on any other difference, and on an entry nothing needs any more.

export interface Deviation {
  /** The vendor's operationId, or '*' for every operation. */
  operation: string;
  side: 'request' | 'response';
  /**
   * Where, as the conformance test names it: `path` (with `rewrite`), `query.<name>`, `body/<pointer>`, or a
   * pointer into the answer (`/response/addRequests/*\/status`, array indexes as `*`).
   */
  at: string;
  /** What differs: an ajv keyword (`enum`, `type`, `required`, `format`), `list-form` or `path`. */
  kind: string;
  /** A path deviation: a pattern (RegExp source) of the interface's form, and the vendor's. */
  rewrite?: { ours: string; vendor: string };
  /** One line, naming the source. */
  reason: string;
}

const INTERFACE = 'the interface document (shared/spec/000_7ce6c22255f79bc9.txt)';

/** `[a,b]` for a list parameter: the operations that take one. */
const LIST_FORM: Deviation[] = ['locationIds', 'publisherIds', 'statuses'].map((name) => ({
  operation: '*',
  side: 'request',
  at: `query.${name}`,
  kind: 'list-form',
  reason: `${INTERFACE}, Endpoints: "List parameters are written in square brackets, comma-separated"; the vendor's example is a,b`,
}));

/** The interface's COMPLETED and the vendor's zone-less dates, in each answer that carries an add request. */
const ADD_REQUEST_FIELDS: Deviation[] = ['/response', '/response/addRequests/*'].flatMap((at) => [
  {
    operation: '*',
    side: 'response' as const,
    at: `${at}/status`,
    kind: 'enum',
    reason: `${INTERFACE}, States and transitions: COMPLETED (the vendor's COMPLETE is read too, vendor-facts.md Provisioning)`,
  },
  {
    operation: '*',
    side: 'response' as const,
    at: `${at}/dateSubmitted`,
    kind: 'format',
    reason:
      "no time zone, as the vendor's own AddRequestResponse example (2017-05-10T19:23:07) and vendor-facts.md say",
  },
  {
    operation: '*',
    side: 'response' as const,
    at: `${at}/dateCompleted`,
    kind: 'format',
    reason: "'' until the request ends (the vendor's own field description), else no time zone as its example",
  },
]);

export const DEVIATIONS: readonly Deviation[] = [
  {
    operation: '*',
    side: 'request',
    at: 'path',
    kind: 'path',
    rewrite: { ours: '/powerlistings/', vendor: '/listings/' },
    reason: `${INTERFACE}, Listings: /powerlistings/ paths (vendor-facts.md: the older form of the same calls)`,
  },
  {
    operation: 'getAddRequest',
    side: 'request',
    at: 'path',
    kind: 'path',
    rewrite: { ours: '/addRequests/', vendor: '/addrequests/' },
    reason: `${INTERFACE}, Provisioning: GET .../addRequests/<addRequestId> (vendor-facts.md: the sandbox accepts both)`,
  },
  {
    operation: 'listAccounts',
    side: 'request',
    at: 'path',
    kind: 'path',
    rewrite: { ours: '^/accounts/$', vendor: '/accounts' },
    reason: `${INTERFACE}, Provisioning: GET {base_url}/v2/accounts/ with its trailing slash`,
  },
  ...LIST_FORM,
  {
    operation: 'listPublishers',
    side: 'response',
    at: '/response',
    kind: 'type',
    reason: `${INTERFACE}, Listings: "response: array of Publisher"; the vendor's file has {publishers: [...]}`,
  },
  {
    operation: 'getRoles',
    side: 'response',
    at: '/response/roles/*/id',
    kind: 'type',
    reason: `${INTERFACE}, Role: id is an integer (vendor-facts.md: role ids as numbers); the vendor's file says string`,
  },
  ...ADD_REQUEST_FIELDS,
  {
    operation: 'createNewLocationAddRequest',
    side: 'request',
    at: 'body/newEntityData',
    kind: 'required',
    reason: "the vendor's own description of newLocationData: specify either newLocationData or newEntityData",
  },
];
