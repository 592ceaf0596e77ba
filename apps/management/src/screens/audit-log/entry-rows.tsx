import { Badge } from '@brigade/ui/app-kit/badge';
import { ChevronRightIcon } from '@brigade/ui/components/icons';
import { useId, useState } from 'react';
import {
  actorName,
  changedFields,
  type Entry,
  formatTime,
  formatValue,
  keyText,
  OPERATION_LABELS,
  OPERATION_TONES,
  tableLabel,
} from './audit-format';

/** How many changed field names the collapsed row lists before "+ n more". */
const FIELDS_IN_SUMMARY = 3;

function fieldSummary(entry: Entry): string {
  const fields = Object.keys(entry.changes);
  const shown = fields.slice(0, FIELDS_IN_SUMMARY).join(', ');
  return fields.length > FIELDS_IN_SUMMARY ? `${shown} + ${fields.length - FIELDS_IN_SUMMARY} more` : shown;
}

/**
 * One entry: a row (time, actor, what, endpoint, request id) and, below it, its details behind a disclosure
 * button (aria-expanded): the changed fields, old → new, and the rest of the entry. A <tbody> of its own,
 * so the two rows stay together (and become one card on phones).
 */
export function EntryRows({ entry, restaurantName }: { entry: Entry; restaurantName: string | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const time = formatTime(entry.occurredAt);
  const fieldCount = Object.keys(entry.changes).length;
  return (
    <tbody className="audit-entry" data-expanded={open || undefined} data-testid="audit-entry">
      <tr className="audit-entry__row">
        <td className="audit-entry__toggle">
          <button
            type="button"
            className="ui-button ui-button--ghost ui-button--sm audit-entry__button"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            aria-describedby={`${id}-what`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronRightIcon className="audit-entry__chevron" width={16} height={16} />
            <span className="audit-entry__toggle-label">Changes ({fieldCount})</span>
          </button>
        </td>
        <td className="audit-entry__time" data-label="Time">
          <time dateTime={entry.occurredAt} title={time.full}>
            <span>{time.day}</span> <span>{time.time}</span>
          </time>
        </td>
        <td className="audit-entry__actor" data-label="Actor">
          {entry.actor.userId === null ? <span className="ui-muted">System</span> : actorName(entry.actor)}
        </td>
        <td className="audit-entry__what" id={`${id}-what`} data-label="Change">
          <Badge tone={OPERATION_TONES[entry.operation]}>{OPERATION_LABELS[entry.operation]}</Badge>{' '}
          <span className="audit-entry__table">{tableLabel(entry.table)}</span>{' '}
          <span className="audit-entry__key">{keyText(entry.key)}</span>
          {fieldCount > 0 && <span className="audit-entry__fields">{fieldSummary(entry)}</span>}
        </td>
        <td className="audit-entry__endpoint" data-label="Endpoint">
          <EndpointCell entry={entry} />
        </td>
        <td className="audit-entry__request" data-label="Request">
          {entry.requestId ? (
            <code title={entry.requestId}>{entry.requestId}</code>
          ) : (
            <span className="ui-muted">—</span>
          )}
        </td>
      </tr>
      <tr className="audit-entry__details" id={`${id}-details`} hidden={!open}>
        <td colSpan={6}>{open && <EntryDetails entry={entry} restaurantName={restaurantName} />}</td>
      </tr>
    </tbody>
  );
}

function EndpointCell({ entry }: { entry: Entry }) {
  if (!entry.endpoint && !entry.path) return <span className="ui-muted">Outside the API</span>;
  const route = [entry.method, entry.path].filter(Boolean).join(' ');
  return (
    <span className="audit-entry__value">
      {entry.endpoint && <code className="audit-entry__operation">{entry.endpoint}</code>}
      {route && (
        <span className="audit-entry__route" title={route}>
          {route}
        </span>
      )}
    </span>
  );
}

/** The changed fields and the entry's particulars (restaurant, key, route, request, exact time). */
function EntryDetails({ entry, restaurantName }: { entry: Entry; restaurantName: string | undefined }) {
  const fields = changedFields(entry.changes);
  return (
    <div className="audit-details">
      {fields.length === 0 ? (
        <p className="ui-muted audit-details__none">No field values were recorded.</p>
      ) : (
        <ul className="audit-changes" aria-label="Changed fields">
          {fields.map((change) => (
            <li key={change.field} className="audit-changes__item">
              <span className="audit-changes__field">{change.field}</span>
              <ChangeValues operation={entry.operation} old={change.old} new={change.new} />
            </li>
          ))}
        </ul>
      )}
      <dl className="audit-meta">
        <div>
          <dt>Restaurant</dt>
          <dd>{entry.restaurantId === null ? 'The organization' : (restaurantName ?? entry.restaurantId)}</dd>
        </div>
        <div>
          <dt>Row</dt>
          <dd>
            <code>{formatValue(entry.key).text}</code>
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{formatTime(entry.occurredAt).full}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd>#{entry.auditId}</dd>
        </div>
      </dl>
    </div>
  );
}

/** old → new for an update; the value set by an insert; the value a delete removed. */
function ChangeValues(props: { operation: Entry['operation']; old: unknown; new: unknown }) {
  if (props.operation === 'insert') return <Value value={props.new} kind="new" />;
  if (props.operation === 'delete') return <Value value={props.old} kind="old" />;
  return (
    <span className="audit-changes__values">
      <Value value={props.old} kind="old" />
      <span className="audit-changes__arrow" aria-hidden="true">
        →
      </span>
      <span className="ui-visually-hidden">changed to</span>
      <Value value={props.new} kind="new" />
    </span>
  );
}

function Value({ value, kind }: { value: unknown; kind: 'old' | 'new' }) {
  const { text, multiline } = formatValue(value);
  const className = `audit-value audit-value--${kind}`;
  return multiline ? <pre className={className}>{text}</pre> : <code className={className}>{text}</code>;
}
