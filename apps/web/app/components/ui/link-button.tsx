import { Link, type LinkProps } from 'react-router';
import { type ButtonVariant, buttonClass } from './button-styles.ts';

interface LinkButtonProps extends Omit<LinkProps, 'className'> {
  variant?: ButtonVariant;
  className?: string;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function LinkButton({ variant = 'primary', className = '', ...props }: LinkButtonProps) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}
