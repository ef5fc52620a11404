import { blogLimits, type TBlogComment } from '@ipatient/contracts/blog';
import { errorTexts } from '@ipatient/contracts/errors';
import { formatDate } from '@ipatient/contracts/format';
import { LogIn, MessageCircle, Reply } from 'lucide-react';
import { Form } from 'react-router';
import { KeptDraftNote } from '../../components/forms/kept-draft-note.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { countLabel } from './blog-text.ts';

const textareaClass =
  'mt-1.5 block min-h-24 w-full rounded-xl border border-slate-500 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700';

/** A failed comment or reply, to show next to the form it came from. */
export interface CommentFailure {
  message: string;
  /** '' for the main comment box, else the comment replied to. */
  parentId: string;
  comment: string;
}

/** A comment or reply typed before logging in, kept for this page and filled in once. */
export interface CommentDraft {
  /** '' for the main comment box, else the comment replied to. */
  parentId: string;
  comment: string;
}

function authorName(comment: TBlogComment): string {
  return `${comment.user.firstName} ${comment.user.lastName}`.trim() || 'A member';
}

function Avatar({ comment }: { comment: TBlogComment }) {
  if (comment.user.image) {
    return (
      <img
        src={imageUrl(comment.user.image)}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className="h-10 w-10 shrink-0 rounded-full bg-brand-100 object-cover"
      />
    );
  }
  const initials = `${comment.user.firstName[0] ?? ''}${comment.user.lastName[0] ?? ''}`;
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
    >
      {initials.toUpperCase()}
    </span>
  );
}

interface CommentFormProps {
  postId: string;
  parentId: string;
  id: string;
  label: string;
  button: string;
  failure: CommentFailure | undefined;
  kept: CommentDraft | undefined;
  /** Visitors send it with 'Log in to comment': it is kept while they log in. */
  signedIn: boolean;
}

/** A comment or a reply: a plain form post (works without JavaScript). */
function CommentForm({
  postId,
  parentId,
  id,
  label,
  button,
  failure,
  kept,
  signedIn,
}: CommentFormProps) {
  const error = failure?.parentId === parentId ? failure : undefined;
  const draft = !error && kept?.parentId === parentId ? kept : undefined;
  const errorId = `${id}-error`;
  return (
    <Form method="post" className="space-y-3">
      <KeptDraftNote shown={draft !== undefined} />
      <CsrfField />
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="postId" value={postId} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label}
        </label>
        <textarea
          id={id}
          name="comment"
          required
          maxLength={blogLimits.commentMax}
          rows={parentId ? 2 : 4}
          defaultValue={error?.comment ?? draft?.comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={textareaClass}
        />
      </div>
      {error ? (
        <div id={errorId}>
          <FormAlert message={error.message} />
        </div>
      ) : null}
      {signedIn ? (
        <button type="submit" className={buttonClass('primary')}>
          {button}
        </button>
      ) : (
        // A real submit: the comment goes along and is kept while they log in.
        <button type="submit" formNoValidate className={buttonClass('primary')}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Log in to comment
        </button>
      )}
    </Form>
  );
}

interface CommentItemProps {
  comment: TBlogComment;
  postId: string;
  signedIn: boolean;
  failure: CommentFailure | undefined;
  kept: CommentDraft | undefined;
  depth: number;
}

function CommentItem({ comment, postId, signedIn, failure, kept, depth }: CommentItemProps) {
  const name = authorName(comment);
  const replyOpen = (failure ?? kept)?.parentId === comment._id;
  return (
    <li id={`comment-${comment._id}`} className="scroll-mt-24">
      <article aria-label={`Comment by ${name}`} className="flex gap-3">
        <Avatar comment={comment} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">{name}</span>
            <time dateTime={comment.createdAt} className="text-slate-600">
              {formatDate(comment.createdAt)}
            </time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-800">{comment.comment}</p>
          {signedIn ? (
            <details className="group mt-2" open={replyOpen || undefined}>
              <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                <Reply aria-hidden="true" className="h-4 w-4" />
                Reply
                <span className="sr-only"> to {name}</span>
              </summary>
              <div className="mt-2">
                <CommentForm
                  postId={postId}
                  parentId={comment._id}
                  id={`reply-${comment._id}`}
                  label={`Your reply to ${name}`}
                  button="Post reply"
                  failure={failure}
                  kept={kept}
                  signedIn={signedIn}
                />
              </div>
            </details>
          ) : null}
        </div>
      </article>
      {comment.replies.length > 0 ? (
        <ul
          aria-label={`Replies to ${name}`}
          className={`mt-4 space-y-4 border-l-2 border-brand-100 ${depth < 3 ? 'ml-5 pl-4 sm:pl-6' : 'pl-3'}`}
        >
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply._id}
              comment={reply}
              postId={postId}
              signedIn={signedIn}
              failure={failure}
              kept={kept}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

interface BlogCommentsProps {
  postId: string;
  /** Every comment, replies included. */
  commentCount: number;
  /** null when the comments could not be loaded. */
  list: { comments: TBlogComment[]; page: number; totalPages: number } | null;
  signedIn: boolean;
  failure: CommentFailure | undefined;
  /** What was typed before logging in (the main box or a reply), filled in once. */
  kept?: CommentDraft | undefined;
  hrefFor: (page: number) => string;
}

/**
 * The comments (docs/product.md#blog): newest first, paginated, each with its replies nested and, for
 * members, a 'Reply' disclosure; the main box with its 'Comment' button comes first. Visitors
 * may write in the main box too: 'Log in to comment' keeps it while they log in.
 */
export function BlogComments({
  postId,
  commentCount,
  list,
  signedIn,
  failure,
  kept,
  hrefFor,
}: BlogCommentsProps) {
  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-12 scroll-mt-24">
      <h2 id="comments-title" className="text-2xl font-extrabold text-slate-900">
        Comments ({commentCount.toLocaleString('en-NG')})
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {countLabel(commentCount, 'comment', 'comments')}, newest first.
      </p>
      <div id="comment-form" className="mt-6 scroll-mt-24 rounded-2xl bg-brand-50 p-4 sm:p-6">
        <CommentForm
          postId={postId}
          parentId=""
          id="comment"
          label="Your comment"
          button="Comment"
          failure={failure}
          kept={kept}
          signedIn={signedIn}
        />
      </div>
      <div className="mt-8">
        {!list ? (
          <FormAlert message={errorTexts.fetchBlogComments} />
        ) : list.comments.length > 0 ? (
          <div className="space-y-6">
            <ul aria-label="Comments" className="space-y-6">
              {list.comments.map((comment) => (
                <CommentItem
                  key={comment._id}
                  comment={comment}
                  postId={postId}
                  signedIn={signedIn}
                  failure={failure}
                  kept={kept}
                  depth={0}
                />
              ))}
            </ul>
            <Pagination
              label="Comment pages"
              page={list.page}
              totalPages={list.totalPages}
              hrefFor={hrefFor}
            />
          </div>
        ) : (
          <EmptyState
            title="No comments yet"
            icon={<MessageCircle aria-hidden="true" className="h-6 w-6" />}
          >
            <p>
              {signedIn
                ? 'Be the first to share your thoughts.'
                : 'Log in to start the conversation.'}
            </p>
          </EmptyState>
        )}
      </div>
    </section>
  );
}
