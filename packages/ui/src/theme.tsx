import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ErrorView } from './components/alert';
import { LoadingView } from './components/spinner';

/*
 * Theme: light, dark or system (the default), kept in local storage. The chosen theme is
 * written to <html data-theme> ("light" or "dark"; no attribute for "system", so styles.css follows
 * prefers-color-scheme). applyStoredTheme() runs before the first render so a reload never flashes.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';
export const THEME_STORAGE_KEY = 'brigade-theme';

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

export function readStoredTheme(key = THEME_STORAGE_KEY, fallback: Theme = DEFAULT_THEME): Theme {
  try {
    const stored = window.localStorage.getItem(key);
    return isTheme(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

const systemPrefersDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme actually shown: "system" resolved through the operating system's preference. */
export const resolveTheme = (theme: Theme): 'light' | 'dark' =>
  theme === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : theme;

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

/** Applies the stored theme at once (call before rendering). */
export function applyStoredTheme(key = THEME_STORAGE_KEY): Theme {
  const theme = readStoredTheme(key);
  applyTheme(theme);
  return theme;
}

interface ThemeValue {
  theme: Theme;
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

export interface ThemeProviderProps {
  children: ReactNode;
  /** The default must be light, dark or system; anything else shows the error view. */
  defaultTheme?: string;
  storageKey?: string;
}

export function ThemeProvider({
  children,
  defaultTheme = DEFAULT_THEME,
  storageKey = THEME_STORAGE_KEY,
}: ThemeProviderProps) {
  // read at once (local storage is synchronous): the "Loading theme..." state only shows where storage
  // cannot be read during the first render
  const [theme, setThemeState] = useState<Theme | null>(() =>
    isTheme(defaultTheme) ? readStoredTheme(storageKey, defaultTheme) : null,
  );
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (!isTheme(defaultTheme)) return;
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(storageKey);
    } catch {
      // storage disabled: the default applies
    }
    setThemeState(isTheme(stored) ? stored : defaultTheme);
  }, [defaultTheme, storageKey]);

  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const setTheme = useCallback(
    (next: Theme) => {
      try {
        window.localStorage.setItem(storageKey, next);
      } catch {
        // storage disabled: the choice lasts for this page only
      }
      setThemeState(next);
    },
    [storageKey],
  );

  const value = useMemo<ThemeValue | null>(
    () =>
      theme
        ? {
            theme,
            resolvedTheme: theme === 'system' ? (systemDark ? 'dark' : 'light') : theme,
            setTheme,
          }
        : null,
    [theme, systemDark, setTheme],
  );

  if (!isTheme(defaultTheme)) {
    return (
      <ErrorView
        title="Theme Configuration Error"
        message={`Invalid default theme "${defaultTheme}": use light, dark or system.`}
      />
    );
  }
  if (!value) return <LoadingView message="Loading theme..." />;
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme and its setter; null outside a ThemeProvider (the switcher then shows its loading state). */
export function useTheme(): ThemeValue | null {
  return useContext(ThemeContext);
}
