import type { ReactNode } from 'react';

/** A card centred on the page, as wide as the selection wizard (full-page states and guards). */
export function CenteredCard({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <main className="ui-centered">
      <section className="ui-card ui-wizard" aria-label={label}>
        {children}
      </section>
    </main>
  );
}
