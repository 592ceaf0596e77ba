import { strokeIcon as make } from '../components/icons';

// Inline navigation icons of the app shell (24px grid, stroke): a few paths are cheaper than an icon package.
export const HomeIcon = make('M3 10.5 12 3l9 7.5|M5 9.5V21h14V9.5|M10 21v-6h4v6');
export const BadgeIcon = make('M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2|M3 7h18v13H3z|M12 12h.01');
export const UsersIcon = make(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2|M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z|M22 21v-2a4 4 0 0 0-3-3.9|M16 3.1a4 4 0 0 1 0 7.8',
);
export const StoreIcon = make('M3 9l1.5-5h15L21 9|M3 9v11h18V9|M3 9h18|M9 20v-6h6v6');
export const LinkIcon = make(
  'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7|M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
);
export const PanelIcon = make(
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z|M9 3v18',
);
export const LogOutIcon = make('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4|m16 17 5-5-5-5|M21 12H9');
export const PlusIcon = make('M12 5v14|M5 12h14');
export const SearchIcon = make('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z|m21 21-4.3-4.3');
export const TrashIcon = make(
  'M3 6h18|M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6|M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
);
export const CheckIcon = make('M20 6 9 17l-5-5');
