// Notices above the list: suggestions found resolved elsewhere, a refresh that failed (the last list
// still shown), and a request the worker could not take.
import type { ComponentChildren } from 'preact';
import type { TriageView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';

export interface TriageNoticesProps {
  view: TriageView;
  resolvedElsewhere: number;
  error: unknown;
  relinkAction?: (accountKey: string) => ComponentChildren;
  onDismiss: () => void;
  onRetry: () => void;
}

export function TriageNotices({
  view,
  resolvedElsewhere,
  error,
  relinkAction,
  onDismiss,
  onRetry,
}: TriageNoticesProps) {
  const relink = view.error?.code === 'needs-relink';
  // The service not reached: the banner above says so once, and "Updated …" beside the list says the list is
  // as last fetched. A notice of its own made three boxes saying it (60 % of the popup).
  const unreached = Boolean(view.unreachable) && ['network', 'timeout'].includes(view.error?.code ?? '');
  return (
    <>
      {resolvedElsewhere > 0 ? (
        <ErrorNotice
          class="st-notice"
          size="sm"
          tone="ok"
          error={`${resolvedElsewhere === 1 ? 'One suggestion was' : `${resolvedElsewhere} suggestions were`} already resolved elsewhere; the list was refreshed.`}
          actions={
            <Button variant="link" onClick={onDismiss}>
              Dismiss
            </Button>
          }
        />
      ) : null}
      {view.error && !(relink && !relinkAction) && !unreached ? (
        <ErrorNotice
          class="st-notice"
          size="sm"
          tone={relink ? 'danger' : 'warn'}
          title={view.fetchedAt ? 'Couldn’t refresh: showing the last list' : 'Couldn’t load suggestions'}
          error={view.error}
          actions={
            relink && relinkAction && view.account ? (
              relinkAction(view.account.accountKey)
            ) : (
              <Button size="xs" onClick={onRetry}>
                Retry
              </Button>
            )
          }
        />
      ) : null}
      {error ? <ErrorNotice class="st-notice" size="sm" error={error} /> : null}
    </>
  );
}
