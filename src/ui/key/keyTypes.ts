/** The shape of a key binding (the bindings themselves: keyBindings.ts). */
type KeyFlag =
  | 'upArrow'
  | 'downArrow'
  | 'leftArrow'
  | 'rightArrow'
  | 'pageUp'
  | 'pageDown'
  | 'home'
  | 'end'
  | 'return'
  | 'escape'
  | 'tab'
  | 'backspace'
  | 'delete';

export interface KeyMatcher {
  /** The typed character (exact, case-sensitive). */
  input?: string;
  /** A named key. */
  key?: KeyFlag;
  /** Must Ctrl be held (default: must not). */
  ctrl?: boolean;
  /** When set, Shift must be held (true) or not (false). */
  shift?: boolean;
}

export interface Binding {
  keys: readonly KeyMatcher[];
  /** Short key label for the footer and help, e.g. "↑/k". */
  label: string;
  help: string;
  /** One word for the footer; commands without one are left out of it. */
  short?: string;
}
