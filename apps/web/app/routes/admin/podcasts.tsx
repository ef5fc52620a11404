import { isUuid } from '@ipatient/contracts/ids';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  ConfirmAction,
  confirmHrefs,
  confirmParam,
} from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { listHref, queryText } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { formatAdminDate } from '../../features/admin-blog/admin-blog-text.ts';
import { episodeSearchMax } from '../../features/admin-content/episode-form-values.ts';
import {
  type AdminEpisodeRow,
  fetchAdminEpisodes,
  fetchPodcastCategoryList,
} from '../../features/admin-content/podcasts-admin.server.ts';
import { episodePath, formatDuration } from '../../features/podcasts/podcast-text.ts';
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
import type { Route } from './+types/podcasts';

export function meta() {
  return pageMeta({
    title: 'Podcast episodes',
    description: 'Publish, edit and delete the episodes of the podcast.',
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const search = queryText(params, 'search', episodeSearchMax);
  const requested = queryText(params, 'category');
  // An id that is not one is no filter (the API would refuse the whole list).
  const category = isUuid(requested) ? requested : '';
  const page = pageNumber(params.get('page'));
  const [episodes, categories] = await Promise.all([
    fetchAdminEpisodes(context, { search, category, page }),
    fetchPodcastCategoryList(context),
  ]);
  return {
    episodes,
    categories: categories ?? [],
    filters: { search, category },
    current: `${url.pathname}${url.search}`,
    confirm: params.get(confirmParam),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const id = formText(form, 'episodeId');
  const back = safeLocalPath(formText(form, 'back'), '/admin/podcasts');
  if (formText(form, 'intent') !== 'delete' || !id) {
    return formFailure('Choose an episode to delete.', { intent: 'delete' });
  }
  const response = await getApi(context, form).podcasts.remove({ params: { id } });
  if (!response.ok) {
    return actionFailure(response, 'The episode could not be deleted.', { intent: 'delete' });
  }
  return redirectWithFlash(
    request,
    back,
    { kind: 'success', message: apiMessage(response.body, 'Podcast episode deleted') },
    response.setCookies,
  );
}

export default function AdminPodcasts({ loaderData, actionData }: Route.ComponentProps) {
  const { episodes, categories, filters, current, confirm } = loaderData;
  const hrefFor = (page: number) => listHref('/admin/podcasts', filters, page);
  const columns: AdminTableColumn<AdminEpisodeRow>[] = [
    { header: 'No.', className: 'whitespace-nowrap text-right', cell: (episode) => episode.number },
    {
      header: 'Title',
      rowHeader: true,
      cell: (episode) => (
        <Link to={`/admin/podcasts/${episode._id}`} className="text-brand-800 underline">
          {episode.title}
        </Link>
      ),
    },
    { header: 'Category', cell: (episode) => episode.category ?? '—' },
    {
      header: 'Release date',
      className: 'whitespace-nowrap',
      cell: (episode) => (
        <time dateTime={episode.releaseDate}>
          {formatAdminDate(`${episode.releaseDate}T12:00:00Z`)}
        </time>
      ),
    },
    {
      header: 'Duration',
      className: 'whitespace-nowrap',
      cell: (episode) => formatDuration(episode.duration),
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (episode) => {
        const { confirmHref, cancelHref } = confirmHrefs(current, episode._id);
        const name = `episode ${episode.number}, ${episode.title}`;
        return (
          <div className="flex flex-wrap items-start gap-2">
            <LinkButton to={`/admin/podcasts/${episode._id}`} variant="secondary">
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit<span className="sr-only">: {name}</span>
            </LinkButton>
            <LinkButton to={episodePath(episode._id)} variant="secondary">
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              View<span className="sr-only">: {name}</span>
            </LinkButton>
            <ConfirmAction
              id={`delete-episode-${episode._id}`}
              label="Delete"
              subject={name}
              title="Delete this episode?"
              description={`Episode ${episode.number}, "${episode.title}", will be taken off the podcast page with its image. This cannot be undone.`}
              confirmLabel="Yes, delete episode"
              action={current}
              fields={{ intent: 'delete', episodeId: episode._id, back: cancelHref }}
              confirmHref={confirmHref}
              cancelHref={cancelHref}
              confirming={confirm === episode._id}
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
        title="Podcast episodes"
        lead={<p>Newest release first. Every episode here is live on the podcast page.</p>}
        actions={
          <LinkButton to="/admin/podcasts/new">
            <Plus aria-hidden="true" className="h-4 w-4" />
            New episode
          </LinkButton>
        }
      />
      <AdminFilters action="/admin/podcasts" label="Filter episodes">
        <TextField
          label="Search titles or numbers"
          name="search"
          id="filter-search"
          type="search"
          defaultValue={filters.search}
          maxLength={episodeSearchMax}
          className="sm:col-span-2"
        />
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
      </AdminFilters>
      <div className="space-y-4">
        <FormAlert message={actionData?.ok === false ? actionData.message : undefined} />
        <AdminResults
          list={episodes}
          failure="The episodes could not be loaded. Please try again."
          summary={episodes?.total === 1 ? '1 episode' : `${episodes?.total} episodes`}
          paginationLabel="Episode pages"
          hrefFor={hrefFor}
        >
          <AdminTable
            caption="Podcast episodes"
            captionHidden
            columns={columns}
            rows={episodes?.episodes ?? []}
            rowKey={(episode) => episode._id}
            empty={
              <EmptyState title="No episodes found">
                <p>Try other filters, or publish a new episode.</p>
              </EmptyState>
            }
          />
        </AdminResults>
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
