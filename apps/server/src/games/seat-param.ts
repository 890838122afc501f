// The `:seat` of a route under /games/:gameId/seats/:seat/…: a seat number (a game has 1 to 4;
// a number the game lacks is its route's own answer), anything else a 400.
import { BadRequestException } from '@nestjs/common';

const SEAT = /^[1-9]\d{0,2}$/;

/** `what`: the route's last part, for the message (`/seats/2/bot`). */
export function parseSeatParam(value: string, what: string): number {
  if (!SEAT.test(value)) throw new BadRequestException(`seat must be a seat number, e.g. /seats/2/${what}`);
  return Number(value);
}
