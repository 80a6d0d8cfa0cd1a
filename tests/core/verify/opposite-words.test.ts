import { describe, expect, it } from 'vitest';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { oppositeWord } from '../../../src/core/verify/opposite-words.js';

describe('words that exclude each other', () => {
  it.each([
    ['The grill works only with the front element', 'The grill is only available with the rear element.', 'rear'],
    ['Drag the slider to the right to lock it', 'Drag the slider to the left to lock it.', 'left'],
    ['Swipe up to open the panel', 'Swipe down to open the panel.', 'Swipe down'],
    ['Your recordings are deleted when you log out', 'Your recordings remain on the disk when you log out.', 'remain'],
    ['With the switch off, the fan runs', 'With the switch turned on, the fan runs.', 'turned on'],
    ['Turn the knob clockwise to tighten', 'Turn the knob anticlockwise to tighten.', 'anticlockwise'],
  ])('%s → contradicted by "%s"', (claim, sentence, word) => {
    expect(oppositeWord(claim, sentence)).toContain(word);
  });

  it.each([
    // The same side on both sides, or both sides in the sentence.
    ['The grill works with the rear element', 'The grill is only available with the rear element.'],
    ['Press right to raise it', 'Press left to lower it and right to raise it.'],
    // "on" as a preposition, "left" as "remaining", "up" without a motion.
    ['Leave the lid off while it cools', 'Leave the lid on the rack while it cools.'],
    ['There is little time left on the timer', 'Check the time on the right of the timer.'],
    ['Set up the tray', 'Scroll down to the tray settings.'],
  ])('%s / %s: no opposite', (claim, sentence) => {
    expect(oppositeWord(claim, sentence)).toBeUndefined();
  });

  it('makes the lexical judge call a claim contradicted only against the sentence it rests on', () => {
    const passage =
      'Grill. The grill browns the top of the dish. NOTE The grill is only available with the rear element. Keep the door closed.';
    const wrong = judgeLexically('The grill is available only with the front element', [passage]);
    expect(wrong).toMatchObject({ supported: false, contradicted: true });
    expect(wrong.reason).toMatch(/says "rear" where the claim says "front"/);
    expect(judgeLexically('The grill is available only with the rear element', [passage]).supported).toBe(true);
    // A claim about another sentence of the passage is not compared with this one.
    expect(judgeLexically('The grill browns the top of the dish', [passage]).supported).toBe(true);
  });
});
