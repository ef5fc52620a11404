import type { TBlogAuthor, TBlogCategory, TBlogPost } from '@ipatient/contracts/blog';
import { blogLimits, slugify } from '@ipatient/contracts/blog';
import { limits } from '@ipatient/contracts/constants';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { RichTextEditor } from '../../components/rich-text-editor/rich-text-editor.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import {
  inputClass,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/form-field.tsx';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The text fields of the post form (what a failed save sends back). */
export const postFormFields = [
  'title',
  'urlSlug',
  'category',
  'publisher',
  'status',
  'excerpt',
  'content',
] as const;

const maxImageKb = Math.round(limits.imageMaxBytes / 1024);

interface ImageFieldProps {
  name: 'titleImage' | 'bodyImage';
  label: string;
  current: string | null;
  error?: string | undefined;
}

function ImageField({ name, label, current, error }: ImageFieldProps) {
  const hintId = `${name}-hint`;
  const errorId = error ? `${name}-error` : undefined;
  return (
    <div className="space-y-2">
      <label htmlFor={name} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {current ? (
        <img
          src={imageUrl(current)}
          alt={`Current ${label.toLowerCase()}`}
          className="h-32 w-auto rounded-lg border border-slate-200 object-cover"
        />
      ) : null}
      <input
        id={name}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
        className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-1.5 file:font-semibold file:text-brand-900`}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-sm text-slate-600">
        PNG, JPEG or WebP, up to {maxImageKb} KB.{' '}
        {current ? 'Choose a file only to replace the current one.' : 'Optional.'}
      </p>
    </div>
  );
}

interface PostFormProps {
  post: TBlogPost | null;
  categories: readonly TBlogCategory[];
  authors: readonly TBlogAuthor[];
  result: ActionResult | undefined;
}

/** Create or edit a post: a multipart POST to the page's own action (works without script). */
export function PostForm({ post, categories, authors, result }: PostFormProps) {
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const pick = (name: string, fallback: string) => values[name] ?? fallback;
  const defaultAuthor = authors.find((author) => author.is_default) ?? authors[0];
  const [title, setTitle] = useState(pick('title', post?.title ?? ''));
  const [slug, setSlug] = useState(pick('urlSlug', ''));
  // What was typed before the script ran is what the preview starts from.
  useEffect(() => {
    const typed = (id: string) =>
      (document.getElementById(id) as HTMLInputElement | null)?.value ?? '';
    setTitle(typed('title'));
    setSlug(typed('urlSlug'));
  }, []);
  const status = pick('status', post?.status ?? 'draft');
  const typedSlug = slugify(slug);
  const address = typedSlug
    ? `/blog/${typedSlug}`
    : post
      ? `/blog${post.urlSlug}`
      : `/blog/${slugify(title) || '…'}`;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-labelledby="post-form-title"
      className="space-y-6"
    >
      <h2 id="post-form-title" className="sr-only">
        Post details
      </h2>
      <CsrfField />
      <FormAlert message={failed?.message} />
      <TextField
        label="Title"
        name="title"
        required
        minLength={blogLimits.titleMin}
        maxLength={blogLimits.titleMax}
        defaultValue={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <TextField
        label="Address (optional)"
        name="urlSlug"
        maxLength={200}
        defaultValue={slug}
        onChange={(event) => setSlug(event.target.value)}
        error={errors.urlSlug}
        hint={
          <>
            {post
              ? 'Leave empty to keep the current address.'
              : 'Leave empty to make it from the title.'}{' '}
            The post will be at <output className="font-mono text-slate-900">{address}</output>
          </>
        }
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          label="Category"
          name="category"
          required
          defaultValue={pick('category', post?.category?._id ?? '')}
          error={errors.category}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Author"
          name="publisher"
          defaultValue={pick(
            'publisher',
            post ? (post.publisherId ?? '') : (defaultAuthor?._id ?? ''),
          )}
          error={errors.publisher}
          hint={
            authors.length === 0
              ? 'No authors yet: the post is published under the site name.'
              : undefined
          }
        >
          {post && !post.publisherId ? <option value="">The site (no author)</option> : null}
          {authors.length === 0 ? <option value="">The site (no author)</option> : null}
          {authors.map((author) => (
            <option key={author._id} value={author._id}>
              {author.author_name}
              {author.is_default ? ' (default)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Status</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {(
            [
              ['draft', 'Draft', 'Only admins can see it.'],
              ['published', 'Published', 'On the blog for everyone.'],
            ] as const
          ).map(([value, text, help]) => (
            <label key={value} className="flex min-h-11 items-start gap-3">
              <input
                type="radio"
                name="status"
                value={value}
                defaultChecked={status === value}
                className="mt-1 h-5 w-5 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">{text}</span>
                <span className="block text-sm text-slate-600">{help}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.status ? (
          <p className="mt-1.5 text-sm font-medium text-red-700">{errors.status}</p>
        ) : null}
      </fieldset>
      <RichTextEditor
        id="content"
        name="content"
        label="Content"
        defaultValue={pick('content', post?.content ?? '')}
        error={errors.content}
      />
      <TextAreaField
        label="Excerpt (optional)"
        name="excerpt"
        rows={3}
        maxLength={blogLimits.excerptMax}
        defaultValue={pick('excerpt', post?.excerpt ?? '')}
        error={errors.excerpt}
        hint={`Up to ${blogLimits.excerptMax} characters, shown on the blog's cards. Leave empty to use the start of the content.`}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <ImageField
          name="titleImage"
          label="Title image"
          current={post?.titleImage ?? null}
          error={errors.titleImage}
        />
        <ImageField
          name="bodyImage"
          label="Body image"
          current={post?.bodyImage ?? null}
          error={errors.bodyImage}
        />
      </div>
      <button type="submit" className={buttonClass('primary', 'min-h-12')}>
        <Save aria-hidden="true" className="h-4 w-4" />
        Save post
      </button>
    </Form>
  );
}
