import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';

interface LikeButtonProps {
  liked: boolean;
  children: ReactNode;
  /**
   * Gives the button an id the like form's address points at (`action="…#<id>"`): the page the
   * post leads back to opens at the button, and the inline enhancement gives it the focus again.
   */
  id?: string;
}

/**
 * The submit button of a like form: a heart outline, then filled once the viewer has liked (a
 * like is given once). A given like is `aria-disabled`, not `disabled`, so the button keeps the
 * focus it had when it was pressed and stays reachable to read; it no longer submits.
 */
export function LikeButton({ liked, children, id }: LikeButtonProps) {
  return (
    <button
      id={id}
      type={liked ? 'button' : 'submit'}
      aria-disabled={liked ? true : undefined}
      data-liked={liked ? 'true' : 'false'}
      data-focus-on-arrival={id ? '' : undefined}
      className={
        liked
          ? buttonClass('primary', 'cursor-not-allowed scroll-mt-24')
          : buttonClass('secondary', 'scroll-mt-24')
      }
    >
      <Heart
        aria-hidden="true"
        className="h-4 w-4"
        fill={liked ? 'currentColor' : 'none'}
        data-filled={liked ? 'true' : 'false'}
      />
      {children}
    </button>
  );
}
