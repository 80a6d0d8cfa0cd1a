import { describe, expect, it } from 'vitest';
import { givesSteps, stepsAsked } from '../../../src/core/question/steps.js';

describe('steps asked for and given', () => {
  it('are asked for by "how do I" and "how to", and a place in the menus by "where in Settings"', () => {
    expect(stepsAsked('How do I switch the phone into emergency mode')).toBe('procedure');
    expect(stepsAsked('how to reset the router to factory settings')).toBe('procedure');
    expect(stepsAsked('What do I do to pair the remote')).toBe('procedure');
    expect(stepsAsked('where in Settings do I switch it on')).toBe('navigation');
    expect(stepsAsked('Which menu has the sleep timer')).toBe('navigation');
    expect(stepsAsked('where do I turn off the key tones')).toBe('navigation');
  });

  it('are not asked for by questions about facts, reasons or places in the world', () => {
    expect(stepsAsked('How long is the warranty')).toBeUndefined();
    expect(stepsAsked('How do I know the filter is blocked')).toBeUndefined();
    expect(stepsAsked('Where do my screenshots end up')).toBeUndefined();
    expect(stepsAsked('Why does the display flicker')).toBeUndefined();
  });

  it('are given by an imperative, by where to start and what to tap, or by a menu path', () => {
    expect(givesSteps('Press and hold the Power key.', 'procedure')).toBe(true);
    expect(givesSteps('From Settings, tap Connections > NFC and payment.', 'navigation')).toBe(true);
    expect(givesSteps('In the Gallery app, select the album.', 'procedure')).toBe(true);
    expect(givesSteps('Open Settings > General > Reset.', 'navigation')).toBe(true);
    expect(givesSteps('NOTE Tap Turn on to confirm.', 'procedure')).toBe(true);
    expect(givesSteps('To activate Emergency mode, press and hold the Power key.', 'procedure')).toBe(true);
  });

  it('are given in software manuals by a sentence that names the option, command or tool to use', () => {
    expect(
      givesSteps('Normally diff does not, but if you use the -r or --recursive option, it compares them.', 'procedure'),
    ).toBe(true);
    expect(givesSteps('It can still be installed with a simple command: apt install ./package.deb.', 'procedure')).toBe(
      true,
    );
    expect(givesSteps('To reconfigure it, use the dpkg-reconfigure tool from the debconf package.', 'procedure')).toBe(
      true,
    );
    // Naming an option is no way through the menus, and a sentence about an option names none to use.
    expect(givesSteps('If you use the -r option, it compares the subdirectories too.', 'navigation')).toBe(false);
    expect(givesSteps('The -y option (or --assume-yes) answers every question with yes.', 'procedure')).toBe(false);
    expect(givesSteps('APT keeps a copy of each downloaded .deb file in /var/cache/apt/archives/.', 'procedure')).toBe(
      false,
    );
    expect(givesSteps('The gain is set with -20 dB steps.', 'procedure')).toBe(false);
  });

  it('are not given by a statement about the thing, and a bare imperative is no way through the menus', () => {
    expect(givesSteps('When Emergency mode is activated, Locating method is set to Battery saving.', 'procedure')).toBe(
      false,
    );
    expect(givesSteps('The reset restores the factory settings.', 'procedure')).toBe(false);
    expect(givesSteps('Settings are kept after an update.', 'procedure')).toBe(false);
    expect(givesSteps('Press and hold the Power key.', 'navigation')).toBe(false);
    // An option listed with what it does describes the option.
    expect(givesSteps('Reset settings: Reset the camera settings.', 'procedure')).toBe(false);
    expect(givesSteps('Pitch: Set the pitch of the speech.', 'procedure')).toBe(false);
  });
});
