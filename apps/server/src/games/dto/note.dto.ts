// The body of POST /games/:gameId/notes. A note is shown to everyone who may see the game, beside
// its board: like a player's name, its text must show something and must not rearrange or hide
// what is around it (no control or bidirectional-control characters), and it is bounded.
import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import { MAX_NOTE_LENGTH } from '@logbook/rules';
import { COMMAND_ID } from './command-base.dto';
import { playerNameProblem } from './player-name';

/** Why `text` (already trimmed) cannot be a note's text, or undefined if it can. */
export function noteTextProblem(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'text must be a string';
  if (text.length === 0) return 'text must not be empty';
  // Counted in code points, as a reader counts characters (an emoji is one).
  if ([...text].length > MAX_NOTE_LENGTH) return `text must be at most ${MAX_NOTE_LENGTH} characters`;
  return playerNameProblem(text, 'text');
}

export class AddNoteDto {
  /** Client-chosen id; resending the same id never adds the note twice. */
  @IsString()
  @Matches(COMMAND_ID, { message: 'commandId must be 1-100 characters of A-Z a-z 0-9 . _ : -' })
  commandId!: string;

  /** The revision whose board the note speaks of (at most the game's revision: else 422 note.no-such-revision). */
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  at!: number;

  /** The note, trimmed: 1-500 characters, no control or bidirectional-control characters. Public: everyone who may see the game reads it. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateBy({
    name: 'isNoteText',
    validator: {
      validate: (value: unknown) => noteTextProblem(value) === undefined,
      defaultMessage: (args) => noteTextProblem(args?.value) ?? 'text is not a note',
    },
  })
  text!: string;
}
