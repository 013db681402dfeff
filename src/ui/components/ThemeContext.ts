import { createContext, useContext } from 'react';
import { DARK, type Palette } from '../theme.js';

/** The palette chosen at start (`--theme`, `--color`, NO_COLOR); components read it through Line. */
export const ThemeContext = createContext<Palette>(DARK);

export function usePalette(): Palette {
  return useContext(ThemeContext);
}
