import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';

/**
 * The submit button of a like form: a heart outline, then filled and disabled once the viewer
 * has liked (a like is given once; SPEC §4).
 */
export function LikeButton({ liked, children }: { liked: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={liked}
      data-liked={liked ? 'true' : 'false'}
      className={
        liked
          ? buttonClass('primary', 'cursor-not-allowed disabled:opacity-100')
          : buttonClass('secondary')
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
