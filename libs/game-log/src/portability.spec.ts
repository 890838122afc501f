// Property tests over whole random games: export then import gives the same events and board;
// a fork at N has the board of revision N; a redacted export holds nothing the viewer may not see.
import fc from 'fast-check';
import type { RecordedEvent } from '@logbook/event-store';
import { decideFork, effectiveEntries, foldEvents, recordingRng, seededRng } from '@logbook/rules';
import { toLogEntries } from './log-entries';
import { boardView } from '@logbook/projections';
import { toDomainEvent } from './game-events';
import { groupActions } from './action-metadata';
import { effectiveState } from './effective-fold';
import { EXPORT_FORMAT, EXPORT_VERSION, exportLine, parseExport } from './export-format';
import { redecide } from './redecide';
import { recordAction, recordRandomGame } from './testing/recorded-game';

const games = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  scenario: fc.constantFrom('first-voyage', 'twin-sails'),
  players: fc.integer({ min: 1, max: 4 }),
  mode: fc.constantFrom('standard' as const, 'sandbox' as const),
});

const header = (gameId: string, revision: number, complete: boolean) =>
  JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, gameId, revision, status: 'active', complete, exportedAt: 'now' });

describe('whole random games', () => {
  it('export then import gives the same events and the same board', () => {
    fc.assert(
      fc.property(games, ({ seed, scenario, players, mode }) => {
        const game = recordRandomGame({ seed, scenario, players, mode, commands: 150, undoRedo: 0.15 });
        const text = [header(game.gameId, game.events.length - 1, true), ...game.events.map((e) => JSON.stringify(exportLine(e, { whole: true })))].join('\n');
        const imported = parseExport(text);
        expect(imported.events.map(toDomainEvent as never)).toEqual(JSON.parse(JSON.stringify(game.events.map(toDomainEvent))));
        const checked = redecide(imported.events);
        expect(checked).toMatchObject({ ok: true });
        expect(checked.state).toEqual(JSON.parse(JSON.stringify(game.state)));
        for (const seat of [null, 1]) {
          expect(boardView(checked.state, game.events.length - 1, seat)).toEqual(boardView(game.state, game.events.length - 1, seat));
        }
      }),
      { numRuns: 10 },
    );
  });

  it('a fork at the end of any action starts from the board of that revision, and re-decides', () => {
    fc.assert(
      fc.property(games, fc.nat(), fc.nat(), ({ seed, scenario, players, mode }, pick, dealSeed) => {
        const game = recordRandomGame({ seed, scenario, players, mode, commands: 120, undoRedo: 0.15 });
        const ends = groupActions(game.events).map((a) => a.events.at(-1)!.revision);
        const at = ends[pick % ends.length];
        const board = effectiveState(game.events.slice(0, at + 1));
        // The board at N: a fresh fold of the effective history of the first N+1 events.
        expect(board).toEqual(foldEvents(effectiveEntries(toLogEntries(game.events.slice(0, at + 1))).map((e) => e.event)));
        if (board.status !== 'active') return;
        const reshuffle = mode === 'standard';
        const dealt = recordingRng(seededRng(dealSeed));
        const forked = decideFork(board, { gameId: 'fork', source: { gameId: game.gameId, revision: at }, reshuffle }, dealt.rng);
        const fork = foldEvents(forked);
        // The fork's own log re-decides from its starting board.
        const log: RecordedEvent[] = [];
        recordAction(log, 'fork', 'fork-1', null, { type: 'ForkGame', source: { gameId: game.gameId, revision: at }, reshuffle }, forked, dealt.draws);
        expect(redecide(log)).toMatchObject({ ok: true, actions: 1, state: JSON.parse(JSON.stringify(fork)) });
        // Every seat sees the same board, but for the cards in hands when they were dealt again.
        const seen = (state: typeof board, revision: number, seat: number | null) => {
          const { gameId: _a, revision: _b, ...view } = boardView(state, revision, seat);
          return reshuffle ? { ...view, cards: undefined, characters: view.characters.map((c) => ({ ...c, hand: c.hand?.length })) } : view;
        };
        for (const seat of [null, ...board.seats.map((s) => s.seat)]) expect(seen(fork, 0, seat)).toEqual(seen(board, at, seat));
        if (!reshuffle) expect(fork).toEqual({ ...board, gameId: 'fork' });
      }),
      { numRuns: 15 },
    );
  });

  it('a redacted export holds no draw and no secret its viewer may not see, and cannot be imported', () => {
    fc.assert(
      fc.property(games, fc.integer({ min: 0, max: 4 }), ({ seed, scenario, players }, viewer) => {
        const game = recordRandomGame({ seed, scenario, players, commands: 150, undoRedo: 0.15 });
        const seat = viewer === 0 ? null : viewer;
        const lines = game.events.map((e) => exportLine(e, { whole: false, seat, status: 'active' }));
        for (const line of lines) {
          expect(line.draws).toBeUndefined();
          if (line.secret) expect(line.secret.visibleTo).toContain(seat);
          expect(line.commandSecret).toBeUndefined();
          // A fingerprint is a hash of the command as decided (a new game's: its whole scenario): guessable.
          expect(line.commandFingerprint).toBeUndefined();
          // A command body never holds a secret: the scenario document (stack order, box) is kept apart.
          expect(JSON.stringify(line.command ?? {})).not.toMatch(/"stack"|"box"/);
        }
        const text = [header(game.gameId, lines.length - 1, false), ...lines.map((l) => JSON.stringify(l))].join('\n');
        expect(() => parseExport(text)).toThrow(expect.objectContaining({ kind: 'redacted', line: 1 }));
        const forged = [header(game.gameId, lines.length - 1, true), ...lines.map((l) => JSON.stringify(l))].join('\n');
        expect(() => parseExport(forged)).toThrow(expect.objectContaining({ kind: 'redacted', line: 2 }));
      }),
      { numRuns: 10 },
    );
  });
});
