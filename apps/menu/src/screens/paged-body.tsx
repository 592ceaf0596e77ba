import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { COLUMN_GAP_PX, pageCount, pageOffset } from './board-pages';

/** A screen on a wall, landscape or portrait: 1,024 px wide or more. Phones and tablets scroll, in a hand. */
const WALL_SCREEN = '(min-width: 1024px)';

function useWallScreen(): boolean {
  const query = () => typeof window.matchMedia === 'function' && window.matchMedia(WALL_SCREEN).matches;
  const [matches, setMatches] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(WALL_SCREEN);
    const changed = () => setMatches(list.matches);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, []);
  return matches;
}

/** How many screens of columns the flow holds, and a screen's width: measured again when either changes. */
function usePageCount(flow: HTMLElement | null, on: boolean): { count: number; width: number } {
  const [pages, setPages] = useState({ count: 1, width: 0 });
  useLayoutEffect(() => {
    if (!on || !flow) {
      setPages({ count: 1, width: 0 });
      return;
    }
    const measure = () => {
      const width = flow.clientWidth;
      const count = pageCount(flow.scrollWidth, width, COLUMN_GAP_PX);
      setPages((before) => (before.count === count && before.width === width ? before : { count, width }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(flow);
    // the flow keeps its size while its columns grow to the right: watch what is in it
    for (const child of flow.children) observer.observe(child);
    const mutations = new MutationObserver(measure);
    mutations.observe(flow, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [flow, on]);
  return pages;
}

/**
 * The display's body (issue 45 item 7). On a wall screen the board flows into columns as tall as the screen
 * — an item is never cut in two — and a board with more columns than the screen holds shows one screenful
 * at a time, turning the page every `dwell` ms (the arrow and page keys turn it at once), its number in a
 * corner. Elsewhere the board is one long page that scrolls.
 */
export function PagedBody({ dwell, children }: { dwell: number; children: ReactNode }) {
  const wall = useWallScreen();
  const [flow, setFlow] = useState<HTMLDivElement | null>(null);
  const { count, width } = usePageCount(flow, wall);
  const [asked, setAsked] = useState(0);
  const index = asked % count;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setTimeout(() => setAsked(index + 1), dwell);
    return () => window.clearTimeout(timer);
  }, [index, count, dwell]);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (['ArrowRight', 'ArrowDown', 'PageDown'].includes(event.key)) setAsked(index + 1);
      else if (['ArrowLeft', 'ArrowUp', 'PageUp'].includes(event.key)) setAsked(index - 1 + count);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count]);

  // a transform, not scrollLeft: the last page's columns may not fill the screen, and a scroll stops short
  const offset = wall && count > 1 ? pageOffset(index, width, COLUMN_GAP_PX) : 0;
  return (
    <main className="menu-display__body" data-paged={wall ? 'true' : undefined}>
      <div className="menu-display__pages">
        <div
          ref={setFlow}
          className="menu-display__flow"
          style={offset ? { transform: `translateX(${-offset}px)` } : undefined}
        >
          {children}
        </div>
      </div>
      {wall && count > 1 && (
        <p className="menu-display__pager" data-page={index + 1} data-pages={count}>
          {index + 1} / {count}
        </p>
      )}
    </main>
  );
}
