import { useMatch, useParams } from 'react-router';
import '../../catalogue-kit/catalogue.css';
import { ModifierGroupEditor } from './modifier-group-editor';
import { ModifierGroupsList } from './modifier-groups-list';

/** /modifier-groups (the list), /modifier-groups/new and /modifier-groups/:modifierGroupId (the editor). */
export default function ModifierGroupsScreen() {
  const isNew = useMatch('/modifier-groups/new') !== null;
  const { modifierGroupId } = useParams();
  if (isNew) return <ModifierGroupEditor modifierGroupId={null} />;
  if (modifierGroupId === undefined) return <ModifierGroupsList />;
  const id = Number(modifierGroupId);
  return <ModifierGroupEditor key={id} modifierGroupId={Number.isInteger(id) && id > 0 ? id : 0} />;
}
