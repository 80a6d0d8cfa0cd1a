import { describe, expect, it } from 'vitest';
import { askedKindTerms, asksForName, givesNewName } from '../../../src/core/question/names.js';

describe('names asked for and given', () => {
  it('are asked for by who, by which or what member of a kind, and by what a thing is called', () => {
    expect(asksForName('who was the mind flayer called the Emperor back when it was still human')).toBe(true);
    expect(asksForName('The film is loosely based on a book by which writer')).toBe(true);
    expect(asksForName('Which app does the phone rely on for screen time')).toBe(true);
    expect(asksForName("What's that feature called")).toBe(true);
    expect(asksForName('What USB mode does the old phone have to be in')).toBe(true);
  });

  it('are not asked for by questions about what happens, what to do, or an amount', () => {
    expect(asksForName('What is the warranty period')).toBe(false);
    expect(asksForName('What happens when the filter is blocked')).toBe(false);
    expect(asksForName('What am I supposed to do')).toBe(false);
    expect(asksForName('What do I have to put in front of a function')).toBe(false);
    expect(asksForName('How do I reset it')).toBe(false);
    expect(asksForName('Who can I call for help')).toBe(false);
  });

  it('are given by a name the question does not hold: a capitalised word, an acronym, a name with digits, a defined term', () => {
    const question =
      "In Baldur's Gate 3, who was the mind flayer called the Emperor back when it was a human adventurer";
    expect(givesNewName('The Emperor was once Balduran, an adventurer who founded a village.', question)).toBe(true);
    expect(givesNewName('He trained the model on an M2 chip.', 'Which chip did he train on')).toBe(true);
    expect(givesNewName('Make sure the NFC feature is enabled.', 'which wireless feature has to be on')).toBe(true);
    expect(givesNewName('High: Get a full-screen alert that persists.', 'which alert level keeps ringing')).toBe(true);
  });

  it("are not given by the question's own names, a speaker's label or a capitalised first word", () => {
    const question =
      "In Baldur's Gate 3, who was the mind flayer called the Emperor back when it was a human adventurer";
    expect(givesNewName("The Emperor is a mind flayer who appears in Baldur's Gate 3.", question)).toBe(false);
    expect(givesNewName('DOCTOR: So the crew went home.', 'who ran the station')).toBe(false);
    expect(givesNewName('Initially it struggled with its new form.', 'who was it')).toBe(false);
  });

  it('name the kind a name is asked for as: the words after which or what up to the verb, and "called"', () => {
    expect(askedKindTerms('The Zone of Interest film is loosely based on a book by which writer')).toEqual(['writer']);
    expect(askedKindTerms('which vector store did the author end up choosing')).toEqual(['vector', 'store']);
    // A capitalised word names what the kind belongs to, not the kind.
    expect(askedKindTerms('Which Gleam operator do you use to add two floats')).toEqual(['oper']);
    expect(askedKindTerms("I can wipe my phone remotely. What's that feature called")).toEqual(['call']);
    // Not a question for a name: nothing.
    expect(askedKindTerms('What time choices does the off timer have')).toEqual([]);
    expect(askedKindTerms('How long is the warranty')).toEqual([]);
  });
});
