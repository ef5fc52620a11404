import { ArrowLeft, ExternalLink } from 'lucide-react';
import { confirmParam } from '../../components/admin/confirm-action.tsx';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  chosenFile,
  fetchAuthors,
  fetchCategories,
  fetchPostForEdit,
} from '../../features/admin-blog/admin-blog.server.ts';
import { PostForm, postFormFields } from '../../features/admin-blog/post-form.tsx';
import {
  CommentModeration,
  type CommentPage,
  commentsPageParam,
} from '../../features/admin-moderation/comment-moderation.tsx';
import { returnPath } from '../../features/admin-moderation/moderation.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/post-edit';

export function meta({ loaderData }: Route.MetaArgs) {
  const post = loaderData?.post;
  return pageMeta({
    title: post ? `Edit: ${post.title}` : 'New blog post',
    description: post
      ? 'Change the post, its images, category, author and status.'
      : 'Write a blog post: title, address, category, author, images and content.',
  });
}

/**
 * One page of a post's comments and replies to moderate, newest first
 * (GET /admin/blog-comments?postId=); null when the API could not answer.
 */
async function fetchPostComments(
  context: Route.LoaderArgs['context'],
  postId: string,
  page: number,
): Promise<CommentPage | null> {
  const body = await readBody(
    'GET blog comments to moderate',
    getApi(context).blog.comments.moderate({ query: { postId, page } }),
  );
  if (!body) return null;
  const { results, meta } = body;
  const limit = meta?.limit || results.length || 1;
  const total = meta?.total ?? results.length;
  return {
    rows: results,
    page: meta?.page || 1,
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = (params as { id?: string }).id;
  const url = new URL(request.url);
  const commentsPage = pageNumber(url.searchParams.get(commentsPageParam));
  const [post, categories, authors, comments] = await Promise.all([
    id ? fetchPostForEdit(context, id) : Promise.resolve(null),
    fetchCategories(context),
    fetchAuthors(context),
    id ? fetchPostComments(context, id, commentsPage) : Promise.resolve(null),
  ]);
  return {
    post,
    categories: categories ?? [],
    authors: authors ?? [],
    comments,
    commentsPage,
    confirm: url.searchParams.get(confirmParam),
  };
}

/** Deletes one comment (and the replies below it), then shows the post's page again. */
async function deleteComment(
  context: Route.ActionArgs['context'],
  request: Request,
  form: FormData,
  postId: string,
) {
  const here = `/admin/posts/${encodeURIComponent(postId)}`;
  const back = returnPath(formText(form, 'returnTo'), here, here);
  const commentId = formText(form, 'commentId');
  if (!commentId) return formFailure('Choose a comment first.', { intent: 'delete-comment' });
  const response = await getApi(context, form).blog.comments.remove({
    params: { id: commentId },
  });
  // Already gone (another admin was quicker): the page shows the list as it is now.
  if (!response.ok && response.status !== 404) {
    return actionFailure(response, 'The comment could not be deleted.', {
      intent: 'delete-comment',
    });
  }
  const url = new URL(back, 'http://localhost');
  url.searchParams.delete(confirmParam);
  return redirectWithFlash(
    request,
    `${url.pathname}${url.search}`,
    {
      kind: 'success',
      message:
        response.status === 404
          ? 'That comment had already been deleted.'
          : apiMessage(response.body, 'Comment deleted'),
    },
    response.setCookies,
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const id = (params as { id?: string }).id;
  const form = await readFormData(request);
  if (id && formText(form, 'intent') === 'delete-comment') {
    return deleteComment(context, request, form, id);
  }
  const values = echoValues(form, postFormFields);
  // On an update the API keeps a field that is sent empty: say so instead of keeping silently.
  const missing: Record<string, string> = {};
  if (!values.title?.trim()) missing.title = 'Title is required';
  if (!values.content?.trim()) missing.content = 'Content is required';
  if (Object.keys(missing).length > 0) {
    return formFailure('Please fix the fields marked below.', { errors: missing, values });
  }
  const upload = new FormData();
  for (const name of postFormFields) upload.append(name, formText(form, name));
  for (const name of ['titleImage', 'bodyImage']) {
    const file = chosenFile(form, name);
    if (file) upload.append(name, file, file.name);
  }
  const api = getApi(context, form);
  const response = id
    ? await api.blog.posts.update({ params: { id }, form: upload })
    : await api.blog.posts.create({ form: upload });
  if (!response.ok) {
    return actionFailure(response, 'The post could not be saved.', { values });
  }
  const saved = response.body.result;
  const message =
    saved.status === 'published' ? 'Post saved and published.' : 'Post saved as a draft.';
  return redirectWithFlash(
    request,
    `/admin/posts/${saved._id}`,
    { kind: 'success', message },
    response.setCookies,
  );
}

export default function AdminPostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, authors, comments, commentsPage, confirm } = loaderData;
  const postPath = post ? `/admin/posts/${post._id}` : '';
  const commentsHref = (page: number) =>
    page > 1 ? `${postPath}?${commentsPageParam}=${page}` : postPath;
  // The post form shows only its own results; a refused deletion is told in the toast.
  const formResult = actionData?.intent === 'delete-comment' ? undefined : actionData;
  return (
    <>
      <AdminPageHeader
        title={post ? 'Edit post' : 'New post'}
        lead={
          post ? (
            <p className="flex flex-wrap items-center gap-2">
              <span className="break-words">{post.title}</span>
              <StatusPill
                tone={post.status === 'published' ? 'success' : 'warning'}
                srPrefix="Status: "
              >
                {post.status === 'published' ? 'Published' : 'Draft'}
              </StatusPill>
            </p>
          ) : (
            <p>A new post is a draft until you publish it.</p>
          )
        }
        actions={
          <>
            <LinkButton to="/admin/posts" variant="secondary">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              All posts
            </LinkButton>
            {post?.status === 'published' ? (
              <LinkButton to={`/blog${post.urlSlug}`} variant="secondary">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                View on the blog
              </LinkButton>
            ) : null}
          </>
        }
      />
      {categories.length === 0 ? (
        <p className="mb-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          There are no categories yet: add one under Blog categories first.
        </p>
      ) : null}
      <PostForm
        // A saved post comes back as the server stored it (sanitized HTML, new images).
        key={post ? `${post._id}-${post.updatedAt}` : 'new'}
        post={post}
        categories={categories}
        authors={authors}
        result={formResult}
      />
      {post ? (
        <details className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Stored HTML (after the server's clean-up)
          </summary>
          <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap text-slate-800">
            <code data-testid="stored-html">{post.content}</code>
          </pre>
        </details>
      ) : null}
      {post ? (
        <CommentModeration
          list={comments}
          here={commentsHref(commentsPage)}
          confirm={confirm}
          hrefFor={commentsHref}
        />
      ) : null}
      <ActionToast result={actionData} />
    </>
  );
}
