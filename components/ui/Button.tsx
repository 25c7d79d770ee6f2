import type { ButtonHTMLAttributes } from 'preact';
import './ui.css';

/**
 * positive: outlined in the ok colour (Accept); negative: calm until hovered, then the danger colour
 * (Reject); link: a text link that acts (Dismiss, Clear).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'positive' | 'negative' | 'link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size' | 'icon'> {
  variant?: ButtonVariant;
  /** xs is for dense list rows. */
  size?: 'xs' | 'sm' | 'md';
  /** A square button holding one symbol; give it an aria-label. */
  icon?: boolean;
  /** Shows a spinner, sets aria-busy and disables the button while work is under way. */
  busy?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon = false,
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
      data-icon={icon ? '' : undefined}
      aria-busy={busy ? 'true' : undefined}
      disabled={Boolean(disabled) || busy}
    >
      {children}
    </button>
  );
}
