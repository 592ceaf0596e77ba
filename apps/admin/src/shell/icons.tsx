import { strokeIcon as make } from '@brigade/ui/components/icons';

// The admin app's own navigation icons (24px grid, stroke); the shared ones are in @brigade/ui/app-shell/icons.
export const BuildingIcon = make(
  'M4 21V3h10v18|M14 9h6v12|M2 21h20|M8 7h2|M8 11h2|M8 15h2|M17 13h1|M17 17h1',
);
