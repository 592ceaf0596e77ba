import { deriveDisplayName } from '@brigade/domain/user';
import { Button } from '@brigade/ui/components/button';
import { initials } from '@brigade/ui/lib/initials';
import type { SessionUser } from '@brigade/ui/lib/types';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';

export function ProfileRow({ user }: { user: SessionUser }) {
  const name = deriveDisplayName(user);
  return (
    <div className="auth-profile">
      <span className="auth-profile__avatar" aria-hidden="true">
        {initials(name)}
      </span>
      <span className="auth-profile__text">
        <span className="auth-profile__name">{name}</span>
        <span className="auth-profile__email">{user.email}</span>
      </span>
      {user.isSiteAdmin && <span className="ui-badge ui-badge--brand">Site admin</span>}
    </div>
  );
}

/** Sign out of every app of this browser, then back to the sign-in screen. */
export function SignOutButton({
  redirectTo,
  variant = 'secondary',
}: {
  redirectTo?: string;
  variant?: 'primary' | 'secondary';
}) {
  const { signOut, pending } = useSignOut({ redirectTo });
  return (
    <Button variant={variant} loading={pending} loadingText="Signing Out..." onClick={() => void signOut()}>
      Sign Out
    </Button>
  );
}
