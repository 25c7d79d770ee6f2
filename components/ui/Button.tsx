import type { ButtonHTMLAttributes } from 'preact';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner, sets aria-busy and disables the button while work is under way. */
  busy?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  type = 'button',
  disabled,
  class: className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      class={className ? `ui-button ${className}` : 'ui-button'}
      data-variant={variant}
      data-size={size}
      aria-busy={busy ? 'true' : undefined}
      disabled={Boolean(disabled) || busy}
    >
      {children}
    </button>
  );
}
