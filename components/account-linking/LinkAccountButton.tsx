import { Button } from '../ui/Button.tsx';
import type { LinkingState } from './use-linking.ts';

/** "Link account": the background opens the service's sign-in window and stores the token it gets. */
export function LinkAccountButton({ state }: { state: LinkingState }) {
  return (
    <Button variant="primary" busy={state.busy} onClick={() => void state.run()}>
      {state.busy ? 'Waiting for sign-in…' : 'Link account'}
    </Button>
  );
}
