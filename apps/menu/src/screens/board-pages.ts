/**
 * Pages of a menu board too tall for its screen (issue 45 item 7): a TV on a wall has nobody to scroll it, so
 * the board shows one screenful at a time and moves on by itself. On a wall screen the board flows into
 * columns as tall as the screen (CSS columns, which never break inside an item), and the columns that do not
 * fit continue to the right: a page is one screen's width of them.
 */

/** The gap between the board's columns, in px (app.css uses the same: column-gap 40px). */
export const COLUMN_GAP_PX = 40;

/** How many pages a flow of columns `scrollWidth` px wide makes on a screen `width` px wide with `gap` between. */
export function pageCount(scrollWidth: number, width: number, gap: number): number {
  if (width <= 0) return 1;
  // n pages of columns are n·width + (n−1)·gap wide; a sub-pixel overflow is no page of its own
  return Math.max(1, Math.ceil((scrollWidth + gap - 1) / (width + gap)));
}

/** Where page `index` (from 0) starts, in px from the flow's left edge. */
export const pageOffset = (index: number, width: number, gap: number): number => index * (width + gap);

/** The dwell time of a page in ms: `?dwell=` seconds in the display's address (3–120), 12 s by default. */
export function dwellMs(search: string): number {
  const asked = Number(new URLSearchParams(search).get('dwell'));
  return Number.isFinite(asked) && asked >= 3 && asked <= 120 ? asked * 1000 : 12_000;
}
