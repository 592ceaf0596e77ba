import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuSelectionProvider, useMenuSelection } from './menu-selection';

function Probe() {
  const { selectedMenuGroup, displayMode } = useMenuSelection();
  return createElement('output', null, `${selectedMenuGroup?.name ?? 'none'}:${displayMode}`);
}

describe('useMenuSelection', () => {
  it('throws outside its provider with the spec message', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(
      'useMenuSelection must be used within a MenuSelectionProvider',
    );
  });

  it('gives none and display mode all inside a fresh provider', () => {
    const html = renderToString(
      createElement(
        MenuSelectionProvider,
        { restaurantGuid: 'b0000000-0000-4000-8000-000000000002' },
        createElement(Probe),
      ),
    );
    expect(html).toContain('none:all');
  });
});
