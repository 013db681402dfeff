export { App, type AppProps } from './App.js';
export { KEY_BINDINGS, type Command } from './key/keyBindings.js';
