import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A button in antd's look: primary, default or text; full width; busy with a spinner. */
export function Button({
  variant = 'default',
  block = false,
  loading = false,
  icon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}) {
  const classes = ['lite-button', `lite-button-${variant}`];
  if (block) classes.push('lite-button-block');
  if (className) classes.push(className);
  return (
    <button type={type} className={classes.join(' ')} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="lite-spin" aria-hidden /> : icon}
      {children}
    </button>
  );
}
