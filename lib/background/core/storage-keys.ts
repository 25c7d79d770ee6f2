// Every key the extension keeps in storage.local, with the feature that owns it and what it holds, for
// audit: which keys hold secrets (sealed), and which hold something per linked account (dropped on unlink
// by that feature's forgetAccount). A new item is one line here; a unit test checks that none is missing.
export interface StorageKeyInfo {
  feature: string;
  holds: string;
  /** Kept per linked account: the owning feature's forgetAccount drops it on unlink. */
  perAccount?: true;
  /** Ciphertext only (AES-GCM, key in IndexedDB). */
  sealed?: true;
}

export const STORAGE_KEYS = {
  'local:connectionSettings': { feature: 'core', holds: 'API and authorize URLs, client id, API version' },
  'local:apiKeyVault': { feature: 'core', holds: 'the app API key and the origin it is for', sealed: true },
  'local:tokenVault': { feature: 'core', holds: 'access tokens', perAccount: true, sealed: true },
  'local:linkedAccounts': {
    feature: 'core',
    holds: 'linked accounts (names, link time, API origin)',
    perAccount: true,
  },
  'local:activeAccountKey': { feature: 'core', holds: 'which account is active' },
  'local:publisherNames': { feature: 'core', holds: 'publisher id → name', perAccount: true },
  'local:pendingAuthStates': { feature: 'account-linking', holds: 'OAuth states in flight (10 min)' },
  'local:linkingOutcome': { feature: 'account-linking', holds: 'how the last Link ended, until seen' },
  'local:badgeCounts': { feature: 'badge', holds: 'waiting count per account', perAccount: true },
  'local:panelSites': { feature: 'embedded-panel', holds: 'CRM sites the panel is on, their rules and hidden flags' },
  'session:panelTickets': { feature: 'embedded-panel', holds: 'one-time tickets that open a panel frame (60 s)' },
  'session:panelClaims': {
    feature: 'embedded-panel',
    holds: 'panel frames (tab, frame, document) that traded a ticket',
  },
  'session:panelPicks': {
    feature: 'embedded-panel',
    holds: 'the location the user picked in the panel for a CRM record (its address), until the browser closes',
    perAccount: true,
  },
  'session:panelScopes': {
    feature: 'core',
    holds: 'what each claimed panel frame located: its account and location, all it may read',
  },
  'local:listingsHealth': { feature: 'listings-health', holds: 'listing counts per status', perAccount: true },
  'local:triageCache': { feature: 'suggestion-triage', holds: 'last fetched suggestion lists', perAccount: true },
  'local:triagePending': { feature: 'suggestion-triage', holds: 'decisions in their undo window', perAccount: true },
  'local:triageFailures': { feature: 'suggestion-triage', holds: 'refused decisions', perAccount: true },
  'local:triageBatches': { feature: 'suggestion-triage', holds: 'recent batch outcomes', perAccount: true },
  'local:triageRevision': { feature: 'suggestion-triage', holds: 'order of triage views' },
  'local:triageUndoWindowMsForTests': { feature: 'suggestion-triage', holds: 'test builds only: undo window' },
  'local:usersAndRoles': {
    feature: 'users-and-roles',
    holds: 'users (no passwords) and roles per account',
    perAccount: true,
  },
  'local:keyboardShortcuts': { feature: 'suggestion-triage', holds: 'single-key shortcuts on/off' },
  'local:locationsDirectory': { feature: 'locations', holds: 'locations and folders per account', perAccount: true },
  'local:listingsOptInJobs': { feature: 'listings-workspace', holds: 'bulk opt-in jobs and batches', perAccount: true },
  'session:triageFirstPaint': {
    feature: 'suggestion-triage',
    holds: "the popup's first rows and names of the active account, read before the worker wakes",
    perAccount: true,
  },
  'local:requestBudget': {
    feature: 'connection-settings',
    holds:
      "the hour's request quota as the service last announced it, and requests per purpose (kept across a browser restart)",
  },
  'session:deskEventFrames': { feature: 'messaging', holds: 'embedded-panel frames listening for events' },
  'local:provisioningTracker': {
    feature: 'provisioning',
    holds: 'add requests followed to their end',
    perAccount: true,
  },
  'local:provisioningSendBatches': {
    feature: 'provisioning',
    holds: 'add requests still being sent, and the last few batches',
    perAccount: true,
  },
  'session:provisioningCheckedThisSession': {
    feature: 'provisioning',
    holds: 'whether open add requests were checked since the browser started',
  },
  'local:provisioningPollScaleForTests': { feature: 'provisioning', holds: 'test builds only: polling speed-up' },
} as const satisfies Record<string, StorageKeyInfo>;
