import type { LinkedAccountView } from '../../lib/messaging/protocol/index.ts';
import { Button } from '../ui/Button.tsx';
import type { LinkingState } from './use-linking.ts';

/** Shown where an account's access stopped working (a 401): linking again is the only remedy. */
export function RelinkButton({
  account,
  state,
  size = 'sm',
}: {
  account: LinkedAccountView;
  state: LinkingState;
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      variant="primary"
      size={size}
      busy={state.busy}
      aria-label={`Relink ${account.accountName}`}
      onClick={() => void state.run(account.accountKey)}
    >
      Relink
    </Button>
  );
}
