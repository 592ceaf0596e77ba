import { strokeIcon as make } from '@brigade/ui/components/icons';

// The admin app's own navigation icons (24px grid, stroke); the shared ones are in @brigade/ui/app-shell/icons.
export const BuildingIcon = make(
  'M4 21V3h10v18|M14 9h6v12|M2 21h20|M8 7h2|M8 11h2|M8 15h2|M17 13h1|M17 17h1',
);
export const PaletteIcon = make(
  'M12 21a9 9 0 1 1 9-9c0 2-1.5 3-3 3h-2a2 2 0 0 0-1.5 3.3A1.6 1.6 0 0 1 12 21z|M7.5 10.5h.01|M10.5 7h.01|M15 7.5h.01',
);
/** The job queue: a stack of cards with a check. */
export const QueueIcon = make('M4 6h16|M4 12h10|M4 18h7|m15 17 2 2 4-4');
export const MailIcon = make('M3 5h18v14H3z|m3 7 9 6 9-6');
export const InboxIcon = make('M22 12h-6l-2 3h-4l-2-3H2|M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z');
