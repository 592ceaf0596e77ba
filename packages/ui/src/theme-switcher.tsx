import { MoonIcon, SunIcon } from './components/icons';
import { Spinner } from './components/spinner';
import { useMenuButton } from './lib/use-menu-button';
import { THEMES, type Theme, useTheme } from './theme';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/**
 * Theme switcher: a menu labelled "Theme Preferences" offering Light, Dark and System, the
 * current one marked (menuitemradio + aria-checked); a loading state until the theme is known.
 */
export function ThemeSwitcher({ compact = false }: { compact?: boolean }) {
  const theme = useTheme();
  const { open, close, buttonProps, menuProps } = useMenuButton('[aria-checked="true"]');

  if (!theme) {
    return (
      <span className="ui-theme-switcher" role="status" aria-label="Loading theme...">
        <Spinner />
      </span>
    );
  }

  return (
    <div className="ui-theme-switcher">
      <button
        {...buttonProps}
        type="button"
        className="ui-button ui-button--ghost ui-button--sm"
        title="Theme Preferences"
      >
        {theme.resolvedTheme === 'dark' ? <MoonIcon /> : <SunIcon />}
        <span className={compact ? 'ui-visually-hidden' : undefined}>Theme: {LABELS[theme.theme]}</span>
      </button>
      {open && (
        <div {...menuProps} role="menu" aria-label="Theme Preferences" className="ui-menu">
          <p className="ui-menu__label" aria-hidden="true">
            Theme Preferences
          </p>
          {THEMES.map((value) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={theme.theme === value}
              className="ui-menu__item"
              onClick={() => {
                theme.setTheme(value);
                close();
              }}
            >
              <span className="ui-menu__check" aria-hidden="true">
                {theme.theme === value ? '✓' : ''}
              </span>
              {LABELS[value]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
