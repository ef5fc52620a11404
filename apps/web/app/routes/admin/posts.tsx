import { blogLimits } from '@ipatient/contracts/blog';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  ConfirmAction,
  confirmHrefs,
  confirmParam,
} from '../../components/admin/confirm-action.tsx';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import {
  type AdminPostRow,
  fetchAdminPosts,
  fetchCategories,
} from '../../features/admin-blog/admin-blog.server.ts';
import {
  formatAdminDate,
  type PostStatusFilter,
  postStatusFilters,
} from '../../features/admin-blog/admin-blog-text.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { safeLocalPath } from '../../lib/safe-path.ts';
import type { Route } from './+types/posts';

export function meta() {
  return pageMeta({
    title: 'Blog posts',
    description: 'Write, publish, edit and delete the blog posts of the site, drafts included.',
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const statusParam = params.get('status');
  const status: PostStatusFilter =
    postStatusFilters.find((item) => item.value === statusParam)?.value ?? 'all';
  const category = params.get('category') ?? '';
  const search = (params.get('search') ?? '').trim().slice(0, blogLimits.searchMax);
  const page = pageNumber(params.get('page'));
  const [posts, categories] = await Promise.all([
    fetchAdminPosts(context, { status, category, search, page }),
    fetchCategories(context),
  ]);
  return {
    posts,
    categories: categories ?? [],
    filters: { status, category, search },
    current: `${url.pathname}${url.search}`,
    confirm: params.get(confirmParam),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const id = formText(form, 'postId');
  const back = safeLocalPath(formText(form, 'back'), '/admin/posts');
  if (formText(form, 'intent') !== 'delete' || !id) {
    return formFailure('Choose a post to delete.', { intent: 'delete' });
  }
  const response = await getApi(context, form).blog.posts.remove({ params: { id } });
  if (!response.ok) {
    return actionFailure(response, 'The post could not be deleted.', { intent: 'delete' });
  }
  return redirectWithFlash(
    request,
    back,
    { kind: 'success', message: apiMessage(response.body, 'Blog post deleted') },
    response.setCookies,
  );
}

function statusPill(status: AdminPostRow['status']) {
  return (
    <StatusPill tone={status === 'published' ? 'success' : 'warning'} srPrefix="Status: ">
      {status === 'published' ? 'Published' : 'Draft'}
    </StatusPill>
  );
}

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, categories, filters, current, confirm } = loaderData;
  // After a delete the list comes back without the confirmation step.
  const back = confirmHrefs(current, 'x').cancelHref;
  const hrefFor = (page: number) => {
    const url = new URL(back, 'http://localhost');
    url.searchParams.set('page', String(page));
    return `${url.pathname}${url.search}`;
  };
  const columns: AdminTableColumn<AdminPostRow>[] = [
    {
      header: 'Title',
      rowHeader: true,
      cell: (post) => (
        <Link to={`/admin/posts/${post._id}`} className="text-brand-800 underline">
          {post.title}
        </Link>
      ),
    },
    { header: 'Status', cell: (post) => statusPill(post.status) },
    { header: 'Category', cell: (post) => post.category ?? '—' },
    { header: 'Author', cell: (post) => post.publisher },
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (post) =>
        post.date ? (
          formatAdminDate(post.date)
        ) : (
          <span>
            <span className="sr-only">Not published; changed </span>
            {formatAdminDate(post.updatedAt)}
          </span>
        ),
    },
    { header: 'Likes', className: 'text-right', cell: (post) => post.likesCount },
    { header: 'Comments', className: 'text-right', cell: (post) => post.commentsCount },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (post) => {
        const { confirmHref, cancelHref } = confirmHrefs(current, post._id);
        return (
          <div className="flex flex-wrap items-start gap-2">
            <LinkButton
              to={`/admin/posts/${post._id}`}
              variant="secondary"
              aria-label={`Edit: ${post.title}`}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </LinkButton>
            {post.status === 'published' ? (
              <LinkButton
                to={`/blog${post.urlSlug}`}
                variant="secondary"
                aria-label={`View: ${post.title}`}
              >
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                View
              </LinkButton>
            ) : null}
            <ConfirmAction
              id={`delete-post-${post._id}`}
              label="Delete"
              subject={post.title}
              title="Delete this post?"
              description={`"${post.title}" will be removed with its comments, likes and images. This cannot be undone.`}
              confirmLabel="Yes, delete post"
              action={current}
              fields={{ intent: 'delete', postId: post._id, back: cancelHref }}
              confirmHref={confirmHref}
              cancelHref={cancelHref}
              confirming={confirm === post._id}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            />
          </div>
        );
      },
    },
  ];
  return (
    <>
      <AdminPageHeader
        title="Blog posts"
        lead={<p>Drafts stay off the blog until they are published.</p>}
        actions={
          <LinkButton to="/admin/posts/new">
            <Plus aria-hidden="true" className="h-4 w-4" />
            New post
          </LinkButton>
        }
      />
      <AdminFilters action="/admin/posts" label="Filter posts">
        <SelectField label="Status" name="status" id="filter-status" defaultValue={filters.status}>
          {postStatusFilters.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Category"
          name="category"
          id="filter-category"
          defaultValue={filters.category}
        >
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          name="search"
          id="filter-search"
          type="search"
          defaultValue={filters.search}
          maxLength={blogLimits.searchMax}
          className="sm:col-span-2"
        />
      </AdminFilters>
      <div className="space-y-4">
        <FormAlert message={actionData?.ok === false ? actionData.message : undefined} />
        <AdminResults
          list={posts}
          failure="The posts could not be loaded. Please try again."
          summary={posts?.total === 1 ? '1 post' : `${posts?.total} posts`}
          paginationLabel="Post pages"
          hrefFor={hrefFor}
        >
          <AdminTable
            caption="Blog posts"
            captionHidden
            columns={columns}
            rows={posts?.posts ?? []}
            rowKey={(post) => post._id}
            empty={
              <EmptyState title="No posts found">
                <p>Try other filters, or write a new post.</p>
              </EmptyState>
            }
          />
        </AdminResults>
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
