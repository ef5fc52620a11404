import { blogLimits } from '@ipatient/contracts/blog';
import { csrfHeader } from '@ipatient/contracts/constants';
import { categoryAction, loadCategoryScreen } from '../../features/admin/category-admin.server.ts';
import { CategoryManager } from '../../features/admin/category-manager.tsx';
import { fetchCategories } from '../../features/admin-blog/admin-blog.server.ts';
import { rawApi } from '../../lib/api-context.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/blog-categories';

const path = '/admin/blog-categories';

export function meta() {
  return pageMeta({
    title: 'Blog categories',
    description: 'Add, rename and delete the categories blog posts are filed under.',
  });
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadCategoryScreen(context, request, fetchCategories);
}

export async function action({ context, request }: Route.ActionArgs) {
  // Transitional: raw calls until the blog's endpoints are defined.
  const csrf = String((await request.clone().formData()).get('csrf') ?? '');
  const raw = (path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown = {}) =>
    rawApi(context)(path, { method, body, headers: { [csrfHeader]: csrf } });
  return categoryAction(context, request, {
    path,
    create: (_api, name) => raw('/admin/hub_category', 'POST', { name }),
    update: (_api, id, name) =>
      raw(`/update-blog-category/${encodeURIComponent(id)}`, 'PUT', { name }),
    remove: (_api, id) => raw(`/admin/hub_category/${encodeURIComponent(id)}`, 'DELETE'),
    noun: 'Category',
  });
}

export default function AdminBlogCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryManager
      {...loaderData}
      actionData={actionData}
      title="Blog categories"
      lead={<p>Every post is filed under one category; readers filter the blog by them.</p>}
      path={path}
      contents="posts"
      nameMin={blogLimits.categoryNameMin}
      nameMax={blogLimits.categoryNameMax}
    />
  );
}
