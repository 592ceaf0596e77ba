import { strokeIcon as make } from '@brigade/ui/components/icons';

// Inline navigation icons (24px grid, stroke), as in the management app.
export const BuildingIcon = make(
  'M4 21V3h10v18|M14 9h6v12|M2 21h20|M8 7h2|M8 11h2|M8 15h2|M17 13h1|M17 17h1',
);
export {
  BadgeIcon,
  CheckIcon,
  HomeIcon,
  LinkIcon,
  LogOutIcon,
  PanelIcon,
  PlusIcon,
  SearchIcon,
  StoreIcon,
  TrashIcon,
  UsersIcon,
} from '@brigade/ui/app-shell/icons';
