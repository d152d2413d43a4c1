/** @module The user's theme and the Polaris theme that draws it. */

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

/** Polaris 13 draws dark with its `dark-experimental` theme; semi-dark keeps the light content area. */
export function polarisTheme(theme: Theme): 'light' | 'dark-experimental' {
  return theme === 'dark' ? 'dark-experimental' : 'light';
}

/** The class Polaris puts on <html> for a theme, rendered on the server too so there is no flash. */
export function polarisThemeClass(theme: Theme): string {
  return `p-theme-${polarisTheme(theme)}`;
}
