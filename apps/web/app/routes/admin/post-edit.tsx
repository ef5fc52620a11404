import type { TBlogPost } from '@ipatient/contracts/blog';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { StatusPill } from '../../features/admin/status-pill.tsx';
import {
  chosenFile,
  fetchAuthors,
  fetchCategories,
  fetchPostForEdit,
  multipartBody,
} from '../../features/admin-blog/admin-blog.server.ts';
import { PostForm, postFormFields } from '../../features/admin-blog/post-form.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import {
  actionFailure,
  callApiWithForm,
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

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = (params as { id?: string }).id;
  const [post, categories, authors] = await Promise.all([
    id ? fetchPostForEdit(context, id) : Promise.resolve(null),
    fetchCategories(context),
    fetchAuthors(context),
  ]);
  return { post, categories: categories ?? [], authors: authors ?? [] };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const id = (params as { id?: string }).id;
  const form = await readFormData(request);
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
  const { body, headers } = await multipartBody(upload);
  const response = await callApiWithForm(
    context,
    form,
    id ? `/update-blog/${encodeURIComponent(id)}` : '/post-blog',
    { method: id ? 'PUT' : 'POST', body, headers },
  );
  if (response.status !== 200 && response.status !== 201) {
    return actionFailure(response, 'The post could not be saved.', { values });
  }
  const saved = (response.body as { result: TBlogPost }).result;
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
  const { post, categories, authors } = loaderData;
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
        result={actionData}
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
      <ActionToast result={actionData} />
    </>
  );
}
