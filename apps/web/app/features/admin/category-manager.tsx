import { Plus, Save, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { AdminTable, type AdminTableColumn } from './admin-table.tsx';

interface Category {
  _id: string;
  name: string;
}

interface CategoryManagerProps {
  title: string;
  lead: ReactNode;
  /** The screen's path (the delete confirmation posts here). */
  path: string;
  /** What a category holds, for the delete warning ('posts', 'episodes'). */
  contents: string;
  nameMin?: number;
  nameMax: number;
  categories: Category[] | null;
  current: string;
  confirm: string | null;
  actionData: ActionResult | undefined;
}

/** The blog's and the podcast's category screens: add, rename in place, delete after a confirmation. */
export function CategoryManager(props: CategoryManagerProps) {
  const { categories, current, confirm, actionData, path } = props;
  const created = resultFor(actionData, 'create');
  const deleted = resultFor(actionData, 'delete');
  const columns: AdminTableColumn<Category>[] = [
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
              minLength={props.nameMin}
              maxLength={props.nameMax}
              defaultValue={result?.values.name ?? category.name}
              error={result ? (result.errors.name ?? result.message) : undefined}
              className="min-w-0 flex-1 basis-48 [&>label]:sr-only"
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
            description={`"${category.name}" will be removed. A category that still has ${props.contents} cannot be deleted: move or delete them first.`}
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
      <AdminPageHeader title={props.title} lead={props.lead} />
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
              minLength={props.nameMin}
              maxLength={props.nameMax}
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
            caption={props.title}
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
