import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { type StoredProfile, useProfileRights, useStoredProfiles } from '../../payments-kit/profiles-api';
import { NotAllowed, WithMerchantAccount } from '../../payments-kit/ui';
import { AddAccountDialog } from './add-account-dialog';
import { DeleteProfileDialog } from './delete-profile-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { NewProfileDialog } from './new-profile-dialog';
import { type ProfileAction, ProfileList } from './profile-list';

/**
 * Customer profiles (issue 16): cards customers asked the restaurant to keep, stored at the card processor.
 * A card is typed into the processor's hosted frame, so its number never reaches Brigade; Brigade lists the
 * name, brand, last four digits and expiry. A stored card can be edited (name, expiry, contact, default),
 * another card added to its profile, or deleted (permanent, so confirmed first).
 */
export default function PaymentProfilesScreen() {
  const rights = useProfileRights();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ action: ProfileAction; profile: StoredProfile } | null>(null);
  const close = () => setOpen(null);
  if (!rights.list) return <NotAllowed title="Customer profiles" who="the restaurant's staff" />;
  return (
    <>
      <PageHeader
        title="Customer profiles"
        description="Cards customers asked you to keep on file, stored securely by the card processor."
        actions={rights.manage && <Button onClick={() => setAdding(true)}>Add a card</Button>}
      />
      <WithMerchantAccount loadingLabel="Loading customer profiles">
        {(account) => (
          <Profiles
            merchid={account.merchid}
            manage={rights.manage}
            onAction={(action, profile) => setOpen({ action, profile })}
            onAdd={() => setAdding(true)}
          />
        )}
      </WithMerchantAccount>
      {adding && <NewProfileDialog onClose={() => setAdding(false)} />}
      {open?.action === 'edit' && <EditProfileDialog profile={open.profile} onClose={close} />}
      {open?.action === 'add-account' && <AddAccountDialog profile={open.profile} onClose={close} />}
      {open?.action === 'delete' && <DeleteProfileDialog profile={open.profile} onClose={close} />}
    </>
  );
}

function Profiles({
  merchid,
  manage,
  onAction,
  onAdd,
}: {
  merchid: string;
  manage: boolean;
  onAction: (action: ProfileAction, profile: StoredProfile) => void;
  onAdd: () => void;
}) {
  const list = useStoredProfiles();
  return <ProfileList list={list} merchid={merchid} manage={manage} onAction={onAction} onAdd={onAdd} />;
}
