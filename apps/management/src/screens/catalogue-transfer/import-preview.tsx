import { DataTable } from '@brigade/ui/app-kit/data-table';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useId } from 'react';
import type { ImportPreviewData } from './transfer-api';

type Counts = ImportPreviewData['counts'];
type Issue = ImportPreviewData['errors'][number];

const NAMES: [keyof Counts, string, string][] = [
  ['items', 'item', 'items'],
  ['menuGroups', 'menu group', 'menu groups'],
  ['modifierGroups', 'modifier group', 'modifier groups'],
  ['tags', 'tag', 'tags'],
  ['courses', 'course', 'courses'],
  ['taxRates', 'tax rate', 'tax rates'],
  ['salesCategories', 'sales category', 'sales categories'],
];

/** "12 items, 4 menu groups and 1 tax rate" (kinds with none left out). */
export function summaryOf(counts: Counts): string {
  const parts = NAMES.filter(([kind]) => counts[kind] > 0).map(
    ([kind, one, many]) => `${counts[kind]} ${counts[kind] === 1 ? one : many}`,
  );
  if (parts.length === 0) return 'nothing new';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const where = (issue: Issue) => (issue.row === null ? issue.column : `Row ${issue.row}, ${issue.column}`);

/** The dry run's answer: what would be created, every error and warning, then Import (when no errors). */
export function ImportPreview({
  preview,
  applying,
  onApply,
}: {
  preview: ImportPreviewData;
  applying: boolean;
  onApply: () => void;
}) {
  const headingId = useId();
  const reused = Object.values(preview.reused).reduce((sum, n) => sum + n, 0);
  return (
    <section className="transfer__preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="transfer__heading">
        Preview
      </h3>
      <p>
        Would add <strong>{summaryOf(preview.counts)}</strong>
        {reused > 0 &&
          `, and use ${reused} tags, courses, tax rates or sales categories this restaurant already has`}
        .
      </p>
      {preview.errors.length > 0 && (
        <>
          <Alert
            title={`${preview.errors.length} ${preview.errors.length === 1 ? 'error' : 'errors'}: fix the file and choose it again`}
          />
          <IssueList issues={preview.errors} />
        </>
      )}
      {preview.warnings.length > 0 && (
        <details className="transfer__details">
          <summary>
            {preview.warnings.length} {preview.warnings.length === 1 ? 'warning' : 'warnings'}
          </summary>
          <IssueList issues={preview.warnings} />
        </details>
      )}
      {preview.ignoredColumns.length > 0 && (
        <details className="transfer__details">
          <summary>
            {preview.ignoredColumns.length} {preview.ignoredColumns.length === 1 ? 'column' : 'columns'} not
            imported
          </summary>
          <p className="transfer__note">{preview.ignoredColumns.join(', ')}</p>
        </details>
      )}
      <DataTable
        label="Items to import"
        rows={preview.items}
        rowKey={(item) => `${item.name}/${item.menuGroups.join('/')}`}
        columns={[
          { header: 'Item', cell: (item) => item.name, primary: true },
          { header: 'Price', cell: (item) => item.price },
          { header: 'Menu groups', cell: (item) => item.menuGroups.join(', ') },
        ]}
        empty={{ title: 'No items in this file' }}
      />
      <div className="transfer__actions">
        <Button
          onClick={onApply}
          disabled={preview.errors.length > 0}
          loading={applying}
          loadingText="Importing..."
        >
          Import
        </Button>
      </div>
    </section>
  );
}

function IssueList({ issues }: { issues: readonly Issue[] }) {
  return (
    <ul className="transfer__issues">
      {issues.map((issue, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id and never reorder
        <li key={index}>
          <span className="transfer__where">{where(issue)}</span> {issue.message}
        </li>
      ))}
    </ul>
  );
}
