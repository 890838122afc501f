// What the board says in words: the clock, whose turn, what the game waits for, and the party.
import { facingName } from './describe';
import { cardName } from './options';
import type { BoardView } from './types';

const over = (view: BoardView): boolean => view.status === 'won' || view.status === 'lost';

const words = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const pretty = (id: string) => id.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export function waitingFor(view: BoardView): string {
  if (view.status === 'won') return 'Nothing: the scenario is won.';
  if (view.status === 'lost') return 'Nothing: the scenario is lost.';
  const seatName = (seat: number | null) => view.seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`;
  const active = seatName(view.activeSeat);
  const pending = view.pending;
  if (pending?.kind === 'structural-damage') {
    const ship = view.ships.find((s) => s.shipId === pending.shipId)?.name ?? pending.shipId;
    return `A response window: ${ship} takes ${pending.amount} structural damage. Any seat may reduce it; ${active} then takes it.`;
  }
  if (pending?.kind === 'plunder-choice') return `${active} to choose the plunder's card type.`;
  if (view.navigation) {
    const { shipId } = view.navigation;
    const ship = view.ships.find((s) => s.shipId === shipId)?.name ?? shipId;
    return `${active} navigating ${ship}: ${view.navigation.pointsLeft} navigation point(s) left.`;
  }
  if (view.activeSeat === null) return 'The next turn.';
  return view.ordersLeft > 0 ? `${active} to give an order (${view.ordersLeft} left) or end the turn.` : `${active} to end the turn.`;
}

/**
 * How the game ended, in the banner. The rules lose a scenario one way only (the blessings deck
 * must advance and is empty), which the view shows as an empty deck; any other end says the round.
 */
export function endWords(view: BoardView): string | null {
  if (view.status === 'won') return `Scenario won in round ${view.round}: ${view.clues} of ${view.clueGoal} clues found`;
  if (view.status === 'lost') return `Scenario lost in round ${view.round}${view.blessings.deck === 0 ? ': the blessings ran out' : ''}`;
  return null;
}

export function StatusPanel({ view }: { view: BoardView }) {
  const active = view.seats.find((s) => s.seat === view.activeSeat);
  const cluePct = Math.min(100, Math.round((view.clues / Math.max(1, view.clueGoal)) * 100));
  return (
    <section class="panel status-panel" aria-labelledby="status-title" data-status={view.status}>
      <h2 id="status-title" class="sr-only">
        Status
      </h2>
      {endWords(view) && (
        <p class={`banner banner-${view.status}`} data-banner={view.status}>
          {endWords(view)}
        </p>
      )}
      {view.status === 'new' && <p class="banner banner-new">Scenario not started</p>}
      <dl class="facts">
        <div>
          <dt>Round</dt>
          <dd data-fact="round">{view.round}</dd>
        </div>
        <div>
          <dt>Act</dt>
          <dd data-fact="act">{view.act}</dd>
        </div>
        <div>
          <dt>Blessings left</dt>
          <dd data-fact="blessings">{view.blessings.deck}</dd>
        </div>
        <div>
          <dt>Orders left</dt>
          <dd data-fact="orders">{view.ordersLeft}</dd>
        </div>
        <div>
          <dt>Navigation points</dt>
          <dd data-fact="navigation">{view.navigation ? view.navigation.pointsLeft : '—'}</dd>
        </div>
        <div>
          <dt>Tiles unexplored</dt>
          <dd data-fact="unplaced">{view.unplacedTiles}</dd>
        </div>
      </dl>
      <div class="clues" aria-label={`${view.clues} of ${view.clueGoal} clues`}>
        <span>
          Clues <strong data-fact="clues">{view.clues}</strong> / {view.clueGoal}
        </span>
        <span class="meter" aria-hidden="true">
          <span style={{ width: `${cluePct}%` }} />
        </span>
      </div>
      {/* A finished game has no turn and nothing to take back: the banner says how it ended. */}
      {!over(view) && (
        <p class="turn">
          <span class="label">Turn</span> <strong data-fact="active-seat">{active ? `${active.name} (seat ${active.seat})` : '—'}</strong>
        </p>
      )}
      <p class="waiting" data-fact="waiting">
        {waitingFor(view)}
      </p>
      {!over(view) && <HistoryLine view={view} />}
    </section>
  );
}

/** Who may take back or re-apply what, now. */
function HistoryLine({ view }: { view: BoardView }) {
  const steps = { undo: view.undo, redo: view.redo };
  if (!steps.undo && !steps.redo) return null;
  const names = (step: NonNullable<BoardView['undo']>) =>
    step.by.length
      ? step.by.map((n) => view.seats.find((s) => s.seat === n)?.name ?? `seat ${n}`).join(', ')
      : `nobody now${step.why ? `: ${step.why.replace(/\.$/, '')}` : ''}`;
  return (
    <p class="small history-line" data-fact="history">
      {steps.undo && (
        <span data-undo={steps.undo.actionId}>
          Undo would take back “{words(steps.undo.firstEventType)}” (may undo: {names(steps.undo)}).{' '}
        </span>
      )}
      {steps.redo && (
        <span data-redo={steps.redo.actionId}>
          Redo would put back “{words(steps.redo.firstEventType)}” (may redo: {names(steps.redo)}).
        </span>
      )}
    </p>
  );
}

export function PartyPanel({ view }: { view: BoardView }) {
  return (
    <section class="panel party" aria-labelledby="party-title">
      <h2 id="party-title">Ships and crews</h2>
      {view.ships.map((ship) => (
        <div class="ship-card" key={ship.shipId} data-ship-card={ship.shipId}>
          <h3>
            {ship.name} <span class="muted small">{ship.class}</span>
          </h3>
          <p class="small">
            {ship.wrecked ? 'Wrecked (face down)' : ship.anchored ? 'At anchor' : `Facing ${facingName(ship.facing)}`} at ({ship.hex.q}, {ship.hex.r}) ·
            plunder: {ship.plunder.count} face-down card(s)
          </p>
          <ul class="nodes">
            {ship.nodes.map((node) => {
              const crew = ship.crew.find((c) => c.node === node);
              const enemy = ship.enemiesOnDeck.find((e) => e.node === node);
              return (
                <li key={node} class={enemy ? 'enemy' : crew ? 'crew' : 'empty'}>
                  <span class="node">{pretty(node)}</span>
                  <span>{enemy ? `${enemy.name} (enemy on deck)` : crew ? `${crew.name}` : '—'}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {view.enemyShips.length > 0 && <p class="small">Enemy ships: {view.enemyShips.map((e) => `${e.name} at (${e.hex.q}, ${e.hex.r})`).join('; ')}</p>}
      <h3>Characters</h3>
      <ul class="characters">
        {view.characters.map((c) => {
          const seat = view.seats.find((s) => s.seat === c.seat);
          return (
            <li key={c.characterId} data-character-card={c.characterId}>
              <strong>{c.name}</strong> {seat && <span class="muted small">— {seat.name}</span>}
              <div class="small">
                hand {c.handCount}/{c.handSize} · deck {c.deckCount} · discard {c.discard.length}
                {c.conditions.length > 0 && ` · ${c.conditions.join(', ')}`}
              </div>
              {c.hand && (
                <div class="hand" aria-label="Your hand">
                  {c.hand.map((card, i) => (
                    <span class="card" key={`${card}-${i}`}>
                      {cardName(view, card)}
                    </span>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
