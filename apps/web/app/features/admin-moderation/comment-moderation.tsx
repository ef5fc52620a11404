import type { TAdminBlogComment } from '@ipatient/contracts/blog';
import { MessageSquareOff, Trash2 } from 'lucide-react';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';

/** The query parameter of the comments' page on a post's admin page. */
export const commentsPageParam = 'commentsPage';

/** A page of comments to moderate, as the loader read it (null: it could not be read). */
export interface CommentPage {
  rows: TAdminBlogComment[];
  page: number;
  totalPages: number;
  total: number;
}

interface CommentModerationProps {
  list: CommentPage | null;
  /** The page's address (path and query) without a confirmation step. */
  here: string;
  /** The `?confirm=` value on the page now. */
  confirm: string | null;
  /** The address of another page of comments. */
  hrefFor: (page: number) => string;
}

function replyText(count: number): string {
  if (count === 0) return '';
  return count === 1 ? ' and the 1 reply below it' : ` and the ${count} replies below it`;
}

/**
 * The comments of a post, newest first, each with a Delete that asks first (a dialog, or a step
 * on the page without JavaScript). Deleting a comment deletes the replies below it too.
 */
export function CommentModeration({ list, here, confirm, hrefFor }: CommentModerationProps) {
  return (
    <section aria-labelledby="comments-heading" className="mt-10 space-y-4">
      <div>
        <h2 id="comments-heading" className="text-xl font-bold text-slate-900">
          Comments
        </h2>
        <p className="text-sm text-slate-700">
          Newest first, replies included. Deleting a comment also deletes the replies below it.
        </p>
      </div>
      {list === null ? (
        <FormAlert message="The comments could not be loaded. Please reload the page." />
      ) : list.rows.length === 0 ? (
        <EmptyState
          title="No comments"
          icon={<MessageSquareOff aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Nobody has commented on this post yet.</p>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {list.total === 1 ? '1 comment' : `${list.total} comments`}
          </p>
          <ul className="space-y-3">
            {list.rows.map((comment) => {
              const name = `${comment.user.firstName} ${comment.user.lastName}`.trim();
              const value = `delete-comment:${comment._id}`;
              const hrefs = confirmHrefs(here, value);
              return (
                <li
                  key={comment._id}
                  className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold text-slate-900">{name}</span>
                    {comment.parentId ? ' replied' : ' commented'} ·{' '}
                    <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
                    {comment.replyCount > 0
                      ? ` · ${comment.replyCount === 1 ? '1 reply' : `${comment.replyCount} replies`}`
                      : ''}
                  </p>
                  <p className="break-words whitespace-pre-line text-slate-900">
                    {comment.comment}
                  </p>
                  <ConfirmAction
                    id={`delete-comment-${comment._id}`}
                    label="Delete comment"
                    subject={`${name}, ${formatDateTime(comment.createdAt)}`}
                    title="Delete this comment?"
                    description={`The comment by ${name}${replyText(comment.replyCount)} will be deleted for good.`}
                    confirmLabel="Yes, delete"
                    action={hrefs.cancelHref}
                    fields={{
                      intent: 'delete-comment',
                      commentId: comment._id,
                      returnTo: hrefs.cancelHref,
                    }}
                    confirmHref={hrefs.confirmHref}
                    cancelHref={hrefs.cancelHref}
                    confirming={confirm === value}
                    icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                  />
                </li>
              );
            })}
          </ul>
          <Pagination
            label="Comment pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={hrefFor}
          />
        </>
      )}
    </section>
  );
}
