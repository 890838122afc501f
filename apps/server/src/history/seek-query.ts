// `?at=<revision>` or `?round=<n>&turn=<n>` on a board view: which revision to show.
import { BadRequestException } from '@nestjs/common';
import { turnStartRevision, type Timeline } from '@logbook/projections';

export interface SeekQuery {
  at?: string;
  round?: string;
  turn?: string;
}

/** A query value is one string: `?at=1&at=2` or `?at[x]=1` are not a revision. */
const wholeNumber = (value: unknown, name: string): number => {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw new BadRequestException(`${name} must be a whole number >= 0`);
  return Number(value);
};

/** True when the query asks for a past view at all. */
export const isSeek = (query: SeekQuery): boolean => query.at !== undefined || query.round !== undefined || query.turn !== undefined;

/** The revision `?at=` names, checked against the game's latest revision. */
export function revisionAt(at: string, latest: number): number {
  const revision = wholeNumber(at, 'at');
  if (revision > latest) throw new BadRequestException(`at must be at most the game's revision ${latest}`);
  return revision;
}

/** `?round=&turn=` (turn 1 when left out): the revision at which that turn began, from the timeline. */
export function revisionOfTurn(query: SeekQuery, timeline: () => Promise<Timeline>): Promise<number> {
  if (query.at !== undefined) throw new BadRequestException('Seek either by at, or by round and turn, not both');
  if (query.round === undefined) throw new BadRequestException('turn needs a round: ?round=<n>&turn=<n>');
  const round = wholeNumber(query.round, 'round');
  const turn = query.turn === undefined ? 1 : wholeNumber(query.turn, 'turn');
  if (round < 1 || turn < 1) throw new BadRequestException('round and turn count from 1');
  return timeline().then((t) => {
    const revision = turnStartRevision(t, round, turn);
    if (revision === undefined) throw new BadRequestException(`The game has no turn ${turn} in round ${round} (see GET /games/:gameId/timeline)`);
    return revision;
  });
}
