import { signin } from '@brigade/contracts/auth';
import { acceptInvitation } from '@brigade/contracts/invitations';
import { invitationAccountSchema } from '@brigade/domain/invitation';
import { signinInputSchema } from '@brigade/domain/user';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { TextField } from '@brigade/ui/components/text-field';
import { useSetSessionUser } from '@brigade/ui/lib/session';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiClient } from '../api';
import { NameFields, NewPasswordField } from './account-fields';

/** What accepting answers: the organization joined. */
export type Joined = (tenantId: number) => void;

type AccountForm = z.input<typeof invitationAccountSchema>;
type AccountData = z.output<typeof invitationAccountSchema>;

/** No account with the invited email yet: name and password (the sign-up rules), then joined and signed in. */
export function CreateAccountForm({
  token,
  email,
  onJoined,
}: {
  token: string;
  email: string;
  onJoined: Joined;
}) {
  const setSessionUser = useSetSessionUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AccountForm, unknown, AccountData>({
    resolver: zodResolver(invitationAccountSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (account: AccountData) => apiClient.call(acceptInvitation, { body: { token, account } }),
    onSuccess: (result) => {
      setSessionUser(result.data.user);
      onJoined(result.data.tenantId);
    },
    // the account's fields travel under `account`: the server's paths say "account.password"
    onError: (error) => setFormError(applyServerErrors(error, form, 'account')),
  });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.handleSubmit((data) => {
        setFormError(null);
        mutation.mutate(data);
      })}
    >
      {formError && <Alert title="Could not accept the invitation">{formError}</Alert>}
      <TextField label="Email" type="email" value={email} readOnly autoComplete="username" />
      <NameFields register={(name) => form.register(name)} errors={errors} />
      <NewPasswordField
        registered={form.register('password')}
        error={errors.password}
        password={form.watch('password')}
        ownWords={[email, ...form.watch(['firstName', 'lastName'])]}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Joining...">
        Create account and join
      </Button>
    </form>
  );
}

const passwordOnly = signinInputSchema.pick({ password: true });

/** An account with the invited email exists: sign in as it, then accept. */
export function SignInToAcceptForm({
  token,
  email,
  onJoined,
}: {
  token: string;
  email: string;
  onJoined: Joined;
}) {
  const setSessionUser = useSetSessionUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    resolver: zodResolver(passwordOnly),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: async ({ password }: { password: string }) => {
      const signedIn = await apiClient.call(signin, { body: { email, password, rememberMe: false } });
      setSessionUser(signedIn.data.user);
      return apiClient.call(acceptInvitation, { body: { token } });
    },
    onSuccess: (result) => onJoined(result.data.tenantId),
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.handleSubmit((data) => {
        setFormError(null);
        mutation.mutate(data);
      })}
    >
      <p className="ui-muted">You already have a Brigade account: sign in to join.</p>
      {formError && <Alert title="Could not accept the invitation">{formError}</Alert>}
      <TextField label="Email" type="email" value={email} readOnly autoComplete="username" />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Signing in...">
        Sign in and join
      </Button>
    </form>
  );
}

/** Signed in as the invited email: one click. */
export function AcceptButton({ token, onJoined }: { token: string; onJoined: Joined }) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => apiClient.call(acceptInvitation, { body: { token } }),
    onSuccess: (result) => onJoined(result.data.tenantId),
    onError: (failure) => setError(failure instanceof Error ? failure.message : 'Something went wrong'),
  });
  return (
    <div className="auth-form">
      {error && <Alert title="Could not accept the invitation">{error}</Alert>}
      <Button
        size="lg"
        block
        loading={mutation.isPending}
        loadingText="Joining..."
        onClick={() => mutation.mutate()}
      >
        Accept invitation
      </Button>
    </div>
  );
}
