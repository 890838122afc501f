import { PlayerDto } from '../games/dto/create-game.dto';

/** A new profile: its name, under the same rules as a name typed at a seat (and no other field). */
export class RegisterPlayerDto extends PlayerDto {}
