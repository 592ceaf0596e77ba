import { errorMessage } from '@brigade/api-client/problem-error';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { type DomainRow, useDomainWrites } from './domains-api';

/** What a bulk action sends to every selected mapping, and how it is named. */
const ACTIONS = {
  activate: { label: 'Activate', updates: { isActive: true }, done: 'activated' },
  deactivate: { label: 'Deactivate', updates: { isActive: false }, done: 'deactivated' },
  verify: { label: 'Mark verified', updates: { verificationStatus: 'verified' }, done: 'marked verified' },
} as const;
type Action = keyof typeof ACTIONS;

const CONSEQUENCES: Record<Action, string> = {
  activate: 'Their public sites answer on these domains again (once verified).',
  deactivate: 'Visitors to these domains get "not found" until they are activated again.',
  verify: 'The domains count as proved without the DNS check; the change is recorded against you.',
};

/** Bulk actions on the selected mappings (PATCH /domain-mappings/bulk); failures are reported per domain. */
export function BulkBar({ selected, onDone }: { selected: readonly DomainRow[]; onDone: () => void }) {
  const [action, setAction] = useState<Action | null>(null);
  const { bulkUpdate } = useDomainWrites();
  const toast = useToast();
  if (selected.length === 0) return null;
  const count = `${selected.length} domain${selected.length === 1 ? '' : 's'}`;
  const run = (chosen: Action) =>
    bulkUpdate.mutate(
      { guids: selected.map((r) => r.mapping.guid), updates: ACTIONS[chosen].updates },
      {
        onSuccess: ({ summary, results }) => {
          setAction(null);
          onDone();
          if (summary.failed === 0) toast.success(`${summary.successful} ${ACTIONS[chosen].done}`);
          else
            toast.error(
              `${summary.successful} ${ACTIONS[chosen].done}, ${summary.failed} failed: ${results
                .filter((r) => !r.success)
                .map((r) => `${selected[r.index]?.mapping.domain}: ${r.error}`)
                .join('; ')}`,
            );
        },
      },
    );
  return (
    <section className="ui-card domain-bulk" aria-label="Bulk actions">
      <span className="domain-bulk__count" role="status">
        {count} selected
      </span>
      {(Object.keys(ACTIONS) as Action[]).map((key) => (
        <Button key={key} variant="secondary" size="sm" onClick={() => setAction(key)}>
          {ACTIONS[key].label}
        </Button>
      ))}
      <Button variant="ghost" size="sm" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={action !== null}
        title={action ? `${ACTIONS[action].label} ${count}?` : ''}
        message={
          action && (
            <>
              {selected.map((r) => r.mapping.domain).join(', ')}. {CONSEQUENCES[action]}
            </>
          )
        }
        confirmLabel={action ? ACTIONS[action].label : ''}
        pendingLabel="Working..."
        destructive={action === 'deactivate'}
        pending={bulkUpdate.isPending}
        error={bulkUpdate.error ? errorMessage(bulkUpdate.error) : null}
        onCancel={() => {
          bulkUpdate.reset();
          setAction(null);
        }}
        onConfirm={() => action && run(action)}
      />
    </section>
  );
}
