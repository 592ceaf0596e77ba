import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import type { AdminMessageKind } from '@brigade/domain/admin-messages';
import { Badge, type BadgeTone } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../components/filter-select';
import { type MessageRow, useAdminMessages, useMarkRead } from './inbox-api';

const KIND_LABELS: Record<AdminMessageKind, string> = {
  'sign-up': 'Sign-up',
  help: 'Help',
  'restaurant-request': 'Restaurant request',
};
const KIND_TONES: Record<AdminMessageKind, BadgeTone> = {
  'sign-up': 'info',
  help: 'warning',
  'restaurant-request': 'success',
};

/** Where to act on a message: the sender's user page (activation) or the organization's page (a restaurant). */
function ActOn({ message }: { message: MessageRow }) {
  if (message.kind === 'restaurant-request' && message.regardingTenantId)
    return (
      <Link className="admin-link" to={`/tenants/${message.regardingTenantId}`}>
        Open the tenant
      </Link>
    );
  if (message.fromUid)
    return (
      <Link className="admin-link" to={`/users/${encodeURIComponent(message.fromUid)}`}>
        Open the user
      </Link>
    );
  return null;
}

function ReadButton({ message }: { message: MessageRow }) {
  const read = useMarkRead();
  const toast = useToast();
  if (message.readAt) return <span className="admin-muted">Read by {message.readBy}</span>;
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={read.isPending}
      loadingText="Marking..."
      onClick={() => read.mutate(message, { onError: (error) => toast.error(errorMessage(error)) })}
    >
      Mark read<span className="ui-visually-hidden"> ({message.subject})</span>
    </Button>
  );
}

const COLUMNS: Column<MessageRow>[] = [
  {
    header: 'Message',
    primary: true,
    cell: (m) => (
      <div className="admin-message">
        <strong>{m.subject}</strong>
        <span className="admin-muted">
          {m.fromName} &lt;{m.fromEmail}&gt;
        </span>
        <p className="admin-message__text">{m.text}</p>
      </div>
    ),
  },
  { header: 'Kind', cell: (m) => <Badge tone={KIND_TONES[m.kind]}>{KIND_LABELS[m.kind]}</Badge> },
  { header: 'Received', hideOnMobile: true, cell: (m) => new Date(m.createdAt).toLocaleString() },
  { header: 'Act on it', cell: (m) => <ActOn message={m} /> },
  { header: 'Status', cell: (m) => <ReadButton message={m} /> },
];

const SHOW = [
  { value: 'unread', label: 'Unread' },
  { value: 'all', label: 'All' },
] as const;

/** What reaches the site administrators: sign-ups to activate, help messages, requests for a restaurant. */
export default function InboxScreen() {
  const [show, setShow] = useState<'unread' | 'all'>('unread');
  const messages = useAdminMessages(show === 'unread');
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Sign-ups waiting for activation, help messages and requests for a restaurant. Each also reaches you by mail."
        actions={
          <FilterSelect
            label="Show"
            value={show}
            options={SHOW}
            onChange={(value) => setShow(value === 'all' ? 'all' : 'unread')}
          />
        }
      />
      <DataTable
        label="Inbox"
        rows={messages.data}
        columns={COLUMNS}
        rowKey={(m) => m.messageId}
        isLoading={messages.isPending}
        error={loadError(messages)}
        onRetry={() => void messages.refetch()}
        empty={{
          title: show === 'unread' ? 'Nothing unread' : 'No messages',
          message: 'Sign-ups, help messages and restaurant requests appear here.',
        }}
      />
    </>
  );
}
