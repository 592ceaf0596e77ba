import { listTenantUsers } from '@brigade/contracts/tenant-users';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { useWatch } from 'react-hook-form';
import { useCan } from '../../restaurant-context';
import { useMembers } from '../team/queries';

/**
 * issue 23: which Brigade user this employee signs in as. Owners and admins choose among the organization's
 * members; others, who may not list the members, see whether a user is linked.
 */
export function UserLinkField() {
  const canList = useCan(listTenantUsers);
  const linked = useWatch({ name: 'userId' }) as string | undefined;
  if (!canList) {
    return (
      <p className="ui-field__hint">
        {linked ? 'Linked to a Brigade user.' : 'Not linked to a Brigade user.'} Owners and admins change
        this.
      </p>
    );
  }
  return <MemberSelect />;
}

function MemberSelect() {
  const members = useMembers();
  const options = (members.data ?? []).map((member) => ({
    value: member.uid,
    label: `${member.displayName} (${member.email})`,
  }));
  return (
    <SelectField
      name="userId"
      label="Brigade user"
      placeholder={members.isPending ? 'Loading members...' : 'Not linked'}
      hint={
        members.isError
          ? 'Could not load the members of the organization.'
          : 'The team member who signs in as this employee (invite them under Organization → Team).'
      }
      options={options}
    />
  );
}
