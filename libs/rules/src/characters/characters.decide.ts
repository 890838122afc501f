import { own } from '../own';
import type { CommandSpecs } from '../command-spec';
import { ensure } from '../errors';
import { sameHex } from '../hex';
import { boardHex, characterOfSeat } from '../queries';
import type { CharacterCommand } from './characters.commands';

export const characterCommands: CommandSpecs<CharacterCommand> = {
  Embark: {
    actor: 'active-seat',
    decide(decision, { shipId }) {
      const character = characterOfSeat(decision.state, decision.seat);
      const ship = own(decision.state.ships, shipId);
      ensure(ship, 'ship.unknown', `There is no player ship ${shipId}`);
      ensure(character.shipId === null, 'embark.already-aboard', `${character.name} is already aboard a ship`);
      ensure(sameHex(ship.hex, character.hex), 'embark.not-here', `${ship.name} is not on ${character.name}'s hex`);
      decision.emit({ type: 'CharacterEmbarked', data: { characterId: character.characterId, shipId } });
    },
    rules: ['ship.unknown', 'embark.already-aboard', 'embark.not-here'],
    candidates: ({ state, wide }) => [
      ...Object.keys(state.ships).map((shipId) => ({ type: 'Embark' as const, shipId })),
      ...(wide ? [{ type: 'Embark' as const, shipId: 'raft' }] : []),
    ],
  },
  Disembark: {
    actor: 'active-seat',
    decide(decision) {
      const character = characterOfSeat(decision.state, decision.seat);
      const ship = character.shipId ? own(decision.state.ships, character.shipId) : undefined;
      ensure(ship, 'disembark.not-aboard', `${character.name} is not aboard a ship`);
      ensure(boardHex(decision.state, ship.hex)?.terrain === 'port', 'disembark.not-at-port', 'Characters go ashore only at a port');
      decision.emit({
        type: 'CharacterDisembarked',
        data: { characterId: character.characterId, shipId: ship.shipId, hex: ship.hex },
      });
    },
    rules: ['disembark.not-aboard', 'disembark.not-at-port'],
    candidates: () => [{ type: 'Disembark' }],
  },
  SetFollowShip: {
    // A standing choice, any seat's, made between actions: [N] "you can't stop in the middle of
    // the Navigation action to do other actions", so not while a Navigation order is open
    // (navigation.order-in-progress), nor while a response is pending (pending.response-required).
    actor: 'any-seat',
    decide(decision, { follow }) {
      const character = characterOfSeat(decision.state, decision.seat);
      ensure(typeof follow === 'boolean', 'command.invalid', 'follow must be true or false');
      // [D] a choice that changes nothing is not recorded: otherwise a client could grow a game's
      // log without limit at no cost (every replay and feed would pay for it).
      ensure(character.followShip !== follow, 'follow.unchanged', `${character.name} already ${follow ? 'follows' : 'stays off'} the ship`);
      decision.emit({ type: 'FollowShipSet', data: { characterId: character.characterId, follow } });
    },
    rules: ['command.invalid', 'follow.unchanged'],
    candidates: () => [
      { type: 'SetFollowShip', follow: true },
      { type: 'SetFollowShip', follow: false },
    ],
  },
};
