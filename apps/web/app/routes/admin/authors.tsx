import { blogLimits, type TBlogAuthor } from '@ipatient/contracts/blog';
import { limits } from '@ipatient/contracts/constants';
import { Pencil, Plus, Save, Star, Trash2, UserRound } from 'lucide-react';
import { Form, Link } from 'react-router';
import {
  ConfirmAction,
  confirmHrefs,
  confirmParam,
} from '../../components/admin/confirm-action.tsx';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { inputClass, TextField } from '../../components/ui/form-field.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { chosenFile, fetchAuthors } from '../../features/admin-blog/admin-blog.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/authors';

const path = '/admin/authors';
const authorFields = ['author_name', 'author_title', 'is_default'];

export function meta() {
  return pageMeta({
    title: 'Blog authors',
    description: 'The authors blog posts are published under, with the default author.',
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  return {
    authors: await fetchAuthors(context),
    current: `${url.pathname}${url.search}`,
    confirm: url.searchParams.get(confirmParam),
    editing: url.searchParams.get('edit'),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'authorId');
  const done = (message: string, cookies: readonly string[]) =>
    redirectWithFlash(request, path, { kind: 'success', message }, cookies);
  const api = getApi(context, form);

  if (intent === 'create' || intent === 'edit') {
    if (intent === 'edit' && !id) return formFailure('Choose an author first.', { intent });
    const upload = new FormData();
    upload.append('author_name', formText(form, 'author_name'));
    upload.append('author_title', formText(form, 'author_title'));
    // An unticked box sends nothing: on an edit, "not default" is only sent by "Make default".
    if (intent === 'create') upload.append('is_default', form.has('is_default') ? 'true' : 'false');
    else if (form.has('is_default')) upload.append('is_default', 'true');
    const photo = chosenFile(form, 'author_image');
    if (photo) upload.append('author_image', photo, photo.name);
    const response =
      intent === 'create'
        ? await api.blog.authors.create({ form: upload })
        : await api.blog.authors.update({ params: { id }, form: upload });
    if (!response.ok) {
      return actionFailure(response, 'The author could not be saved.', {
        intent,
        values: echoValues(form, [...authorFields, 'authorId']),
      });
    }
    return done(
      apiMessage(response.body, intent === 'create' ? 'Author created' : 'Author updated'),
      response.setCookies,
    );
  }
  if (!id) return formFailure('Choose an author first.', { intent });
  if (intent === 'make-default') {
    const upload = new FormData();
    upload.append('is_default', 'true');
    const response = await api.blog.authors.update({ params: { id }, form: upload });
    if (!response.ok) {
      return actionFailure(response, 'The default author could not be changed.', { intent });
    }
    return done('The default author has been changed.', response.setCookies);
  }
  if (intent === 'delete') {
    const response = await api.blog.authors.remove({ params: { id } });
    if (!response.ok) {
      return actionFailure(response, 'The author could not be deleted.', { intent });
    }
    return done(apiMessage(response.body, 'Author deleted'), response.setCookies);
  }
  return formFailure('Unknown action.', { intent });
}

interface AuthorFormProps {
  author?: TBlogAuthor;
  result: ActionResult | undefined;
}

/** Add an author, or change one (`author`): a multipart POST to this page's action. */
function AuthorForm({ author, result }: AuthorFormProps) {
  const prefix = author ? `edit-${author._id}` : 'new-author';
  const values = result && !result.ok ? result.values : {};
  const errors = result && !result.ok ? result.errors : {};
  const photoError = errors.author_image;
  const maxKb = Math.round(limits.imageMaxBytes / 1024);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <CsrfField />
      <input type="hidden" name="intent" value={author ? 'edit' : 'create'} />
      {author ? <input type="hidden" name="authorId" value={author._id} /> : null}
      <FormAlert message={result && !result.ok ? result.message : undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="author_name"
          id={`${prefix}-name`}
          required
          minLength={blogLimits.authorNameMin}
          maxLength={blogLimits.authorNameMax}
          defaultValue={values.author_name ?? author?.author_name ?? ''}
          error={errors.author_name}
        />
        <TextField
          label="Title (optional)"
          name="author_title"
          id={`${prefix}-title`}
          maxLength={blogLimits.authorTitleMax}
          defaultValue={values.author_title ?? author?.author_title ?? ''}
          error={errors.author_title}
          hint="For example: Haematologist, Lagos."
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-photo`} className="block text-sm font-semibold text-slate-900">
          Photo (optional)
        </label>
        <input
          id={`${prefix}-photo`}
          name="author_image"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-invalid={photoError ? true : undefined}
          aria-describedby={`${prefix}-photo-hint${photoError ? ` ${prefix}-photo-error` : ''}`}
          className={inputClass}
        />
        {photoError ? (
          <p id={`${prefix}-photo-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {photoError}
          </p>
        ) : null}
        <p id={`${prefix}-photo-hint`} className="mt-1.5 text-sm text-slate-600">
          PNG, JPEG or WebP, up to {maxKb} KB.
          {author?.author_image ? ' Choose a file only to replace the current photo.' : ''}
        </p>
      </div>
      {author?.is_default ? null : (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="is_default"
            value="true"
            defaultChecked={values.is_default === 'true'}
            className="h-5 w-5 accent-brand-700"
          />
          <span className="font-medium text-slate-900">Make this the default author</span>
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass('primary')}>
          {author ? (
            <Save aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Plus aria-hidden="true" className="h-4 w-4" />
          )}
          {author ? 'Save author' : 'Add author'}
        </button>
        {author ? (
          <Link to={path} className={buttonClass('secondary')}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminAuthors({ loaderData, actionData }: Route.ComponentProps) {
  const { authors, current, confirm, editing } = loaderData;
  const editResult = resultFor(actionData, 'edit');
  const editingId = editResult ? (editResult.values.authorId ?? editing) : editing;
  const editingAuthor = authors?.find((author) => author._id === editingId);
  const rowAlert = resultFor(actionData, 'delete') ?? resultFor(actionData, 'make-default');
  const columns: AdminTableColumn<TBlogAuthor>[] = [
    {
      header: 'Photo',
      cell: (author) =>
        author.author_image ? (
          <img
            src={imageUrl(author.author_image)}
            alt={author.author_name}
            width={48}
            height={48}
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <UserRound aria-hidden="true" className="h-6 w-6" />
            <span className="sr-only">No photo</span>
          </span>
        ),
    },
    {
      header: 'Name',
      rowHeader: true,
      cell: (author) => (
        <span className="flex flex-wrap items-center gap-2">
          {author.author_name}
          {author.is_default ? <StatusPill tone="success">Default</StatusPill> : null}
        </span>
      ),
    },
    { header: 'Title', cell: (author) => author.author_title || '—' },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (author) => {
        const { confirmHref, cancelHref } = confirmHrefs(current, author._id);
        return (
          <div className="flex flex-wrap items-start gap-2">
            <LinkButton
              to={`${path}?edit=${author._id}#edit-author`}
              variant="secondary"
              aria-label={`Edit: ${author.author_name}`}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </LinkButton>
            {author.is_default ? null : (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="make-default" />
                <input type="hidden" name="authorId" value={author._id} />
                <button
                  type="submit"
                  className={buttonClass('secondary')}
                  aria-label={`Make default: ${author.author_name}`}
                >
                  <Star aria-hidden="true" className="h-4 w-4" />
                  Make default
                </button>
              </Form>
            )}
            <ConfirmAction
              id={`delete-author-${author._id}`}
              label="Delete"
              subject={author.author_name}
              title="Delete this author?"
              description={`${author.author_name} will be removed. Their posts stay, shown under the site's name until you choose another author.`}
              confirmLabel="Yes, delete author"
              action={path}
              fields={{ intent: 'delete', authorId: author._id }}
              confirmHref={confirmHref}
              cancelHref={cancelHref}
              confirming={confirm === author._id}
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
        title="Blog authors"
        lead={
          <p>
            Posts are published under an author. A new post gets the default author unless you
            choose another.
          </p>
        }
      />
      <div className="space-y-6">
        <FormAlert message={rowAlert?.message} />
        {authors ? (
          <AdminTable
            caption="Authors"
            captionHidden
            columns={columns}
            rows={authors}
            rowKey={(author) => author._id}
            empty={
              <EmptyState title="No authors yet">
                <p>Until there is one, posts are published under the site's name.</p>
              </EmptyState>
            }
          />
        ) : (
          <FormAlert message="The authors could not be loaded. Please try again." />
        )}
        {editingAuthor ? (
          <section
            id="edit-author"
            aria-labelledby="edit-author-title"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id="edit-author-title" className="mb-3 text-lg font-bold text-slate-900">
              Edit {editingAuthor.author_name}
            </h2>
            <AuthorForm
              key={`${editingAuthor._id}-${editingAuthor.updatedAt}`}
              author={editingAuthor}
              result={editResult}
            />
          </section>
        ) : null}
        <section
          aria-labelledby="add-author-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="add-author-heading" className="mb-3 text-lg font-bold text-slate-900">
            Add an author
          </h2>
          <AuthorForm
            // A new author in the list empties the form (the page is not reloaded).
            key={authors?.map((author) => author._id).join() ?? ''}
            result={resultFor(actionData, 'create')}
          />
        </section>
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
