import { strokeIcon as make } from '@brigade/ui/components/icons';

// Inline navigation icons (24px grid, stroke): a few paths are cheaper than an icon package.
export const BookIcon = make(
  'M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5z|M4 19.5A2.5 2.5 0 0 1 6.5 17H20',
);
export const UtensilsIcon = make(
  'M4 2v7a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2V2|M7 2v20|M17 2c-1.7 1.2-3 3.5-3 6v4h3v10|M17 2v20',
);
export const LayersIcon = make('m12 2 10 5-10 5L2 7z|m2 17 10 5 10-5|m2 12 10 5 10-5');
export const ListOrderedIcon = make(
  'M10 6h11|M10 12h11|M10 18h11|M4 6h1v4|M4 10h2|M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
);
export const TagIcon = make(
  'M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z|M7 7h.01',
);
export const FlameIcon = make(
  'M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3.5.3 1.5 1.2 3 2.5 3z',
);
export const PrinterIcon = make(
  'M6 9V2h12v7|M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2|M6 14h12v8H6z',
);
export const WalletIcon = make(
  'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1|M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
);
export const PercentIcon = make(
  'M19 5 5 19|M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z|M17.5 20a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
);
export const ChartIcon = make('M3 3v18h18|M18 17V9|M13 17V5|M8 17v-3');
export const GlobeIcon = make(
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z|M2 12h20|M12 2a15 15 0 0 1 4 10 15 15 0 0 1-4 10 15 15 0 0 1-4-10 15 15 0 0 1 4-10z',
);
export const ChevronsUpDownIcon = make('m7 15 5 5 5-5|m7 9 5-5 5 5');
export const PencilIcon = make('M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5z');
export const HistoryIcon = make('M3 12a9 9 0 1 0 2.6-6.4L3 8|M3 3v5h5|M12 7v5l3.5 2');
export const CardIcon = make('M2 5h20v14H2z|M2 10h20|M6 15h4');
export const ReceiptIcon = make(
  'M5 2v20l3-2 2 2 2-2 2 2 2-2 3 2V2l-3 2-2-2-2 2-2-2-2 2z|M9 8h6|M9 12h6|M9 16h4',
);
export const BankIcon = make('M3 21h18|M3 10h18|M12 3l9 7H3z|M6 10v8|M10 10v8|M14 10v8|M18 10v8');
export const SettingsIcon = make(
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z|M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
);
export const BagIcon = make(
  'M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z|M3 6h18|M16 10a4 4 0 0 1-8 0',
);
export const MonitorIcon = make('M2 3h20v14H2z|M8 21h8|M12 17v4');
export const StarIcon = make('M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2 1.2-6.8-5-4.9 6.9-1z');
