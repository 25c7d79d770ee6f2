// Parts of the list most popup opens never show, loaded by import() when first shown (components/ui/later.tsx):
// the popup's first download leaves them out (bench/sizes.ts counts them apart).
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { later } from '../ui/later.tsx';

const parts = () => import('./first-use-parts.ts');

/** On the first decision (decide() starts loading it): the bar with Undo and its countdown. */
export const UndoBar = later(() => parts().then((m) => m.UndoBar));
/** On the first `?` or click of its button. */
export const HelpDialog = later(() => parts().then((m) => m.HelpDialog));
/** On the first bulk decision: its bar shows once the undo window has passed. */
export const BulkProgress = later(() => parts().then((m) => m.BulkProgress));
/** On first opening the account filter. */
export const AccountList = later(() => parts().then((m) => m.AccountList));
/** Once there is something to say above the list: resolved elsewhere, a refresh or a request that failed. */
export const TriageNotices = later(() => parts().then((m) => m.TriageNotices));
/** Once an account has a problem to say. */
export const AccountNotices = later(() => parts().then((m) => m.AccountNotices));

/** With the first row whose decision is queued for a retry or failed. */
export const Queued = later(() => parts().then((m) => m.Queued));
export const FailureNotice = later(() => parts().then((m) => m.FailureNotice));

/** Across accounts, the accounts AccountNotices speaks of: the active one's Relink is the switcher's to say. */
export function troubledAccounts(accounts: TriageAccountSummary[], activeAccountKey: string): TriageAccountSummary[] {
  return accounts.filter((a) => (a.needsRelink && a.accountKey !== activeAccountKey) || (!a.needsRelink && a.error));
}
