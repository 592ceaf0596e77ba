export function Spinner({ size = 'sm', label }: { size?: 'sm' | 'lg'; label?: string }) {
  return (
    <span className={size === 'lg' ? 'ui-spinner ui-spinner--lg' : 'ui-spinner'} aria-hidden="true">
      {label && <span className="ui-visually-hidden">{label}</span>}
    </span>
  );
}

/** A loading placeholder: spinner and a line of text, announced politely. */
export function LoadingView({ message = 'Loading...', page = false }: { message?: string; page?: boolean }) {
  return (
    <div className={page ? 'ui-loading ui-loading--page' : 'ui-loading'} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{message}</span>
    </div>
  );
}
