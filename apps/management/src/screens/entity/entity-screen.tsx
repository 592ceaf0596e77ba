import { errorMessage } from '@brigade/api-client/problem-error';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LockIcon } from '@brigade/ui/components/icons';
import { useState } from 'react';
import { endpointsOf, useCatalogueList, useCatalogueMutations } from '../../components/catalogue-queries';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, matchesSearch } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { useCan } from '../../restaurant-context';
import { PencilIcon, PlusIcon, TrashIcon } from '../../shell/icons';
import type { EntityConfig } from './entity-config';
import { EntityEditorDialog } from './entity-editor';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A catalogue kind's screen: header with "New {noun}", a searchable list, a dialog editor for create and
 * edit (read-only "View" for roles that may not write), and delete with confirmation.
 */
export function EntityScreen<Row extends Record<string, unknown>>({ config }: { config: EntityConfig<Row> }) {
  const { kind } = config;
  const canList = useCan(endpointsOf(kind).list);
  const list = useCatalogueList<Row>(kind);
  const { remove, canCreate, canUpdate, canDelete } = useCatalogueMutations<Row>(kind);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [editor, setEditor] = useState<{ row: Row | undefined } | null>(null);
  const [doomed, setDoomed] = useState<Row | null>(null);
  const idOf = (row: Row) => row[kind.idField] as number;

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
        rowKey={idOf}
        isLoading={list.isPending}
        error={list.error}
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
          <>
            {config.rowActions?.(row)}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditor({ row })}
              aria-label={`${canUpdate ? 'Edit' : 'View'} ${config.rowName(row)}`}
            >
              {canUpdate && <PencilIcon width={16} height={16} />}
              {canUpdate ? 'Edit' : 'View'}
            </Button>
            {canDelete && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  remove.reset();
                  setDoomed(row);
                }}
                aria-label={`Delete ${config.rowName(row)}`}
              >
                <TrashIcon width={16} height={16} />
                Delete
              </Button>
            )}
          </>
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
      <ConfirmDialog
        open={doomed !== null}
        title={doomed ? `Delete ${config.rowName(doomed)}?` : ''}
        message={`The ${config.noun} is removed for good. This cannot be undone.`}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(idOf(doomed), {
            onSuccess: () => {
              toast.success(`${capitalise(config.noun)} deleted`);
              setDoomed(null);
            },
          });
        }}
      />
    </>
  );
}
