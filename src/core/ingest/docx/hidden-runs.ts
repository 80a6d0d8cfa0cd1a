/**
 * Hidden text in Word (`<w:vanish/>` on a run). mammoth 1.13 ignores `w:vanish` and would index
 * hidden text as if it were visible, so runs formatted hidden are cut from the XML before mammoth
 * reads it, and counted so that the parser can say so (as the HTML parser does for hidden
 * elements). Hidden text set through a style, not on the run, is not detected.
 */
import { Parser } from 'htmlparser2';

/** The XML without its hidden runs, and how many were cut. */
export interface WithoutHiddenRuns {
  xml: string;
  removed: number;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const isOff = (value: string | undefined) => value !== undefined && /^(0|false|off)$/i.test(value);

/** Cuts every `<w:r>` whose own run properties hold `<w:vanish/>` (not `w:val="0"`). */
export function removeHiddenRuns(xml: string): WithoutHiddenRuns {
  if (!xml.includes('vanish')) return { xml, removed: 0 };
  const cuts: { start: number; end: number }[] = [];
  const stack: { name: string; start: number; hidden: boolean }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack[stack.length - 1];
        const run = stack[stack.length - 2];
        if (localName(name) === 'vanish' && parent && localName(parent.name) === 'rPr' && run) {
          if (localName(run.name) === 'r' && !isOff(attributes['w:val'] ?? attributes.val)) run.hidden = true;
        }
        stack.push({ name, start: parser.startIndex, hidden: false });
      },
      onclosetag() {
        const element = stack.pop();
        if (element?.hidden) cuts.push({ start: element.start, end: parser.endIndex + 1 });
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  const outer = cuts
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter(
      (cut, index, all) => !all.slice(0, index).some((other) => other.start <= cut.start && cut.end <= other.end),
    );
  let result = '';
  let from = 0;
  for (const cut of outer) {
    result += xml.slice(from, cut.start);
    from = cut.end;
  }
  return { xml: result + xml.slice(from), removed: outer.length };
}
