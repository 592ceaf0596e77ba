import { signup } from '@brigade/contracts/auth';
import { signupInputSchema } from '@brigade/domain/user';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { TextField } from '@brigade/ui/components/text-field';
import { useSetSessionUser } from '@brigade/ui/lib/session';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { Link, navigate, useLocation, useTitle, withFlowParams } from '../router';
import { NameFields, NewPasswordField } from './account-fields';

type SignupForm = z.input<typeof signupInputSchema>;
type SignupData = z.output<typeof signupInputSchema>;

/** The signup call: on success the new (inactive) account is the session user and the flow goes on. */
function useSignup(form: UseFormReturn<SignupForm, unknown, SignupData>) {
  const { search } = useLocation();
  const setSessionUser = useSetSessionUser();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (data: SignupData) => apiClient.call(signup, { body: data }),
    onSuccess: (result) => {
      setSessionUser(result.data.user);
      navigate(withFlowParams('/', search), { state: { justSignedUp: true } });
    },
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });
  const submit = (data: SignupData) => {
    setFormError(null);
    mutation.mutate(data);
  };
  return { formError, submit, pending: mutation.isPending };
}

/** Self-signup creates an inactive account that an administrator activates. */
export function SignUpPage() {
  useTitle('Create account');
  const { search } = useLocation();
  const form = useForm<SignupForm, unknown, SignupData>({
    resolver: zodResolver(signupInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const { formError, submit, pending } = useSignup(form);

  return (
    <AuthLayout>
      <Card
        titleAs="h1"
        title="Create your account"
        description="An administrator activates new accounts before they can reach an organization."
      >
        <form className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
          {formError && <Alert title="Could not create the account">{formError}</Alert>}
          <NameFields register={(name) => form.register(name)} errors={errors} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <NewPasswordField
            registered={form.register('password')}
            error={errors.password}
            password={form.watch('password')}
            ownWords={form.watch(['email', 'firstName', 'lastName'])}
          />
          <Button type="submit" size="lg" block loading={pending} loadingText="Creating account...">
            Create Account
          </Button>
          <p className="auth-switch">
            Already have an account? <Link to={withFlowParams('/', search)}>Sign in</Link>
          </p>
        </form>
      </Card>
    </AuthLayout>
  );
}
