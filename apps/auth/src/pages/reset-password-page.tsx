import { confirmPasswordReset } from '@brigade/contracts/auth';
import { passwordSchema } from '@brigade/domain/user';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { PasswordStrength } from '@brigade/ui/components/password-strength';
import { TextField } from '@brigade/ui/components/text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { Link, useLocation, useTitle } from '../router';

// The server checks newPassword with the same passwordSchema; the confirmation exists only in the form.
const resetFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type ResetForm = z.input<typeof resetFormSchema>;

/** A reset address without its token (cut off when copied, or opened without one). */
function IncompleteLink() {
  return (
    <AuthLayout>
      <Card titleAs="h1" title="Reset link incomplete">
        <div className="ui-stack">
          <Alert title="This reset link is invalid or incomplete.">
            Open the link from the email again, or ask for a new one.
          </Alert>
          <Link to="/forgot-password">Request a new link</Link>
        </div>
      </Card>
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  useTitle('Choose a new password');
  const { search } = useLocation();
  const token = search.get('token');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (data: ResetForm) =>
      apiClient.call(confirmPasswordReset, { body: { token: token ?? '', newPassword: data.newPassword } }),
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });

  if (!token) return <IncompleteLink />;

  return (
    <AuthLayout>
      <Card
        titleAs="h1"
        title="Choose a new password"
        description="Every other session of your account will be signed out."
      >
        {mutation.isSuccess ? (
          <div className="ui-stack">
            <Alert tone="success" title="Your password has been updated.">
              Sign in with your new password.
            </Alert>
            <Link to="/">Go to sign in</Link>
          </div>
        ) : (
          <form
            className="auth-form"
            noValidate
            onSubmit={form.handleSubmit((data) => {
              setFormError(null);
              mutation.mutate(data);
            })}
          >
            {formError && <Alert title="Could not reset the password">{formError}</Alert>}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
              hint={
                <>
                  At least 6 characters.
                  <PasswordStrength password={form.watch('newPassword')} />
                </>
              }
              error={form.formState.errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
            <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Saving...">
              Set New Password
            </Button>
          </form>
        )}
      </Card>
    </AuthLayout>
  );
}
