import { useMatch, useParams } from 'react-router';
import '../../catalogue-kit/catalogue.css';
import { ItemEditor } from './item-editor';
import { ItemsList } from './items-list';

/** /items (the list), /items/new and /items/:itemId (the editor). */
export default function ItemsScreen() {
  const isNew = useMatch('/items/new') !== null;
  const { itemId } = useParams();
  if (isNew) return <ItemEditor itemId={null} />;
  if (itemId === undefined) return <ItemsList />;
  const id = Number(itemId);
  return <ItemEditor key={id} itemId={Number.isInteger(id) && id > 0 ? id : 0} />;
}
