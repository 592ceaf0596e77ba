import type { ReactNode } from 'react';
import { Link } from './router';

const Check = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    aria-hidden="true"
  >
    <path d="M20 6 9 17l-5-5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function Logo({ decorative = false }: { decorative?: boolean }) {
  // The brand panel is aria-hidden: a link there would be focusable yet unnamed to assistive technology.
  if (decorative) {
    return (
      <span className="auth-logo">
        <span className="auth-logo__mark">B</span>
        Brigade
      </span>
    );
  }
  return (
    <Link to="/" className="auth-logo">
      <span className="auth-logo__mark" aria-hidden="true">
        B
      </span>
      Brigade<span className="ui-visually-hidden"> home</span>
    </Link>
  );
}

/** The frame of every auth screen: brand panel (wide screens) and the content column. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-shell">
      <aside className="auth-brand" aria-hidden="true">
        <Logo decorative />
        <div>
          <h2 className="auth-brand__headline">Run every service like your best night.</h2>
          <p className="auth-brand__lead">
            One sign-in for your menus, your floor and your point of sale, across every location.
          </p>
          <ul className="auth-brand__list">
            <li>
              <Check /> Menus, modifiers and prices that stay in sync everywhere
            </li>
            <li>
              <Check /> Staff access by organization, location and role
            </li>
            <li>
              <Check /> A website for each restaurant, on your own domain
            </li>
          </ul>
        </div>
        <p className="auth-brand__foot">Brigade · open-source restaurant platform</p>
      </aside>
      <main className="auth-main">
        <div className="auth-main__logo">
          <Logo />
        </div>
        <div className={wide ? 'auth-panel auth-panel--wide' : 'auth-panel'}>{children}</div>
        <p className="auth-footer">© Brigade · Secure sign-in</p>
      </main>
    </div>
  );
}
