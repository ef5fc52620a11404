import { podcastLimits } from '@ipatient/contracts/podcasts';
import { categoryAction, loadCategoryScreen } from '../../features/admin/category-admin.server.ts';
import { CategoryManager } from '../../features/admin/category-manager.tsx';
import { fetchPodcastCategoryList } from '../../features/admin-content/podcasts-admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/podcast-categories';

const path = '/admin/podcast-categories';

export function meta() {
  return pageMeta({
    title: 'Podcast categories',
    description: 'Add, rename and delete the categories podcast episodes are filed under.',
  });
}

export function loader({ context, request }: Route.LoaderArgs) {
  return loadCategoryScreen(context, request, fetchPodcastCategoryList);
}

export function action({ context, request }: Route.ActionArgs) {
  return categoryAction(context, request, {
    path,
    create: (api, name) => api.podcasts.createCategory({ body: { name } }),
    update: (api, id, name) => api.podcasts.renameCategory({ params: { id }, body: { name } }),
    remove: (api, id) => api.podcasts.removeCategory({ params: { id } }),
    noun: 'Podcast category',
  });
}

export default function AdminPodcastCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryManager
      {...loaderData}
      actionData={actionData}
      title="Podcast categories"
      lead={<p>Every episode is filed under one category; listeners filter the podcast by them.</p>}
      path={path}
      contents="episodes"
      nameMax={podcastLimits.categoryNameMax}
    />
  );
}
