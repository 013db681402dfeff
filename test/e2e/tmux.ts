/** The tmux driver lives in the shared test kit (the drill in bench/ uses it too). */
export { TmuxSession } from '../support/tmux.js';
