import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useId, useState } from 'react';
import type { TabProps } from './index';
import { useSiteConfigVersions, useVersionDiff } from './site-config-api';

type Version = NonNullable<ReturnType<typeof useSiteConfigVersions>['data']>[number];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const who = (v: Version) => v.modifiedByEmail ?? (v.modifiedBy === 'system' ? 'System' : v.modifiedBy);
const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

const columns: Column<Version>[] = [
  { header: 'Version', primary: true, cell: (v) => `Version ${v.version}` },
  { header: 'When', cell: (v) => when(v.modifiedAt) },
  { header: 'By', cell: (v) => who(v) },
];

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number;
  versions: readonly Version[];
  onChange: (version: number) => void;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-field__input"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            Version {v.version} — {when(v.modifiedAt)}
          </option>
        ))}
      </select>
    </div>
  );
}

const KIND_TONES = { added: 'success', removed: 'danger', changed: 'info' } as const;

function Diff({ from, to }: { from: number; to: number }) {
  const diff = useVersionDiff(from, to);
  if (from === to) return <p className="admin-note">Choose two different versions.</p>;
  if (diff.isPending) return <SkeletonRows count={2} label="Comparing the versions" />;
  if (diff.error)
    return <ErrorView title="Could not compare the versions" message={errorMessage(diff.error)} />;
  if (diff.data.changes.length === 0) return <p className="admin-note">The two versions are the same.</p>;
  return (
    <ul className="config-diff" aria-label={`Changes from version ${from} to version ${to}`}>
      {diff.data.changes.map((change) => (
        <li key={change.path} className="config-diff__change">
          <Badge tone={KIND_TONES[change.kind]}>{change.kind}</Badge>
          <code className="config-diff__path">{change.path}</code>
          <span className="config-diff__values">
            <del>{shown(change.before)}</del> <span aria-hidden="true">→</span>
            <span className="ui-visually-hidden">to</span> <ins>{shown(change.after)}</ins>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Version history (issue 17): every version with who made it and when, and the changes between two. */
export function HistoryTab({ config }: TabProps) {
  const versions = useSiteConfigVersions();
  const [pair, setPair] = useState({ from: Math.max(1, config.version - 1), to: config.version });
  return (
    <div className="admin-section-plain">
      <h2 id="history-title" className="admin-section__title">
        Version history
      </h2>
      {versions.data && versions.data.length > 1 && (
        <div className="ui-card admin-section">
          <h3 className="admin-section__title">Compare versions</h3>
          <div className="admin-filters">
            <VersionSelect
              label="From"
              value={pair.from}
              versions={versions.data}
              onChange={(from) => setPair({ ...pair, from })}
            />
            <VersionSelect
              label="To"
              value={pair.to}
              versions={versions.data}
              onChange={(to) => setPair({ ...pair, to })}
            />
          </div>
          <Diff from={pair.from} to={pair.to} />
        </div>
      )}
      <DataTable
        label="Versions"
        rows={versions.data}
        columns={columns}
        rowKey={(v) => v.version}
        isLoading={versions.isPending}
        error={loadError(versions)}
        onRetry={() => void versions.refetch()}
        empty={{ title: 'No versions yet' }}
        rowActions={(v) =>
          v.version > 1 ? (
            <Button variant="ghost" size="sm" onClick={() => setPair({ from: v.version - 1, to: v.version })}>
              Compare with version {v.version - 1}
              <span className="ui-visually-hidden"> (version {v.version})</span>
            </Button>
          ) : null
        }
      />
    </div>
  );
}
