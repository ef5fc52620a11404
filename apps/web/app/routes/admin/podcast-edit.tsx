import { ArrowLeft, ExternalLink } from 'lucide-react';
import { data } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { EpisodeForm } from '../../features/admin-content/episode-form.tsx';
import { emptyEpisode } from '../../features/admin-content/episode-form-values.ts';
import {
  chosenImage,
  echoEpisode,
  episodeApiFields,
  episodeUpload,
  episodeValues,
  fetchPodcastCategoryList,
  readEpisodeForm,
} from '../../features/admin-content/podcasts-admin.server.ts';
import { episodePath } from '../../features/podcasts/podcast-text.ts';
import { fetchEpisode } from '../../features/podcasts/podcasts.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/podcast-edit';

export function meta({ loaderData }: Route.MetaArgs) {
  const episode = loaderData?.episode;
  return pageMeta({
    title: episode ? `Edit episode ${episode.number}: ${episode.title}` : 'New podcast episode',
    description: episode
      ? 'Change the episode: image, number, dates, summary, category, channels and producer.'
      : 'Publish a podcast episode: image, number, release date, duration, summary, category, channels and producer.',
  });
}

/** /admin/podcasts/new (no id) and /admin/podcasts/{id} share this screen. */
function episodeId(params: unknown): string | undefined {
  return (params as { id?: string }).id;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = episodeId(params);
  const [lookup, categories] = await Promise.all([
    id ? fetchEpisode(context, id) : Promise.resolve(undefined),
    fetchPodcastCategoryList(context),
  ]);
  if (lookup?.kind === 'not-found') throw data('There is no such episode.', { status: 404 });
  if (lookup?.kind === 'error') {
    throw data('The episode could not be loaded. Please try again.', { status: 502 });
  }
  const episode = lookup?.kind === 'found' ? lookup.value.result : null;
  const smallest = episode ? [...episode.imageSizes].sort((a, b) => a.width - b.width)[0] : null;
  return {
    episode: episode ? { _id: episode._id, number: episode.number, title: episode.title } : null,
    values: episode ? episodeValues(episode) : emptyEpisode,
    imageUrl: smallest ? imageUrl(smallest.path) : episode?.image ? imageUrl(episode.image) : null,
    categories: categories ?? [],
    categoriesFailed: categories === null,
  };
}

const fieldLabels = {
  title: 'Title',
  number: 'Episode number',
  releaseDate: 'Release date',
  duration: 'Duration',
  summary: 'Summary',
  category: 'Category',
  producedBy: 'Produced by',
} as const;

export async function action({ context, request, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const id = episodeId(params);
  const form = await readFormData(request);
  const values = readEpisodeForm(form);
  const echo = echoEpisode(values);
  if (id) {
    // The API keeps a field that is sent empty on an update: say so instead of keeping silently.
    const missing: Record<string, string> = {};
    for (const [name, label] of Object.entries(fieldLabels)) {
      if (!values[name as keyof typeof fieldLabels].trim()) missing[name] = `${label} is required`;
    }
    if (Object.keys(missing).length > 0) {
      return formFailure('Please fix the fields marked below.', { errors: missing, values: echo });
    }
  }
  const { fields, rename } = episodeApiFields(values);
  const upload = episodeUpload(fields, chosenImage(form));
  const api = getApi(context, form);
  const response = id
    ? await api.podcasts.update({ params: { id }, form: upload })
    : await api.podcasts.create({ form: upload });
  if (!response.ok) {
    return actionFailure(response, 'The episode could not be saved.', {
      values: echo,
      rename,
    });
  }
  const saved = response.body.result._id;
  return redirectWithFlash(
    request,
    saved ? `/admin/podcasts/${saved}` : '/admin/podcasts',
    {
      kind: 'success',
      message: apiMessage(
        response.body,
        id ? 'Podcast episode updated' : 'Podcast episode published',
      ),
    },
    response.setCookies,
  );
}

export default function PodcastEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { episode, values, imageUrl: currentImage, categories, categoriesFailed } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={episode ? `Edit episode ${episode.number}` : 'New podcast episode'}
        lead={
          episode ? (
            <p className="break-words">{episode.title}</p>
          ) : (
            <p>The episode appears on the podcast page as soon as it is saved.</p>
          )
        }
        actions={
          <>
            <LinkButton to="/admin/podcasts" variant="secondary">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              All episodes
            </LinkButton>
            {episode ? (
              <LinkButton to={episodePath(episode._id)} variant="secondary">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                View on the site
              </LinkButton>
            ) : null}
          </>
        }
      />
      {categoriesFailed ? (
        <div className="mb-6">
          <FormAlert message="The podcast categories could not be loaded. Please reload the page." />
        </div>
      ) : null}
      <EpisodeForm
        // A different episode (after "save" of a new one) starts a fresh form.
        key={episode?._id ?? 'new'}
        initial={values}
        categories={categories}
        editing={episode !== null}
        imageUrl={currentImage}
        result={actionData}
        submitLabel={episode ? 'Save changes' : 'Publish episode'}
      />
      <ActionToast result={actionData} />
    </>
  );
}
