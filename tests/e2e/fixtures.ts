/**
 * Files a person drops in the end-to-end tests: their own Markdown, a changed revision of it,
 * a file that cannot be read, and hostile documents whose markup must stay text.
 */

/** A file to hand to the file input. */
export interface TestFile {
  name: string;
  text: string;
}

/** A person's own manual; `storage` changes one section for the "changed file" scenario. */
export function pumpManual(storage = 'Drain the GP-20 completely and store it above 5 °C during winter.'): TestFile {
  return {
    name: 'gp20-manual.md',
    text: [
      '---',
      'id: gp20-manual',
      'title: GP-20 Garden Pump Manual',
      '---',
      '# GP-20 Garden Pump Manual',
      '## 1. Priming',
      'Before the first start, fill the GP-20 pump housing with 1.5 litres of water through the priming plug.',
      '## 2. Winter storage',
      storage,
      '## 3. Cleaning',
      'Rinse the GP-20 pre-filter under running water once a month.',
    ].join('\n'),
  };
}

/** An empty file: fails with a reason. */
export const EMPTY_FILE: TestFile = { name: 'empty-notes.txt', text: '' };

/** The text every hostile payload tries to run; the page must never set it. */
export const PAYLOAD_FLAG = '__pwn';

/** Markdown whose text contains `<script>` and `<img onerror>`. */
export const HOSTILE_MARKDOWN: TestFile = {
  name: 'hostile-notes.md',
  text: [
    '---',
    'id: hostile-notes',
    'title: Hostile notes <script>window.__pwn=1</script>',
    '---',
    '## 1. Hose clamp',
    'The GP-20 hose clamp is size HC-32. <script>window.__pwn=1</script> <img src=x onerror="window.__pwn=1"> <iframe srcdoc="<script>parent.__pwn=1</script>"></iframe>',
  ].join('\n'),
};

/** HTML with live-looking markup: script and handlers must never run, escaped markup stays text. */
export const HOSTILE_HTML: TestFile = {
  name: 'hostile-page.html',
  text: [
    '<!doctype html><html><head><title>GP-20 filter sheet</title><script>window.__pwn=1</script></head>',
    '<body><h1>GP-20 filter sheet</h1><img src="https://attacker.test/p.png" onerror="window.__pwn=1">',
    '<p>The GP-20 filter mesh is 80 microns. Quoted markup: &lt;img src=x onerror="window.__pwn=1"&gt;</p>',
    '<iframe srcdoc="&lt;script&gt;parent.__pwn=1&lt;/script&gt;"></iframe></body></html>',
  ].join(''),
};

/** A file whose very name is markup (docs/reliability.md OUT-15). */
export const HOSTILE_NAME: TestFile = {
  name: '<img src=x onerror=window.__pwn=1>.md',
  text: '# Odd name\n\nThe GP-20 impeller is made of brass.',
};
