// boardgame.io 0.50.2 itself on its move/turn workload (./bgio-workload.ts), so that the target
// "2 × boardgame.io's actions/s" is measured in the same run as Logbook's figure: this VM's speed
// moves by up to 2× between days, and a figure measured on another day compares nothing.
//
// The game is written as boardgame.io games are (plain moves on an immer draft of G, INVALID_MOVE
// for an illegal one, the turn ended by its `endTurn` event), with the workload's rules: a move or
// a turn costs 1, or 2 when the ship starts or ends the action on a rough hex; 3 points a turn; a
// move only onto the board and not onto the other ship. Each call goes the way boardgame.io's own
// server handles a client's update (its socket transport's 'update' handler): a Master built for
// the update, with the server's default storage (InMemory) and its credential check, then
// `Master.onUpdate`. No client is connected, so its transport sends to nobody, as Logbook's
// in-process phase answers nobody; one call is in flight at a time, game after game.
import type { Game, State } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { createMatch, ProcessGameConfig } from 'boardgame.io/internal';
import { Master } from 'boardgame.io/master';
import { Server } from 'boardgame.io/server';
import { neighbor, turnFacing, type TurnDirection } from '@logbook/rules';
import { onBoard, moveCost, POINTS, START, turnCost, type ScriptStep, type ShipPlace } from './bgio-workload';

interface G {
  ships: ShipPlace[];
  points: number;
}

export const bgioGame: Game<G> = {
  name: 'logbook-bgio-workload',
  setup: (): G => ({ ships: START.map((s) => ({ hex: { ...s.hex }, facing: s.facing })), points: POINTS }),
  turn: {
    onBegin: ({ G }) => {
      G.points = POINTS;
    },
  },
  moves: {
    move: ({ G, ctx }) => {
      const seat = Number(ctx.currentPlayer);
      const ship = G.ships[seat];
      const ahead = neighbor(ship.hex, ship.facing);
      const other = G.ships[1 - seat].hex;
      const cost = moveCost(ship);
      if (!onBoard(ahead) || (ahead.q === other.q && ahead.r === other.r) || cost > G.points) return INVALID_MOVE;
      ship.hex = ahead;
      G.points -= cost;
    },
    turn: ({ G, ctx }, direction: TurnDirection) => {
      const ship = G.ships[Number(ctx.currentPlayer)];
      const cost = turnCost(ship);
      if (cost > G.points) return INVALID_MOVE;
      ship.facing = turnFacing(ship.facing, direction);
      G.points -= cost;
    },
  },
};

/** A boardgame.io action as its client sends it: a move, or a game event such as `endTurn`. */
type Action = { type: 'MAKE_MOVE' | 'GAME_EVENT'; payload: { type: string; args: unknown[]; playerID: string; credentials: string } };

/** The calls boardgame.io needs for a script: its moves, turns and turn ends (it has no Start/EndNavigation). */
export function bgioCalls(script: readonly ScriptStep[]): Array<{ playerID: string; action: Action }> {
  const calls: Array<{ playerID: string; action: Action }> = [];
  for (const { seat, command } of script) {
    const playerID = String(seat);
    const payload = (type: string, args: unknown[] = []) => ({ type, args, playerID, credentials: `credentials-${playerID}` });
    if (command.type === 'MoveShip') calls.push({ playerID, action: { type: 'MAKE_MOVE', payload: payload('move') } });
    else if (command.type === 'TurnShip') calls.push({ playerID, action: { type: 'MAKE_MOVE', payload: payload('turn', [command.direction]) } });
    else if (command.type === 'EndTurn' || (command.type === 'EndNavigation' && command.endTurn))
      calls.push({ playerID, action: { type: 'GAME_EVENT', payload: payload('endTurn') } });
  }
  return calls;
}

/** A boardgame.io server's game, storage and credential check, without its HTTP and socket listeners. */
export function bgioServer() {
  const server = Server({ games: [bgioGame], origins: [] });
  // The server's transport hands each update's Master the game as processed once (Server does it for its
  // own copy), so no update processes the configuration again.
  const game = ProcessGameConfig(bgioGame);
  // The default storage (InMemory) is synchronous; fetch answers at once.
  const state = (matchID: string) => (server.db.fetch(matchID, { state: true }) as { state: State<G> }).state;
  const transport = { send: () => undefined, sendAll: () => undefined };
  return {
    /** A new match with both seats joined (their credentials set, as the lobby's join sets them). */
    newMatch(matchID: string): void {
      const created = createMatch({ game, numPlayers: 2, setupData: undefined, unlisted: true });
      if (!('metadata' in created)) throw new Error('boardgame.io refused the match set-up');
      created.metadata.players[0].credentials = 'credentials-0';
      created.metadata.players[1].credentials = 'credentials-1';
      void server.db.createMatch(matchID, { initialState: created.initialState, metadata: created.metadata });
    },
    /** Plays the calls one at a time; answers how many boardgame.io refused (the state did not move on). */
    async play(matchID: string, calls: ReadonlyArray<{ playerID: string; action: Action }>): Promise<number> {
      let refused = 0;
      let stateID = state(matchID)._stateID;
      for (const { playerID, action } of calls) {
        // As boardgame.io's socket transport does for every update: a Master for it, then onUpdate.
        const master = new Master(game, server.db, transport, server.auth);
        const answer = (await master.onUpdate(action as never, stateID, matchID, playerID)) as { error?: string } | undefined;
        const next = state(matchID)._stateID;
        if (answer?.error !== undefined || next === stateID) refused += 1;
        stateID = next;
      }
      return refused;
    },
    /** The ships as the match has them now. */
    ships: (matchID: string): ShipPlace[] => state(matchID).G.ships,
  };
}
