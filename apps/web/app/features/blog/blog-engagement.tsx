import type { TBlogPost } from '@ipatient/contracts/blog';
import { MessageCircle, Share2 } from 'lucide-react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { LikeButton } from '../../components/ui/like-button.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { countLabel } from './blog-text.ts';

interface BlogEngagementProps {
  post: Pick<TBlogPost, '_id' | 'likesCount' | 'likedByMe'>;
  commentCount: number;
  signedIn: boolean;
  /** This page's address, to come back to after logging in. */
  returnTo: string;
}

/**
 * Signed in: Like (count), Comment (count) and Share (docs/product.md#blog). The like is a plain form post,
 * once per member: then the button is filled and disabled (docs/product.md#blog). Visitors are asked to log
 * in or sign up.
 */
export function BlogEngagement({ post, commentCount, signedIn, returnTo }: BlogEngagementProps) {
  if (!signedIn) {
    const back = new URLSearchParams({ redirectTo: returnTo });
    const login = `/login?${back}`;
    return (
      <div className="rounded-2xl border border-brand-200 bg-white p-4 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div>
          <p className="font-semibold text-slate-900">Login or Sign up to like and comment</p>
          <p className="mt-1 text-sm text-slate-700">
            {countLabel(post.likesCount, 'like', 'likes')} ·{' '}
            {countLabel(commentCount, 'comment', 'comments')}
          </p>
        </div>
        <div className="mt-3 flex flex-wrap gap-2 sm:mt-0">
          <Link to={login} className={buttonClass('primary')}>
            Login
          </Link>
          <Link to={`/signup?${back}`} className={buttonClass('secondary')}>
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  const liked = post.likedByMe;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* Back at the button after the post: the page reloads where the person was. */}
      <Form method="post" action={`${returnTo}#post-like`}>
        <CsrfField />
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="postId" value={post._id} />
        <LikeButton liked={liked} id="post-like">
          {liked ? 'Liked' : 'Like'} ({post.likesCount.toLocaleString('en-NG')})
        </LikeButton>
      </Form>
      <a href="#comment-form" className={buttonClass('secondary')}>
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        Comment ({commentCount.toLocaleString('en-NG')})
      </a>
      <a href="#share" className={buttonClass('secondary')}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
      </a>
    </div>
  );
}
