/** WCAG 2 colour helpers for #rrggbb colours: the public sites' themes and the admin's scheme preview. */

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export const readableOn = (background: string): string =>
  contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1c1917') ? '#ffffff' : '#1c1917';

/**
 * A colour darkened until it reaches `min` contrast on `background` (for text and links in a brand colour
 * on a light page); colours that already pass come back unchanged.
 */
export function ensureContrast(color: string, background: string, min = 4.5): string {
  let current = color;
  for (let step = 0; step < 20 && contrastRatio(current, background) < min; step++) {
    const towards = luminance(background) > 0.5 ? 0 : 255;
    current = `#${[1, 3, 5]
      .map((i) => {
        const v = Number.parseInt(current.slice(i, i + 2), 16);
        return Math.round(v + (towards - v) * 0.12)
          .toString(16)
          .padStart(2, '0');
      })
      .join('')}`;
  }
  return current;
}
