import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { DataTable, matchesSearch } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { PlusIcon, TrashIcon } from '@brigade/ui/app-shell/icons';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LockIcon } from '@brigade/ui/components/icons';
import { useState } from 'react';
import { endpointsOf, useCatalogueList, useCatalogueMutations } from '../../components/catalogue-queries';
import { useCan } from '../../restaurant-context';
import { PencilIcon } from '../../shell/icons';
import { capitalNoun, type EntityConfig } from './entity-config';
import { EntityEditorDialog } from './entity-editor';

/**
 * A catalogue kind's screen: header with "New {noun}", a searchable list, a dialog editor for create and
 * edit (read-only "View" for roles that may not write), and delete with confirmation.
 */
export function EntityScreen<Row extends Record<string, unknown>>({ config }: { config: EntityConfig<Row> }) {
  const { kind } = config;
  const canList = useCan(endpointsOf(kind).list);
  const list = useCatalogueList<Row>(kind);
  const { remove, canCreate, canUpdate, canDelete } = useCatalogueMutations<Row>(kind);
  const [search, setSearch] = useState('');
  const [editor, setEditor] = useState<{ row: Row | undefined } | null>(null);
  const [doomed, setDoomed] = useState<Row | null>(null);

  const newButton = canCreate && (
    <Button onClick={() => setEditor({ row: undefined })}>
      <PlusIcon />
      New {config.noun}
    </Button>
  );

  if (!canList) {
    return (
      <>
        <PageHeader title={config.title} description={config.description} />
        <EmptyState
          icon={<LockIcon />}
          title="Managers only"
          message={config.forbiddenMessage ?? `Your role cannot see ${config.title.toLowerCase()}.`}
        />
      </>
    );
  }

  const rows = list.data?.filter((row) => matchesSearch(search, ...config.searchText(row)));
  return (
    <>
      <PageHeader title={config.title} description={config.description} actions={newButton} />
      <DataTable<Row>
        label={config.title}
        rows={rows}
        columns={config.columns}
        rowKey={(row) => row[kind.idField] as number}
        isLoading={list.isPending}
        error={loadError(list)}
        onRetry={() => void list.refetch()}
        search={{
          value: search,
          onChange: setSearch,
          placeholder: `Search ${config.title.toLowerCase()}...`,
        }}
        empty={{
          title: `No ${config.title.toLowerCase()} yet`,
          message: config.emptyMessage,
          actions: newButton,
        }}
        rowActions={(row) => (
          <RowButtons
            config={config}
            row={row}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onEdit={() => setEditor({ row })}
            onDelete={() => {
              remove.reset();
              setDoomed(row);
            }}
          />
        )}
      />
      {editor && (
        <EntityEditorDialog
          config={config}
          row={editor.row}
          readOnly={editor.row ? !canUpdate : !canCreate}
          onClose={() => setEditor(null)}
        />
      )}
      <DeleteRowDialog config={config} row={doomed} remove={remove} onClose={() => setDoomed(null)} />
    </>
  );
}

/** A row's buttons: the kind's own, Edit (View for roles that may not write) and Delete. */
function RowButtons<Row extends Record<string, unknown>>({
  config,
  row,
  canUpdate,
  canDelete,
  onEdit,
  onDelete,
}: {
  config: EntityConfig<Row>;
  row: Row;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {config.rowActions?.(row)}
      <Button
        variant="ghost"
        size="sm"
        onClick={onEdit}
        aria-label={`${canUpdate ? 'Edit' : 'View'} ${config.rowName(row)}`}
      >
        {canUpdate && <PencilIcon width={16} height={16} />}
        {canUpdate ? 'Edit' : 'View'}
      </Button>
      {canDelete && (
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${config.rowName(row)}`}>
          <TrashIcon width={16} height={16} />
          Delete
        </Button>
      )}
    </>
  );
}

/** "Delete X?" of a row (`row`; null: closed). */
function DeleteRowDialog<Row extends Record<string, unknown>>({
  config,
  row,
  remove,
  onClose,
}: {
  config: EntityConfig<Row>;
  row: Row | null;
  /** The screen's delete mutation (reset when a row is picked, so an old error does not show). */
  remove: ReturnType<typeof useCatalogueMutations<Row>>['remove'];
  onClose: () => void;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={row !== null}
      title={row ? `Delete ${config.rowName(row)}?` : ''}
      message={`The ${config.noun} is removed for good. This cannot be undone.`}
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onCancel={onClose}
      onConfirm={() => {
        if (!row) return;
        remove.mutate(row[config.kind.idField] as number, {
          onSuccess: () => {
            toast.success(`${capitalNoun(config)} deleted`);
            onClose();
          },
        });
      }}
    />
  );
}
