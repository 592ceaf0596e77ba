import { requestPasswordReset } from '@brigade/contracts/auth';
import { passwordResetRequestSchema } from '@brigade/domain/user';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { TextField } from '@brigade/ui/components/text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { BASE, Link, useLocation, useTitle, withFlowParams } from '../router';

type ResetRequestForm = z.input<typeof passwordResetRequestSchema>;
type ResetRequestData = z.output<typeof passwordResetRequestSchema>;

export function ForgotPasswordPage() {
  useTitle('Reset your password');
  const { search } = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetRequestForm, unknown, ResetRequestData>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (data: ResetRequestData) =>
      apiClient.call(requestPasswordReset, {
        body: { email: data.email, resetUrl: `${window.location.origin}${BASE}/reset-password` },
      }),
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });

  return (
    <AuthLayout>
      <Card
        titleAs="h1"
        title="Reset your password"
        description="Enter the email of your account and we will send you a link to choose a new password."
      >
        {mutation.isSuccess ? (
          <div className="ui-stack">
            <Alert tone="success" title="Check your inbox">
              If an account exists for {mutation.variables.email}, a link to reset the password is on its way.
            </Alert>
            <Link to={withFlowParams('/', search)}>Back to sign in</Link>
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
            {formError && <Alert title="Could not send the link">{formError}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoFocus
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" size="lg" block loading={mutation.isPending} loadingText="Sending...">
              Send Reset Link
            </Button>
            <p className="auth-switch">
              Remembered it? <Link to={withFlowParams('/', search)}>Back to sign in</Link>
            </p>
          </form>
        )}
      </Card>
    </AuthLayout>
  );
}
