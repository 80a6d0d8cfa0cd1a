// Svelte 5 with runes everywhere; TypeScript in components through Vite's own transform.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
};
