import { Button, type ButtonVariant } from '../ui/Button.tsx';
import type { LinkingState } from './use-linking.ts';

export interface LinkAccountButtonProps {
  state: LinkingState;
  label?: string;
  variant?: ButtonVariant;
}

/** "Link account": the background opens the service's sign-in window and stores the token it gets. */
export function LinkAccountButton({ state, label = 'Link account', variant = 'primary' }: LinkAccountButtonProps) {
  return (
    <Button variant={variant} busy={state.busy} onClick={() => void state.run()}>
      {state.busy ? 'Waiting for sign-in…' : label}
    </Button>
  );
}
