import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;

/** The built screens of signed-in routes by route name, and the set of those names. */
export type ScreenRegistry = { screens: Readonly<Record<string, Screen | undefined>>; built: ReadonlySet<string> };

/**
 * Provided by the app frame (AppLayout) with the registry of pages.ts. The registry (the screen
 * names and their lazy components) is part of the frame's chunk; the screens' loaders are one chunk
 * of their own (screen-loaders.ts), fetched after /home shows, so the first load stays small as
 * screens are added (`npm run bench -- web` keeps it within its budget).
 */
export const ScreensContext = createContext<ScreenRegistry>({ screens: {}, built: new Set() });

export function useScreens(): ScreenRegistry {
  return useContext(ScreensContext);
}
