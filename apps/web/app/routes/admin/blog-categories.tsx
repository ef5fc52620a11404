import { blogLimits, type TBlogCategory } from '@ipatient/contracts/blog';
import { Plus, Save, Trash2 } from 'lucide-react';
import { Form } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { ConfirmAction, confirmHrefs, confirmParam } from '../../features/admin/confirm-action.tsx';
import { fetchCategories } from '../../features/admin-blog/admin-blog.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import {
  actionFailure,
  apiMessage,
  callApiWithForm,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { resultFor } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/blog-categories';

const path = '/admin/blog-categories';

export function meta() {
  return pageMeta({
    title: 'Blog categories',
    description: 'Add, rename and delete the categories blog posts are filed under.',
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  return {
    categories: await fetchCategories(context),
    current: `${url.pathname}${url.search}`,
    confirm: url.searchParams.get(confirmParam),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'categoryId');
  const done = (message: string, cookies: readonly string[]) =>
    redirectWithFlash(request, path, { kind: 'success', message }, cookies);

  if (intent === 'create') {
    const response = await callApiWithForm(context, form, '/admin/hub_category', {
      method: 'POST',
      body: { name: formText(form, 'name') },
    });
    if (response.status !== 201) {
      return actionFailure(response, 'The category could not be added.', {
        intent,
        values: echoValues(form, ['name']),
      });
    }
    return done(apiMessage(response.body, 'Category created'), response.setCookies);
  }
  if (!id) return formFailure('Choose a category first.', { intent });
  if (intent === `rename-${id}`) {
    const response = await callApiWithForm(
      context,
      form,
      `/update-blog-category/${encodeURIComponent(id)}`,
      { method: 'PUT', body: { name: formText(form, 'name') } },
    );
    if (response.status !== 200) {
      return actionFailure(response, 'The category could not be renamed.', {
        intent,
        values: echoValues(form, ['name']),
      });
    }
    return done(apiMessage(response.body, 'Category updated'), response.setCookies);
  }
  if (intent === 'delete') {
    const response = await callApiWithForm(
      context,
      form,
      `/admin/hub_category/${encodeURIComponent(id)}`,
      { method: 'DELETE' },
    );
    if (response.status !== 200) {
      return actionFailure(response, 'The category could not be deleted.', { intent });
    }
    return done(apiMessage(response.body, 'Category deleted'), response.setCookies);
  }
  return formFailure('Unknown action.', { intent });
}

export default function AdminBlogCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, current, confirm } = loaderData;
  const created = resultFor(actionData, 'create');
  const deleted = resultFor(actionData, 'delete');
  const columns: AdminTableColumn<TBlogCategory>[] = [
    { header: 'Name', rowHeader: true, cell: (category) => category.name },
    {
      header: 'Rename',
      cell: (category) => {
        const intent = `rename-${category._id}`;
        const result = resultFor(actionData, intent);
        return (
          <Form method="post" key={category.name} className="flex flex-wrap items-start gap-2">
            <CsrfField />
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="categoryId" value={category._id} />
            <TextField
              label={`New name for ${category.name}`}
              id={`name-${category._id}`}
              name="name"
              required
              minLength={blogLimits.categoryNameMin}
              maxLength={blogLimits.categoryNameMax}
              defaultValue={result?.values.name ?? category.name}
              error={result ? (result.errors.name ?? result.message) : undefined}
              className="min-w-48 flex-1 [&>label]:sr-only"
            />
            <button
              type="submit"
              className={buttonClass('secondary', 'mt-1.5 min-h-12')}
              aria-label={`Rename: ${category.name}`}
            >
              <Save aria-hidden="true" className="h-4 w-4" />
              Rename
            </button>
          </Form>
        );
      },
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (category) => {
        const { confirmHref, cancelHref } = confirmHrefs(current, category._id);
        return (
          <ConfirmAction
            id={`delete-category-${category._id}`}
            label="Delete"
            subject={category.name}
            title="Delete this category?"
            description={`"${category.name}" will be removed. A category that still has posts cannot be deleted.`}
            confirmLabel="Yes, delete category"
            action={path}
            fields={{ intent: 'delete', categoryId: category._id }}
            confirmHref={confirmHref}
            cancelHref={cancelHref}
            confirming={confirm === category._id}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          />
        );
      },
    },
  ];
  return (
    <>
      <AdminPageHeader
        title="Blog categories"
        lead={<p>Every post is filed under one category; readers filter the blog by them.</p>}
      />
      <div className="space-y-6">
        <FormAlert message={deleted?.message} />
        <section
          aria-labelledby="new-category"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="new-category" className="text-lg font-bold text-slate-900">
            Add a category
          </h2>
          <Form
            method="post"
            // A new category in the list empties the form (the page is not reloaded).
            key={categories?.map((category) => category._id).join() ?? ''}
            className="mt-3 flex flex-wrap items-start gap-3"
          >
            <CsrfField />
            <input type="hidden" name="intent" value="create" />
            <TextField
              label="Category name"
              name="name"
              id="new-category-name"
              required
              minLength={blogLimits.categoryNameMin}
              maxLength={blogLimits.categoryNameMax}
              defaultValue={created?.values.name ?? ''}
              error={created ? (created.errors.name ?? created.message) : undefined}
              className="min-w-60 flex-1"
            />
            <button type="submit" className={buttonClass('primary', 'mt-7 min-h-12')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add category
            </button>
          </Form>
        </section>
        {categories ? (
          <AdminTable
            caption="Blog categories"
            captionHidden
            columns={columns}
            rows={categories}
            rowKey={(category) => category._id}
            empty={
              <EmptyState title="No categories yet">
                <p>Add the first one above.</p>
              </EmptyState>
            }
          />
        ) : (
          <FormAlert message="The categories could not be loaded. Please try again." />
        )}
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
