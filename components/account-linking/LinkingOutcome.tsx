import { shortName } from '../../lib/shared/format.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useValue } from '../ui/use-value.ts';
import { accountsStore } from './accounts-store.ts';
import type { LinkingState } from './use-linking.ts';

/** sm: the popup's dense bar. */
type NoticeSize = 'sm' | 'md';

/** Why the last Link/Relink from this button linked nothing. Success is shown by LinkedConfirmation. */
export function LinkingOutcome({ state, size = 'md' }: { state: LinkingState; size?: NoticeSize }) {
  if (!state.error) return null;
  return (
    <ErrorNotice
      class="account-linking__outcome"
      size={size}
      title="The account was not linked"
      error={state.error}
      actions={
        <Button size="sm" variant="ghost" onClick={state.dismiss}>
          Dismiss
        </Button>
      }
    />
  );
}

/** The account name as confirmation of the last successful link on this page. */
export function LinkedConfirmation({ size = 'md' }: { size?: NoticeSize }) {
  const { lastLinked } = accountsStore;
  const account = useValue(lastLinked);
  if (!account) return null;
  return <LinkedNotice accountName={account.accountName} size={size} onDismiss={() => (lastLinked.value = null)} />;
}

/** "Linked …": the one wording of a link that worked, whether this page or another one started it. */
function LinkedNotice(props: { accountName: string; size: NoticeSize; onDismiss: () => void }) {
  return (
    <div
      class="account-linking__outcome ui-notice"
      data-tone="ok"
      data-size={props.size}
      role="status"
      data-testid="linked-confirmation"
    >
      <p class="ui-notice__message ui-notice__body">
        Linked{' '}
        <strong title={props.accountName}>
          <bdi>{shortName(props.accountName)}</bdi>
        </strong>
        . It is now the active account.
      </p>
      <div class="ui-notice__actions">
        <Button size="sm" variant="ghost" onClick={props.onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

/**
 * How a Link/Relink ended while this page was not waiting for it (e.g. started in the popup, which closed when
 * the sign-in window opened). The background forgets it once shown; this page shows it until dismissed.
 */
export function RememberedLinkingOutcome({ size = 'md' }: { size?: NoticeSize }) {
  const { rememberedOutcome } = accountsStore;
  const outcome = useValue(rememberedOutcome);
  if (!outcome) return null;
  const dismiss = () => {
    rememberedOutcome.value = null;
  };
  if (outcome.error) {
    return (
      <ErrorNotice
        class="account-linking__outcome"
        size={size}
        title={outcome.relink ? 'The account was not linked again' : 'The account was not linked'}
        error={outcome.error}
        actions={
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Dismiss
          </Button>
        }
      />
    );
  }
  if (!outcome.account) return null;
  return <LinkedNotice accountName={outcome.account.accountName} size={size} onDismiss={dismiss} />;
}
