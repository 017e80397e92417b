import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'standard' | 'text' | 'icon';
  isLoading?: boolean;
  children: ReactNode;
}

/** The design system's button: `type="button"` unless told otherwise. */
export function Button({
  variant = 'standard',
  isLoading = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled === true || isLoading}
      aria-busy={isLoading || undefined}
    >
      {children}
    </button>
  );
}

/** Button classes for a link that looks like a button (e.g. 'Back to home page'). */
export function buttonClassName(variant: NonNullable<ButtonProps['variant']> = 'standard'): string {
  return [styles.button, styles[variant]].filter(Boolean).join(' ');
}
