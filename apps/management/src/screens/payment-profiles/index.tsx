import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { type StoredProfile, useProfileRights, useStoredProfiles } from '../../payments-kit/profiles-api';
import { NotAllowed, WithMerchantAccount } from '../../payments-kit/ui';
import { DeleteProfileDialog } from './delete-profile-dialog';
import { NewProfileDialog } from './new-profile-dialog';
import { ProfileList } from './profile-list';

/**
 * Customer profiles (issue 16): cards customers asked the restaurant to keep, stored at the card processor.
 * A card is typed into the processor's hosted frame, so its number never reaches Brigade; Brigade lists the
 * name, brand, last four digits and expiry. Deleting one is permanent, so it is confirmed first.
 */
export default function PaymentProfilesScreen() {
  const rights = useProfileRights();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StoredProfile | null>(null);
  if (!rights.list) return <NotAllowed title="Customer profiles" who="the restaurant's staff" />;
  return (
    <>
      <PageHeader
        title="Customer profiles"
        description="Cards customers asked you to keep on file, stored securely by the card processor."
        actions={rights.manage && <Button onClick={() => setAdding(true)}>Add a card</Button>}
      />
      <WithMerchantAccount loadingLabel="Loading customer profiles">
        {() => <Profiles manage={rights.manage} onDelete={setDeleting} onAdd={() => setAdding(true)} />}
      </WithMerchantAccount>
      {adding && <NewProfileDialog onClose={() => setAdding(false)} />}
      {deleting && <DeleteProfileDialog profile={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function Profiles({
  manage,
  onDelete,
  onAdd,
}: {
  manage: boolean;
  onDelete: (profile: StoredProfile) => void;
  onAdd: () => void;
}) {
  const list = useStoredProfiles();
  return <ProfileList list={list} manage={manage} onDelete={onDelete} onAdd={onAdd} />;
}
