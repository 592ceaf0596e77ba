import { signin } from '@brigade/contracts/auth';
import { signinInputSchema } from '@brigade/domain/user';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { TextField } from '@brigade/ui/components/text-field';
import { useSetSessionUser } from '@brigade/ui/lib/session';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { Link, useLocation, useTitle, withFlowParams } from '../router';
import { returnHost, setRememberMeChosen } from './flow';

type SigninForm = z.input<typeof signinInputSchema>;
type SigninData = z.output<typeof signinInputSchema>;

export function SignInPage() {
  useTitle('Sign in');
  const { search } = useLocation();
  const setSessionUser = useSetSessionUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SigninForm, unknown, SigninData>({
    resolver: zodResolver(signinInputSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (data: SigninData) => apiClient.call(signin, { body: data }),
    onSuccess: (result, data) => {
      setRememberMeChosen(data.rememberMe);
      setSessionUser(result.data.user);
    },
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });

  const adminAccess = search.get('adminAccess') === 'true';
  const host = returnHost(search.get('returnUrl'));
  const description = adminAccess
    ? 'Sign in with a site administrator account to continue.'
    : host
      ? `Sign in to continue to ${host}.`
      : 'Welcome back. Sign in to your workspace.';

  return (
    <AuthLayout>
      <Card
        titleAs="h1"
        eyebrow={adminAccess ? 'Administrator sign-in' : undefined}
        title="Sign in to Brigade"
        description={description}
      >
        <form
          className="auth-form"
          noValidate
          onSubmit={form.handleSubmit((data) => {
            setFormError(null);
            mutation.mutate(data);
          })}
        >
          {search.get('fromLogout') === 'true' && !formError && (
            <Alert tone="success" title="You have been signed out.">
              Sign in again whenever you are ready.
            </Alert>
          )}
          {formError && <Alert title="Sign-in failed">{formError}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="auth-form__between">
            <Checkbox label="Remember me" {...form.register('rememberMe')} />
            <Link to={withFlowParams('/forgot-password', search)}>Forgot password?</Link>
          </div>
          <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Signing in...">
            Sign In
          </Button>
          <p className="auth-switch">
            New to Brigade? <Link to={withFlowParams('/signup', search)}>Create an account</Link>
          </p>
        </form>
      </Card>
    </AuthLayout>
  );
}
