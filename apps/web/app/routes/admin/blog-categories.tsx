import { blogLimits } from '@ipatient/contracts/blog';
import { categoryAction, loadCategoryScreen } from '../../features/admin/category-admin.server.ts';
import { CategoryManager } from '../../features/admin/category-manager.tsx';
import { fetchCategories } from '../../features/admin-blog/admin-blog.server.ts';
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

export function action({ context, request }: Route.ActionArgs) {
  return categoryAction(context, request, {
    path,
    create: (api, name) => api.blog.categories.create({ body: { name } }),
    update: (api, id, name) => api.blog.categories.rename({ params: { id }, body: { name } }),
    remove: (api, id) => api.blog.categories.remove({ params: { id } }),
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
