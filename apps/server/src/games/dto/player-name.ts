// What a player's name may be, wherever a name enters (a new game, a fork, an import): others see
// it on their boards, so it must show something and must not rearrange or hide what is around it.
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Control characters and the Unicode bidirectional controls (which can reorder what others see). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
export const FORBIDDEN_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/** A lone surrogate: in a `u` regex a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A character that shows: not white space, not a format, control, private-use or unassigned code
 * point, not a mark on its own, and not one of the code points Unicode says to draw as nothing
 * (Default_Ignorable_Code_Point: zero-width spaces, invisible operators, the Hangul fillers U+115F,
 * U+1160, U+3164 and U+FFA0, variation selectors, tag characters). U+2800 (a blank braille
 * pattern) is a symbol that draws nothing, so it does not count either.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{M}\u2800]/u;

/** Why `name` cannot be a player's name (`what` is how the message names it), or undefined if it can. */
export function playerNameProblem(name: unknown, what = 'name'): string | undefined {
  if (typeof name !== 'string') return `${what} must be a string`;
  if (LONE_SURROGATE.test(name)) return `${what} must be well-formed Unicode (it holds a lone surrogate)`;
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) return `${what} may not contain control or bidirectional-control characters`;
  if (!VISIBLE.test(name)) return `${what} must have a visible character`;
  return undefined;
}

/** The DTO decorator for every player or seat name (length is checked apart, by @Length). */
export const IsPlayerName = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isPlayerName',
      validator: {
        validate: (value: unknown) => playerNameProblem(value) === undefined,
        defaultMessage: (args) => playerNameProblem(args?.value, args?.property) ?? `${args?.property ?? 'name'} is not a name`,
      },
    },
    options,
  );
