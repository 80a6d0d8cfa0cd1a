// Ambient types of the browser app: the DOM, Svelte (runes, `*.svelte` modules) and Vite
// (`import.meta.glob`, `?raw`, workers). Listed here so the type checks of every tsconfig that
// includes the browser code see them.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/// <reference types="svelte" />
/// <reference types="vite/client" />
