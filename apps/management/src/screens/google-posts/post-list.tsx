import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../domains/error-text';
import { PostEditor } from './post-editor';
import { CALL_TO_ACTION_LABELS, valuesOfPost } from './post-form';
import { type Post, usePostMutations } from './queries';

const STATE_BADGES = {
  live: { tone: 'success', label: 'Live' },
  draft: { tone: 'warning', label: 'Processing' },
  rejected: { tone: 'danger', label: 'Rejected by Google' },
} as const;

const day = (value: string | null) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** The published posts, newest first, each with Edit and Delete (after confirming). */
export function PostList({ connectionId, posts }: { connectionId: string; posts: Post[] }) {
  const [deleting, setDeleting] = useState<Post | null>(null);
  if (posts.length === 0)
    return (
      <EmptyState
        title="No posts yet"
        message="Posts you publish here appear on the restaurant's Google profile, in Search and Maps."
      />
    );
  return (
    <>
      <ul className="gp-list" aria-label="Posts">
        {posts.map((post) => (
          <PostItem key={post.postId} connectionId={connectionId} post={post} onDelete={setDeleting} />
        ))}
      </ul>
      {deleting && (
        <DeleteDialog connectionId={connectionId} post={deleting} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}

function PostItem({
  connectionId,
  post,
  onDelete,
}: {
  connectionId: string;
  post: Post;
  onDelete: (post: Post) => void;
}) {
  const [editing, setEditing] = useState<boolean | 'done'>(false);
  const actions = useRef<HTMLDivElement>(null);
  const textId = useId();
  const { update } = usePostMutations(connectionId);
  // Back from editing, the cursor returns to the post's Edit button.
  useEffect(() => {
    if (editing === 'done') actions.current?.querySelector('button')?.focus();
  }, [editing]);
  const toast = useToast();
  if (editing === true)
    return (
      <li className="gp-post">
        <PostEditor
          label="Edit post"
          defaults={valuesOfPost(post)}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          autoFocus
          onSubmit={async (body) => {
            await update.mutateAsync({ postId: post.postId, body });
            toast.success('Post updated on Google');
            setEditing('done');
          }}
          onCancel={() => setEditing('done')}
        />
      </li>
    );
  return (
    <li className="gp-post">
      <PostContent post={post} textId={textId} />
      <div className="gp-actions" ref={actions}>
        <Button variant="secondary" aria-describedby={textId} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button variant="ghost" aria-describedby={textId} onClick={() => onDelete(post)}>
          Delete
        </Button>
        {post.searchUrl && (
          <a className="gp-link" href={post.searchUrl} target="_blank" rel="noreferrer noopener">
            View on Google
          </a>
        )}
      </div>
    </li>
  );
}

/** A post as published: its state, when and by whom, its text and its button. */
function PostContent({ post, textId }: { post: Post; textId: string }) {
  const state = STATE_BADGES[post.state];
  return (
    <>
      <div className="gp-post__meta">
        <Badge tone={state.tone}>{state.label}</Badge>
        <span className="gp-muted">
          Published {day(post.publishedAt ?? post.createdAt)}
          {post.createdByName ? ` by ${post.createdByName}` : ''}
          {post.googleUpdatedAt && post.googleUpdatedAt !== post.publishedAt
            ? ` · edited ${day(post.googleUpdatedAt)}`
            : ''}
        </span>
      </div>
      <p id={textId} className="gp-post__text">
        {post.content}
      </p>
      {post.callToAction && (
        <p className="gp-post__cta">
          <span className="gp-muted">Button:</span> {CALL_TO_ACTION_LABELS[post.callToAction.type]}
          {post.callToAction.url && (
            <>
              {' → '}
              <a href={post.callToAction.url} target="_blank" rel="noreferrer noopener">
                {post.callToAction.url}
              </a>
            </>
          )}
        </p>
      )}
    </>
  );
}

function DeleteDialog({
  connectionId,
  post,
  onClose,
}: {
  connectionId: string;
  post: Post;
  onClose: () => void;
}) {
  const { remove } = usePostMutations(connectionId);
  const toast = useToast();
  const confirm = async () => {
    try {
      await remove.mutateAsync(post.postId);
      toast.success('Post deleted from Google');
      onClose();
    } catch {
      // The dialog shows the error.
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete this post?"
      message="It is removed from the restaurant's Google profile and from this list. This cannot be undone."
      confirmLabel="Delete post"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      error={remove.error ? errorText(remove.error) : null}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
