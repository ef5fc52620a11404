import { podcastLimits, type TPodcastCategory } from '@ipatient/contracts/podcasts';
import { Plus, Save, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { RichTextEditor } from '../../components/rich-text-editor/rich-text-editor.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { inputClass, SelectField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import {
  type ChannelRow,
  channelRows,
  channelSourceOptions,
  type EpisodeFormValues,
  echoedChannels,
} from './episode-form-values.ts';

interface EpisodeFormProps {
  /** The stored episode's values (edit) or blank ones (new). */
  initial: EpisodeFormValues;
  categories: readonly TPodcastCategory[];
  /** An episode being edited (its image may stay) rather than a new one. */
  editing: boolean;
  /** The current artwork of an episode being edited. */
  imageUrl?: string | null;
  /** The failed save's message, errors and what was sent. */
  result: ActionResult | undefined;
  submitLabel: string;
}

interface KeyedRow extends ChannelRow {
  key: number;
}

/** The values to show: what was sent when a save failed, else the stored (or blank) ones. */
function shownValues(initial: EpisodeFormValues, result: ActionResult | undefined) {
  const echoed = result?.values ?? {};
  const pick = (name: Exclude<keyof EpisodeFormValues, 'channels'>) =>
    echoed[name] ?? initial[name];
  return {
    title: pick('title'),
    number: pick('number'),
    releaseDate: pick('releaseDate'),
    duration: pick('duration'),
    summary: pick('summary'),
    category: pick('category'),
    producedBy: pick('producedBy'),
    channels: echoedChannels(echoed.channels) ?? initial.channels,
  };
}

/**
 * The channels of an episode: a source and a link per row. Before JavaScript the form shows
 * four rows (blank ones are ignored); with it, rows can be added (up to the API's limit) and
 * removed.
 */
function ChannelRows({
  channels,
  errors,
}: {
  channels: readonly ChannelRow[];
  errors: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const nextKey = useRef(0);
  const keyed = (row: ChannelRow): KeyedRow => {
    nextKey.current += 1;
    return { ...row, key: nextKey.current };
  };
  const [rows, setRows] = useState<KeyedRow[]>(() => channelRows(channels).map(keyed));
  const groupError = errors.channels;
  return (
    <fieldset
      aria-describedby={groupError ? 'channels-error channels-hint' : 'channels-hint'}
      className="space-y-4 rounded-2xl border border-slate-300 p-4"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">Channels</legend>
      <p id="channels-hint" className="text-sm text-slate-600">
        Where listeners can play the episode: at least one link. YouTube, Spotify and Apple Podcasts
        links play on the episode page; "Other" is a direct audio file (.mp3, .m4a…). Leave unused
        rows blank.
      </p>
      {groupError ? (
        <p id="channels-error" className="text-sm font-medium text-red-700">
          {groupError}
        </p>
      ) : null}
      <ol className="space-y-4">
        {rows.map((row, index) => {
          const linkError = errors[`channel-${index}-link`];
          const sourceError = errors[`channel-${index}-source`];
          return (
            <li key={row.key} className="grid gap-3 sm:grid-cols-[13rem_1fr_auto] sm:items-start">
              <SelectField
                label={`Channel ${index + 1} source`}
                id={`channel-${index}-source`}
                name="channelSource"
                defaultValue={row.source}
                error={sourceError}
              >
                {channelSourceOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={`Channel ${index + 1} link`}
                id={`channel-${index}-link`}
                name="channelLink"
                type="text"
                inputMode="url"
                defaultValue={row.link}
                maxLength={podcastLimits.linkMax}
                placeholder="https://"
                error={linkError}
              />
              {hydrated && rows.length > 1 ? (
                <button
                  type="button"
                  onClick={() => setRows(rows.filter((item) => item.key !== row.key))}
                  className={buttonClass('secondary', 'sm:mt-7')}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                  Remove<span className="sr-only"> channel {index + 1}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {hydrated && rows.length < podcastLimits.channelsMax ? (
        <button
          type="button"
          onClick={() => setRows([...rows, keyed({ source: 'youtube', link: '' })])}
          className={buttonClass('secondary')}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a channel
        </button>
      ) : null}
    </fieldset>
  );
}

/** The episode form of /admin/podcasts/new and /admin/podcasts/{id}: multipart, with the image. */
export function EpisodeForm({
  initial,
  categories,
  editing,
  imageUrl,
  result,
  submitLabel,
}: EpisodeFormProps) {
  const values = shownValues(initial, result);
  const errors = result?.errors ?? {};
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      <CsrfField />
      <FormAlert message={result?.ok === false ? result.message : undefined} />
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
        <TextField
          label="Title"
          name="title"
          defaultValue={values.title}
          maxLength={podcastLimits.titleMax}
          required
          error={errors.title}
          className="sm:col-span-2"
        />
        <TextField
          label="Episode number"
          name="number"
          type="number"
          inputMode="numeric"
          min={1}
          max={podcastLimits.numberMax}
          defaultValue={values.number}
          required
          error={errors.number}
          hint="Each episode has its own number."
        />
        <TextField
          label="Release date"
          name="releaseDate"
          type="date"
          defaultValue={values.releaseDate}
          required
          error={errors.releaseDate}
        />
        <TextField
          label="Duration (minutes)"
          name="duration"
          type="number"
          inputMode="numeric"
          min={1}
          max={podcastLimits.durationMaxMinutes}
          defaultValue={values.duration}
          required
          error={errors.duration}
        />
        <SelectField
          label="Category"
          name="category"
          defaultValue={values.category}
          required
          error={errors.category}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Produced by"
          name="producedBy"
          defaultValue={values.producedBy}
          maxLength={podcastLimits.producedByMax}
          required
          error={errors.producedBy}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          {imageUrl ? (
            <figure className="mb-3">
              <img
                src={imageUrl}
                alt="Current episode artwork"
                width={160}
                height={160}
                className="h-40 w-40 rounded-xl object-cover"
              />
              <figcaption className="mt-1 text-sm text-slate-600">Current image</figcaption>
            </figure>
          ) : null}
          <label htmlFor="image" className="block text-sm font-semibold text-slate-900">
            {editing ? 'Replace the image' : 'Image'}
          </label>
          <input
            id="image"
            name="image"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            required={!editing}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'image-error image-hint' : 'image-hint'}
            className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-1.5 file:font-semibold file:text-brand-900`}
          />
          {errors.image ? (
            <p id="image-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.image}
            </p>
          ) : null}
          <p id="image-hint" className="mt-1.5 text-sm text-slate-600">
            PNG, JPEG or WebP, at most 850 KB.
            {editing ? ' Leave empty to keep the current image.' : ''}
          </p>
        </div>
      </div>
      <RichTextEditor
        id="summary"
        name="summary"
        label="Summary"
        defaultValue={values.summary}
        error={errors.summary}
      />
      <ChannelRows channels={values.channels} errors={errors} />
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        <Save aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  );
}
