import type { GameEvent } from '@logbook/rules';
import { ActionMetaReader } from './action-log';
import { SeekIndex } from './seek-index';
import { buildTimeline, TimelineBuilder, turnStartRevision, type Timeline } from './timeline';
import { playActions, toRecordedOf, type PlayedAction } from './testing/played-game';

const timelineOf = (actions: PlayedAction[], options: { fullMetadata?: boolean; withoutCommands?: boolean } = {}): Timeline => {
  const index = new SeekIndex({ snapshotEvery: 20 });
  const recorded = toRecordedOf('g', actions, options);
  for (const event of recorded) {
    if (options.withoutCommands) delete event.metadata.command;
    index.append(event);
  }
  return buildTimeline('g', index.actions);
};

const undo = (commandId: string, target: string, seat = 1): PlayedAction => ({
  commandId,
  seat,
  command: { type: 'Undo' },
  events: [{ type: 'ActionUndone', data: { actionId: target, seat } } as unknown as GameEvent],
});
const redo = (commandId: string, target: string, seat = 1): PlayedAction => ({
  commandId,
  seat,
  command: { type: 'Redo' },
  events: [{ type: 'ActionRedone', data: { actionId: target, seat } } as unknown as GameEvent],
});

const allActions = (timeline: Timeline) => timeline.rounds.flatMap((r) => r.turns.flatMap((t) => t.actions));

