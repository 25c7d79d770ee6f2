import { EmptyState } from '../ui/EmptyState.tsx';
import { LinkAccountButton } from './LinkAccountButton.tsx';
import { LinkingOutcome, RememberedLinkingOutcome } from './LinkingOutcome.tsx';
import { useLinking } from './use-linking.ts';
import './account-linking.css';

/** The empty state of the popup and of the Accounts section: nothing can happen before a link. */
export function NoAccountLinked() {
  const linking = useLinking();
  return (
    <div class="account-linking">
      <EmptyState title="No account linked" action={<LinkAccountButton state={linking} />}>
        Link a customer account to triage its publisher suggestions and manage its listings. The service’s sign-in
        window opens; choose Allow there.
      </EmptyState>
      <LinkingOutcome state={linking} />
      <RememberedLinkingOutcome />
    </div>
  );
}
