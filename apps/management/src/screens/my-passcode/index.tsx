import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { getMyPasscode, setMyPasscode } from '@brigade/contracts/staff';
import { passcodeSchema } from '@brigade/domain/staff/api';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { TextField } from '@brigade/ui/components/text-field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

const TITLE = 'My register passcode';

/**
 * /my-passcode (issue 47, every member): the signed-in person sets the passcode of their own employee record
 * (the one linked to their account), without seeing anyone else's staff records.
 */
export default function MyPasscodeScreen() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const params = { tenantId, restaurantId };
  const key = restaurantKey(restaurantId, 'my-passcode');
  const state = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await apiClient.call(getMyPasscode, { params, signal })).data,
    retry: false,
  });
  const header = (
    <PageHeader
      title={TITLE}
      description="The digits you type on a register to unlock it and to clock in and out."
    />
  );
  if (state.isPending)
    return (
      <>
        {header}
        <Skeleton height="12rem" />
      </>
    );
  if (state.isError)
    return (
      <>
        {header}
        {state.error instanceof ProblemError && state.error.status === 404 ? (
          <EmptyState
            title="No employee record for your account"
            message="Ask a manager to link your account to your employee record on the Employees screen."
          />
        ) : (
          <ErrorView
            title="Could not load your passcode"
            message={errorMessage(state.error)}
            actions={<Button onClick={() => void state.refetch()}>Try Again</Button>}
          />
        )}
      </>
    );
  return (
    <>
      {header}
      <PasscodeForm
        name={state.data.name}
        status={
          state.data.hasPasscode
            ? `A passcode is set (since ${new Date(state.data.setAt ?? '').toLocaleDateString()}).`
            : 'You have no passcode yet.'
        }
        queryKey={key}
      />
    </>
  );
}

function PasscodeForm(props: { name: string; status: string; queryKey: readonly unknown[] }) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  const toast = useToast();
  const [passcode, setPasscode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: async () =>
      (await apiClient.call(setMyPasscode, { params: { tenantId, restaurantId }, body: { passcode } })).data,
    onSuccess: () => {
      setPasscode('');
      toast.success('Your new passcode is saved');
      void client.invalidateQueries({ queryKey: props.queryKey });
    },
  });
  const submit = () => {
    const checked = passcodeSchema.safeParse(passcode);
    setInvalid(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) save.mutate();
  };
  return (
    <Card
      title={props.name}
      description={props.status}
      footer={
        <Button onClick={submit} loading={save.isPending}>
          Save passcode
        </Button>
      }
    >
      <form
        className="ui-stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        <TextField
          label="New passcode"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          hint="4 to 8 digits, different from everyone else's here"
          value={passcode}
          error={invalid}
          onChange={(e) => setPasscode(e.target.value.replace(/\D/g, ''))}
        />
      </form>
    </Card>
  );
}
