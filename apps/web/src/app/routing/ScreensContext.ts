import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;

/** The built screens of signed-in routes by route name, and the set of those names. */
export type ScreenRegistry = { screens: Readonly<Record<string, Screen | undefined>>; built: ReadonlySet<string> };

/**
 * Provided by the app frame (AppLayout) with the registry of pages.ts. The registry is part of the
 * frame's chunk, so every screen chunk is imported from there and the bundler leaves whatever the
 * frame already loaded (antd parts, the request hooks) in the frame instead of splitting it into
 * chunks shared with the screens — the first load of /home stays small as screens are added.
 */
export const ScreensContext = createContext<ScreenRegistry>({ screens: {}, built: new Set() });

export function useScreens(): ScreenRegistry {
  return useContext(ScreensContext);
}
