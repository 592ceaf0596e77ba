import type { Jsonify } from '@brigade/api-client/client';
import { loadError } from '@brigade/api-client/query-defaults';
import { listOutbox } from '@brigade/contracts/admin-messages';
import type { OutboxEntry } from '@brigade/domain/admin-messages';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';

type Row = Jsonify<OutboxEntry>;

/** Addresses in a message's text become links (an invitation, a password reset). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <p className="admin-message__text">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={index} className="admin-link" href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

const COLUMNS: Column<Row>[] = [
  {
    header: 'Message',
    primary: true,
    cell: (m) => (
      <details className="admin-message">
        <summary>
          <strong>{m.subject}</strong>
        </summary>
        <Linked text={m.text} />
      </details>
    ),
  },
  { header: 'To', cell: (m) => m.to },
  { header: 'Kind', cell: (m) => (m.channel === 'mail' ? 'Mail' : 'Text') },
  {
    header: 'Status',
    cell: (m) => (
      <span className="admin-nowrap">
        {m.sentAt ? (
          <Badge tone="success">Sent</Badge>
        ) : m.error ? (
          <Badge tone="danger">Failed</Badge>
        ) : (
          <Badge tone="info">Kept here</Badge>
        )}
      </span>
    ),
  },
  { header: 'Written', hideOnMobile: true, cell: (m) => new Date(m.createdAt).toLocaleString() },
];

/** Development's mail viewer: what the outbox holds when no mail server or SMS provider is set up. */
export default function OutboxScreen() {
  const outbox = useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: async ({ signal }) => (await apiClient.call(listOutbox, { signal })).data,
    refetchInterval: 10_000,
  });
  return (
    <>
      <PageHeader
        title="Outbox"
        description="Mail and texts as this server wrote them, newest first. Without a mail server they go nowhere else: open a message to follow its links. Not shown in production."
      />
      <DataTable
        label="Outbox"
        rows={outbox.data}
        columns={COLUMNS}
        rowKey={(m) => `${m.channel}-${m.id}`}
        isLoading={outbox.isPending}
        error={loadError(outbox)}
        onRetry={() => void outbox.refetch()}
        empty={{
          title: 'Nothing written yet',
          message: 'Invitations, password resets and alerts appear here.',
        }}
      />
    </>
  );
}
