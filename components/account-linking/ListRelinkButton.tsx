import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { useValue } from '../ui/use-value.ts';
import { createLinkingStore } from './linking-store.ts';
import { RelinkButton } from './RelinkButton.tsx';

/** The popup list's Relink buttons share one attempt, as they did in one useLinking(): one busy, all busy. */
let listAttempt: ReturnType<typeof createLinkingStore> | undefined;

/** Relink beside a list notice of an account that needs it (the list's AccountNotices and TriageNotices). */
export function ListRelinkButton({ account }: { account: LinkedAccountView }) {
  listAttempt ??= createLinkingStore();
  const { busy, run, dismiss } = listAttempt;
  const state = { busy: useValue(busy), linked: null, error: null, run, dismiss };
  return <RelinkButton account={account} state={state} size="sm" />;
}
