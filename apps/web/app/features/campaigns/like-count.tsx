import { Heart } from 'lucide-react';
import { greenHearts } from './campaign-text.ts';

interface LikeCountProps {
  count: number;
  className?: string;
}

/** A Green-Heart count: the heart and the number on screen, the words for screen readers. */
export function LikeCount({ count, className = '' }: LikeCountProps) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-semibold ${className}`}>
      <Heart aria-hidden="true" className="h-4 w-4 fill-current text-brand-600" />
      <span aria-hidden="true">{count.toLocaleString('en-NG')}</span>
      <span className="sr-only">{greenHearts(count)}</span>
    </span>
  );
}
