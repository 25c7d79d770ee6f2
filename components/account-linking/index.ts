export { LinkAccountButton } from './LinkAccountButton.tsx';
export { LinkedAccounts } from './LinkedAccounts.tsx';
export { LinkedConfirmation, LinkingOutcome, RememberedLinkingOutcome } from './LinkingOutcome.tsx';
export { NoAccountLinked } from './NoAccountLinked.tsx';
export { RelinkButton } from './RelinkButton.tsx';
export { type LinkingState, useLinking } from './use-linking.ts';
