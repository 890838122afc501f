import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateGameDto } from './create-game.dto';
import { ForkGameDto } from './fork-game.dto';
import { playerNameProblem } from './player-name';

const problemsOf = (name: string) => {
  const created = validateSync(plainToInstance(CreateGameDto, { scenario: 'first-voyage', players: [{ name }] }));
  const forked = validateSync(plainToInstance(ForkGameDto, { at: 3, players: [{ name }] }));
  const messages = (errors: typeof created) =>
    errors
      .flatMap((e) => e.children ?? [])
      .flatMap((c) => c.children ?? [])
      .flatMap((c) => Object.values(c.constraints ?? {}));
  return { created: messages(created), forked: messages(forked) };
};

describe('player names', () => {
  it.each([
    ['U+200B zero width space', '\u200b'],
    ['U+2064 invisible plus', '\u2064'],
    ['U+3164 Hangul filler (a letter)', '\u3164'],
    ['U+115F Hangul choseong filler', '\u115f'],
    ['U+1160 Hangul jungseong filler', '\u1160'],
    ['U+FFA0 halfwidth Hangul filler', '\uffa0'],
    ['tag characters U+E0000..U+E007F', '\u{e0001}\u{e0041}\u{e007f}'],
    ['variation selectors', '\ufe0f\ufe00\u{e0100}'],
    ['a mix of them and spaces', ' \u200b\u3164 \u2064\u00a0\u3000'],
    ['U+2800 braille blank', '\u2800'],
    ['a combining mark alone', '\u0301\u0308'],
  ])('refuses a name made only of %s: it has no visible character', (_what, name) => {
    expect(playerNameProblem(name)).toBe('name must have a visible character');
    expect(problemsOf(name)).toEqual({ created: ['name must have a visible character'], forked: ['name must have a visible character'] });
  });

  it.each([
    ['a lone high surrogate', 'Ana\ud800'],
    ['a lone low surrogate', '\udc00Bo'],
    ['a low before a high', 'x\udc00\ud800'],
  ])('refuses an ill-formed name (%s), visible characters or not', (_what, name) => {
    expect(playerNameProblem(name)).toMatch(/well-formed/);
    expect(problemsOf(name).created).toEqual([expect.stringMatching(/well-formed/)]);
  });

  it('refuses control and bidirectional-control characters as before', () => {
    expect(playerNameProblem('Ana\u202e')).toMatch(/control/);
    expect(playerNameProblem('A\u0007')).toMatch(/control/);
  });

  it.each([['Ana'], ['Bo 2'], ['Zoë'], ['李雷'], ['한글'], ['🏴󠁧󠁢󠁳󠁣󠁴󠁿'], ['👩🏽‍🚀'], ['e\u0301'], ['A\u200bB']])('accepts %s', (name) => {
    expect(playerNameProblem(name)).toBeUndefined();
    expect(problemsOf(name)).toEqual({ created: [], forked: [] });
  });
});
