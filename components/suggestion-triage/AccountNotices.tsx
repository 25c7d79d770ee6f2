// Across accounts: an account that needs Relink, or whose last refresh failed (a 403, an outage), is said
// above the list with its remedy; the other accounts' suggestions are listed all the same.
import type { ComponentChildren } from 'preact';
import type { TriageAccountSummary } from '../../lib/messaging/protocol/index.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';

/** More than this many accounts with a problem: the rest are named in the account filter, not one notice each. */
const SHOWN = 3;

export function AccountNotices({
  troubled,
  relinkAction,
}: {
  /** The accounts with a problem to say (first-use.ts, troubledAccounts). */
  troubled: TriageAccountSummary[];
  relinkAction?: (accountKey: string) => ComponentChildren;
}) {
  if (troubled.length === 0) return null;
  return (
    <>
      {troubled
        .slice(0, SHOWN)
        .map((a) =>
          a.needsRelink ? (
            <ErrorNotice
              key={a.accountKey}
              class="st-notice"
              size="sm"
              title={`${a.accountName} needs relinking`}
              error={`Its access is no longer accepted, so its suggestions are not listed; the other accounts’ are. Choose Relink to link it again.`}
              actions={relinkAction?.(a.accountKey)}
            />
          ) : (
            <ErrorNotice
              key={a.accountKey}
              class="st-notice"
              size="sm"
              tone="warn"
              title={
                a.fetchedAt
                  ? `Couldn’t refresh ${a.accountName}: showing its last list`
                  : `Couldn’t load ${a.accountName}’s suggestions`
              }
              error={a.error}
            />
          ),
        )}
      {troubled.length > SHOWN ? (
        <p class="st-notice st-accounts__more" role="status">
          {troubled.length - SHOWN} more accounts could not be refreshed; the account filter names them.
        </p>
      ) : null}
    </>
  );
}
