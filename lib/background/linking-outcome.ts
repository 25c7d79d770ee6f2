// The last Link/Relink outcome, kept until a page has shown it. The popup that starts a link closes when the
// sign-in window takes focus, so the reply to 'accounts.link' may reach nobody; this is how it is not lost.
import { broadcast, toWireError } from '../messaging/background.ts';
import type { LinkedAccountView, LinkingOutcomeView } from '../messaging/protocol/index.ts';
import { defineItem } from '../storage-item.ts';

/** How the last Link or Relink ended, as stored (the view sent to pages is LinkingOutcomeView). */
export interface LinkingOutcome {
  /** The attempt's id, chosen by the page that started it (or by the worker). */
  id: string;
  relink: boolean;
  finishedAt: number;
  /** Set when an account was linked; names come from the service and are shown as text. */
  account: { accountKey: string; accountName: string } | null;
  /** Set when nothing was linked: the redacted reason, as every reply carries it. */
  error: { code: string; message: string } | null;
}

export const linkingOutcomeItem = defineItem<LinkingOutcome | null>('local:linkingOutcome', {
  fallback: null,
  version: 1,
});

function newAttemptId(): string {
  return crypto.randomUUID();
}

async function remember(outcome: LinkingOutcomeView): Promise<void> {
  await linkingOutcomeItem.setValue(outcome);
  await broadcast('accounts.linkingOutcome', outcome).catch(() => undefined);
}

/** Runs a link flow and keeps how it ended (the account linked, or the redacted reason) until seen. */
export async function withLinkingOutcome(
  attemptId: string | undefined,
  relink: boolean,
  run: () => Promise<LinkedAccountView>,
): Promise<LinkedAccountView> {
  const id = attemptId ?? newAttemptId();
  let account: LinkedAccountView;
  try {
    account = await run();
  } catch (error) {
    const { code, message } = toWireError(error);
    await remember({ id, relink, finishedAt: Date.now(), account: null, error: { code, message } });
    throw error;
  }
  const { accountKey, accountName } = account;
  await remember({ id, relink, finishedAt: Date.now(), account: { accountKey, accountName }, error: null });
  return account;
}

export async function lastLinkingOutcome(): Promise<{ outcome: LinkingOutcomeView | null }> {
  return { outcome: await linkingOutcomeItem.getValue() };
}

/** Marks the outcome seen; only the one named, so a newer outcome is never dismissed by an older page. */
export async function dismissLinkingOutcome(id: string): Promise<{ dismissed: boolean }> {
  const current = await linkingOutcomeItem.getValue();
  if (current?.id !== id) return { dismissed: false };
  await linkingOutcomeItem.setValue(null);
  return { dismissed: true };
}
