import { given } from '../testing/decider-spec';
import { arrangedGame, eventsOfType, play, wreck } from '../ships/testing/ship-kit';

// The Gull's repair check: "Intelligence/Craft 6 OR Strength 7"; Ysolde rolls Intelligence d6.
const repair = { type: 'AttemptRepair' } as const;
const wrecked = () => [...arrangedGame(), wreck()];

describe('[wreck.repair] repairing a wrecked ship', () => {
  it('turns the ship face up when the repair check succeeds', () => {
    given(wrecked())
      .when(repair, { rolls: [6] })
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['RepairAttempted', 'CheckAttempted', 'ShipRepaired']);
        expect(eventsOfType(events, 'CheckAttempted')[0].data).toMatchObject({ check: 'repair', subject: 'gull', skill: 'Intelligence', total: 6 });
        expect(after.ships.gull.wrecked).toBe(false);
      });
  });

  it('leaves it wrecked when the check fails', () => {
    given(wrecked())
      .when(repair, { rolls: [5] })
      .then((_, after) => expect(after.ships.gull.wrecked).toBe(true));
  });

  it('[repair.not-now] is attempted once per turn', () => {
    given(play(wrecked(), repair, { rolls: [1] }))
      .when(repair, { rolls: [6] })
      .thenRejects('repair.not-now');
  });

  it('[repair.not-now] comes at the start of the turn, before any order', () => {
    given(play(wrecked(), { type: 'DropAnchor' }))
      .when(repair, { rolls: [6] })
      .thenRejects('repair.not-now');
  });

  it('[repair.after-free-actions] may still be attempted after a free action such as Embark, while no order was given', () => {
    // Ysolde starts ashore on the Gull's port hex, embarks (a free action), then repairs.
    const ashore = arrangedGame({ tweak: (s) => Object.assign(s.characters[0], { aboard: null, hex: { q: 0, r: 0 } }) });
    const embarked = play([...ashore, wreck()], { type: 'Embark', shipId: 'gull' });
    given(embarked)
      .when(repair, { rolls: [6] })
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['RepairAttempted', 'CheckAttempted', 'ShipRepaired']);
        expect(after.ships.gull.wrecked).toBe(false);
      });
  });

  it("is open again at the start of the commander's next turn", () => {
    const next = play(play(wrecked(), repair, { rolls: [1] }), { type: 'EndTurn' });
    given(next)
      .when(repair, { rolls: [6] })
      .then((_, after) => expect(after.ships.gull.wrecked).toBe(false));
  });

  it('[repair.not-wrecked] needs a wrecked ship', () => {
    given(arrangedGame())
      .when(repair, { rolls: [6] })
      .thenRejects('repair.not-wrecked');
  });

  it('plays boons on the repair check like on any other', () => {
    given(wrecked())
      .when({ type: 'AttemptRepair', boons: ['spyglass'] }, { rolls: [3, 3] })
      .then((_, after) => {
        expect(after.ships.gull.wrecked).toBe(false);
        expect(after.characters.ysolde.discard).toEqual(['spyglass']);
      });
  });
});
