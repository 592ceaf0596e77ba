import { PasswordStrength } from '@brigade/ui/components/password-strength';
import { TextField } from '@brigade/ui/components/text-field';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FieldError = { message?: string | undefined } | undefined;

/** First and last name side by side: the account's name, as sign-up and joining by invitation ask it. */
export function NameFields({
  register,
  errors,
}: {
  register: (name: 'firstName' | 'lastName') => UseFormRegisterReturn;
  errors: { firstName?: FieldError; lastName?: FieldError };
}) {
  return (
    <div className="auth-form__row">
      <TextField
        label="First name"
        autoComplete="given-name"
        autoFocus
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
    </div>
  );
}

/** A new account's password, with the rule it must meet and how easy it is to guess. */
export function NewPasswordField({
  registered,
  error,
  password,
  ownWords,
}: {
  registered: UseFormRegisterReturn;
  error: FieldError;
  /** What is typed so far, for the strength meter; the person's name and email, which it counts as easy. */
  password: string;
  ownWords: readonly string[];
}) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="new-password"
      hint={
        <>
          At least 6 characters.
          <PasswordStrength password={password} ownWords={ownWords} />
        </>
      }
      error={error?.message}
      {...registered}
    />
  );
}
