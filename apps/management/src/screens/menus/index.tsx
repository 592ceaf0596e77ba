import { useParams } from 'react-router';
import '../../catalogue-kit/catalogue.css';
import { MenuBuilder } from './menu-builder';
import { MenusList } from './menus-list';

/** /menus (the menus) and /menus/:menuGroupId (the builder of one menu). */
export default function MenusScreen() {
  const { menuGroupId } = useParams();
  const id = menuGroupId === undefined ? null : Number(menuGroupId);
  if (id === null) return <MenusList />;
  return <MenuBuilder key={id} menuGroupId={Number.isInteger(id) && id > 0 ? id : 0} />;
}
