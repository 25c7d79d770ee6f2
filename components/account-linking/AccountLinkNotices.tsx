// The account switcher's notices about linking, loaded once there is one to show (account-linking/first-use.ts).
import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { LinkedConfirmation, LinkingOutcome, RememberedLinkingOutcome } from './LinkingOutcome.tsx';
import { RelinkButton } from './RelinkButton.tsx';
import { useLinking } from './use-linking.ts';

/** When the active account was linked on another environment or needs relinking, says so and offers Relink. */
export function AccountLinkNotices({ active, size }: { active: LinkedAccountView | undefined; size: 'sm' | 'md' }) {
  const linking = useLinking();
  return (
    <>
      {active?.otherEnvironment ? (
        <ErrorNotice
          tone="warn"
          size={size}
          title="Linked on another environment"
          error={`${active.accountName} was linked on ${active.apiOrigin}. Switch the Connection back, or link it again here.`}
          actions={<RelinkButton account={active} state={linking} />}
        />
      ) : active?.needsRelink ? (
        <ErrorNotice
          tone="warn"
          size={size}
          title="Needs relinking"
          error={`${active.accountName} no longer accepts Listings Desk’s access. Link it again to continue.`}
          actions={<RelinkButton account={active} state={linking} />}
        />
      ) : null}
      <LinkedConfirmation size={size} />
      <LinkingOutcome state={linking} size={size} />
      <RememberedLinkingOutcome size={size} />
    </>
  );
}