describe('the timeline', () => {
  const game = playActions({ seed: 4, players: 2, events: 150, blessings: 200 });

  it('lists every action once, in log order, with who, when and its revision range', () => {
    const timeline = timelineOf(game);
    const actions = allActions(timeline);
    expect(actions.map((a) => a.actionId)).toEqual(game.map((a) => a.commandId));
    let next = 0;
    for (const action of actions) {
      expect(action.revisions.from).toBe(next);
      next = action.revisions.to + 1;
      expect(action.recordedAt).toMatch(/^2026-/);
    }
    expect(timeline.revision).toBe(next - 1);
    expect(actions[0]).toMatchObject({ seat: null, by: 'The game', type: 'CreateGame' });
  });

  it('groups actions by round and turn: the creation in round 0, then each seat turn by turn', () => {
    const timeline = timelineOf(game);
    expect(timeline.rounds[0]).toMatchObject({ round: 0, turns: [{ turn: 0, seat: null }] });
    const round1 = timeline.rounds.find((r) => r.round === 1)!;
    expect(round1.turns.map((t) => [t.turn, t.seat])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    for (const round of timeline.rounds.filter((r) => r.round > 0)) {
      for (const turn of round.turns) {
        for (const action of turn.actions) if (action.seat !== null && action.type !== 'EndTurn') expect([turn.seat, action.seat]).toContain(action.seat);
      }
    }
    // Turn 1 of round 1 begins when the creation's events are all in.
    expect(turnStartRevision(timeline, 1, 1)).toBe(game[0].events.length - 1);
    expect(turnStartRevision(timeline, 99, 1)).toBeUndefined();
  });

  it('describes each action in one line, from the command when recorded and from the events otherwise', () => {
    const withCommands = allActions(timelineOf(game));
    const fromEvents = allActions(timelineOf(game, { withoutCommands: true }));
    const endTurn = withCommands.find((a) => a.type === 'EndTurn')!;
    expect(endTurn.description).toMatch(/^Player \d ended the turn/);
    for (const action of [...withCommands, ...fromEvents]) {
      expect(action.description).not.toMatch(/\n/);
      expect(action.description.length).toBeGreaterThan(5);
    }
    expect(fromEvents.find((a) => a.actionId === endTurn.actionId)!.description).toMatch(/^Player \d: turn ended/);
    expect(withCommands[0].description).toMatch(/^The game: game created: First Voyage/);
  });

  it('built as the game grows, action by action, equals the timeline built in one go (undo and redo included)', () => {
    const growing = playActions({ seed: 12, players: 2, events: 300, blessings: 200, undo: 0.1, redo: 0.1 });
    const index = new SeekIndex({ snapshotEvery: 20 });
    for (const event of toRecordedOf('g', growing)) index.append(event);
    const builder = new TimelineBuilder('g');
    const seen: string[] = [];
    for (const action of index.actions) {
      builder.add(action);
      if (action.firstRevision % 7 === 0) seen.push(JSON.stringify(builder.build()));
    }
    expect(JSON.stringify(builder.build())).toBe(JSON.stringify(buildTimeline('g', index.actions)));
    expect(seen.length).toBeGreaterThan(3);
  });

  it('reads the same from old logs that repeat the metadata on every event', () => {
    expect(timelineOf(game, { fullMetadata: true })).toEqual(timelineOf(game));
  });

  it('marks what was undone and redone, and says what an undo or redo took back', () => {
    const [a, b] = game.slice(-2);
    const timeline = timelineOf([...game, undo('u1', b.commandId), undo('u2', a.commandId), redo('r1', a.commandId)]);
    const byId = new Map(allActions(timeline).map((x) => [x.actionId, x]));
    expect(byId.get(b.commandId)).toMatchObject({ undone: true, redone: false, changes: [{ change: 'undone', revision: expect.any(Number) }] });
    expect(byId.get(a.commandId)).toMatchObject({ undone: false, redone: true });
    expect(byId.get(a.commandId)!.changes!.map((c) => c.change)).toEqual(['undone', 'redone']);
    expect(byId.get('u1')).toMatchObject({ type: 'Undo', target: b.commandId });
    expect(byId.get('u1')!.description).toContain(`undid “${byId.get(b.commandId)!.description}”`);
    expect(byId.get('r1')!.description).toMatch(/redid “/);
  });

  it('never holds a secret: no hidden part of an event, and no recorded draw, appears in it', () => {
    const long = playActions({ seed: 9, players: 3, events: 400, blessings: 200, undo: 0.05, redo: 0.05 });
    // Every secret part carries a marker of its own, beside the hidden cards and tiles themselves.
    const canaries: string[] = [];
    const marked = long.map((action) => ({
      ...action,
      events: action.events.map((event) => {
        if (!event.secret) return event;
        canaries.push(`canary-${canaries.length}`, JSON.stringify(event.secret.data));
        return { ...event, secret: { ...event.secret, data: { ...event.secret.data, canary: `canary-${canaries.length / 2 - 1}` } } } as unknown as GameEvent;
      }),
    }));
    expect(canaries.length).toBeGreaterThan(6);
    const index = new SeekIndex({ snapshotEvery: 20 });
    for (const event of toRecordedOf('g', marked)) {
      if (event.metadata.seat !== undefined) event.metadata.draws = [987_654_321];
      index.append(event);
    }
    const text = JSON.stringify(buildTimeline('g', index.actions));
    for (const canary of canaries) expect(text).not.toContain(canary);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('"secret"');
  });
});

describe('who and when for each event of a page', () => {
  const game = playActions({ seed: 4, players: 2, events: 60, blessings: 200 });

  it('is the same for both metadata shapes, even from the middle of an action', () => {
    const firstOnly = toRecordedOf('g', game);
    const full = toRecordedOf('g', game, { fullMetadata: true });
    const records = new Map(
      game.map((a) => [a.commandId, { seat: a.seat, recordedAt: full.find((e) => e.metadata.commandId === a.commandId)!.metadata.recordedAt as string }]),
    );
    const multi = firstOnly.findIndex((e, i) => i > 0 && e.metadata.commandId === firstOnly[i - 1].metadata.commandId);
    expect(multi).toBeGreaterThan(0);
    const read = (events: typeof full, from: number) => {
      const reader = new ActionMetaReader((id) => records.get(id));
      return events.slice(from).map((e) => reader.metaOf(e));
    };
    expect(read(firstOnly, 0)).toEqual(read(full, 0));
    expect(read(firstOnly, multi)).toEqual(read(full, multi));
    expect(read(full, 0).every((m) => m.commandId !== null && m.recordedAt !== null)).toBe(true);
  });
});

describe('notes in the timeline', () => {
  const note = (commandId: string, at: number, text: string): PlayedAction => ({
    commandId,
    seat: 1,
    command: { type: 'AddNote', at, text } as never,
    events: [{ type: 'NoteAdded', data: { noteId: commandId, at, by: 1, text } } as unknown as GameEvent],
  });

  it('lists each note at the revision it speaks of, by its author, and in no turn as an action', () => {
    const actions = playActions({ seed: 4, players: 2, events: 40, blessings: 200 });
    const plain = timelineOf(actions);
    const last = actions.at(-1)!;
    const timeline = timelineOf([...actions, note('n1', 12, 'Storm ahead'), note('n2', 3, 'Good start'), undo('u1', last.commandId)]);
    expect(timeline.notes.map((n) => [n.at, n.text, n.writtenAt])).toEqual([
      [3, 'Good start', plain.revision + 2],
      [12, 'Storm ahead', plain.revision + 1],
    ]);
    const seatOne = timeline.rounds.flatMap((r) => r.turns).find((t) => t.seat === 1)?.by;
    expect(seatOne).toBeDefined();
    expect(timeline.notes.map((n) => n.author)).toEqual([seatOne, seatOne]);
    expect(allActions(timeline).map((a) => a.type)).not.toContain('NoteAdded');
    expect(allActions(timeline).map((a) => a.actionId)).not.toContain('n1');
    expect(timeline.actions).toBe(plain.actions + 1);
    // The undo after the notes takes back the last action, not a note.
    expect(allActions(timeline).find((a) => a.actionId === last.commandId)?.undone).toBe(true);
  });
});

describe('takebacks in the timeline', () => {
  it('shows a takeback asked as a line of its turn, which no undo takes back and which forgets no redo', () => {
    const actions = playActions({ seed: 4, players: 2, events: 40, blessings: 200 });
    const [before, last] = actions.slice(-2);
    const asked: PlayedAction = {
      commandId: 'ask',
      seat: 2,
      command: { type: 'RequestTakeback', actionId: before.commandId } as never,
      events: [{ type: 'TakebackRequested', data: { requestId: 0, actionId: before.commandId, seat: 2 } } as unknown as GameEvent],
    };
    const timeline = timelineOf([...actions, undo('u1', last.commandId), asked, undo('u2', before.commandId)]);
    const lines = allActions(timeline);
    expect(lines.find((a) => a.actionId === 'ask')).toMatchObject({ type: 'RequestTakeback', undone: false });
    // The undo after the request takes back the action before the one already undone, not the request.
    expect(lines.find((a) => a.actionId === before.commandId)?.undone).toBe(true);
    expect(lines.find((a) => a.actionId === last.commandId)?.undone).toBe(true);
  });
});
