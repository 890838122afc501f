// The seat's side of the page: its legal options as buttons (moves and explorations also as
// highlighted hexes on the board), undo and redo, and the server's answer to each order.
import { useState } from 'preact/hooks';
import { api } from './api';
import type { Notice } from './notice';
import { hiddenReason } from './options';
import { routeHash, tokenFromPaste } from './route';
import type { BoardView, Command, PlayOption } from './types';

const GROUP_TITLES: Record<PlayOption['group'], string> = {
  response: 'Response window',
  navigation: 'Navigation',
  turn: 'Turn',
  other: 'Other orders',
  history: 'History',
};

export function PlayPanel(props: {
  view: BoardView;
  gameId: string;
  token: string | null;
  seat: number | null;
  options: PlayOption[];
  /** Why the server's options could not be read (none are offered then). */
  optionsError: string | null;
  replaying: boolean;
  busy: boolean;
  notice: Notice | null;
  onSend: (command: Command) => void;
  onDismiss: () => void;
  /** Replays the game from its start. */
  onReplay: () => void;
}) {
  const { view, token, seat, options, replaying, busy, notice, onSend } = props;
  const [pasted, setPasted] = useState('');

  if (!token) {
    return (
      <section class="panel play" aria-labelledby="play-title">
        <h2 id="play-title">Play</h2>
        <p class="small">You are watching. To play, open your seat's link, or paste your seat token (or the link):</p>
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const pastedToken = tokenFromPaste(pasted);
            if (pastedToken) location.hash = routeHash({ gameId: props.gameId, token: pastedToken });
          }}
        >
          <input
            type="password"
            name="token"
            aria-label="Seat token"
            placeholder="seat token"
            autoComplete="off"
            value={pasted}
            onInput={(e) => setPasted((e.target as HTMLInputElement).value)}
          />
          <button type="submit">Take my seat</button>
        </form>
        <NoticeLine notice={notice} onDismiss={props.onDismiss} />
      </section>
    );
  }

  const historyOptions = options.filter((o) => o.group === 'history');
  const others = options.filter((o) => o.group !== 'history');
  const groups = (['response', 'navigation', 'turn', 'other'] as const)
    .map((group) => ({ group, items: others.filter((o) => o.group === group) }))
    .filter((g) => g.items.length > 0);
  // Undo and redo always have their place; they are enabled when the server's options list them.
  const canUndo = historyOptions.some((o) => o.command.type === 'Undo');
  const canRedo = historyOptions.some((o) => o.command.type === 'Redo');
  const disabled = busy || replaying || view.status !== 'active';

  if (view.status === 'won' || view.status === 'lost') {
    return (
      <section class="panel play" aria-labelledby="play-title" data-options="over">
        <h2 id="play-title">Play</h2>
        <GameOver gameId={props.gameId} token={token} onReplay={props.onReplay} />
        <NoticeLine notice={notice} onDismiss={props.onDismiss} />
      </section>
    );
  }

  return (
    <section class="panel play" aria-labelledby="play-title" data-options={props.optionsError ? 'error' : 'ready'}>
      <h2 id="play-title">Play</h2>
      {props.optionsError && (
        <p class="notice error small" role="alert" data-error="options">
          Your options could not be loaded: {props.optionsError}
        </p>
      )}
      {replaying && <p class="small muted">Return to live to give orders.</p>}
      {!replaying && view.status === 'active' && view.activeSeat !== seat && (
        <p class="small muted" data-turn-hint="waiting">
          Not your turn: {view.seats.find((s) => s.seat === view.activeSeat)?.name ?? 'another seat'} is playing; the board updates by itself.
        </p>
      )}
      {!replaying && !props.optionsError && view.status === 'active' && view.activeSeat === seat && others.length === 0 && (
        <p class="small muted">Nothing to do right now.</p>
      )}
      {groups.map(({ group, items }) => (
        <div class="option-group" key={group} role="group" aria-label={GROUP_TITLES[group]}>
          <h3>{GROUP_TITLES[group]}</h3>
          <div class="buttons">
            {items.map((option) => (
              <button
                type="button"
                key={JSON.stringify(option.command)}
                class={option.hex ? 'primary' : ''}
                data-command={option.command.type}
                data-direction={'direction' in option.command ? option.command.direction : undefined}
                disabled={disabled}
                title={option.hiddenDependent ? hiddenReason(option) : undefined}
                onClick={() => onSend(option.command)}
              >
                {option.label}
                {option.cost && <span class="cost"> · {option.cost}</span>}
                {option.hiddenDependent && (
                  <>
                    {' '}
                    <span class="hidden-mark" aria-hidden="true" title={hiddenReason(option)}>
                      ?
                    </span>
                    <span class="sr-only"> ({hiddenReason(option)})</span>
                  </>
                )}
              </button>
            ))}
          </div>
        </div>
      ))}
      <div class="option-group" role="group" aria-label="History">
        <h3>History</h3>
        <div class="buttons">
          <button type="button" data-command="Undo" disabled={disabled || !canUndo} onClick={() => onSend({ type: 'Undo' })}>
            ↶ Undo
          </button>
          <button type="button" data-command="Redo" disabled={disabled || !canRedo} onClick={() => onSend({ type: 'Redo' })}>
            ↷ Redo
          </button>
        </div>
      </div>
      <NoticeLine notice={notice} onDismiss={props.onDismiss} />
    </section>
  );
}

/** What a finished game still offers its seats: its replay, a fork from any moment, its export, its figures. */
function GameOver({ gameId, token, onReplay }: { gameId: string; token: string; onReplay: () => void }) {
  const [exported, setExported] = useState<string | null>(null);
  return (
    <div class="game-over" data-game-over>
      <p class="small">The game is over: no more orders. What you can do with it:</p>
      <div class="buttons">
        <button type="button" data-action="replay" onClick={onReplay}>
          Replay it from the start
        </button>
        <button
          type="button"
          data-action="export"
          onClick={() =>
            void api.exportGame(gameId, token).then(
              (text) => {
                const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
                const link = Object.assign(document.createElement('a'), { href: url, download: `${gameId}.ndjson` });
                link.click();
                URL.revokeObjectURL(url);
                setExported('Exported: the whole log, as one JSON event per line.');
              },
              (e: Error) => setExported(`The export failed: ${e.message}`),
            )
          }
        >
          Export the log
        </button>
        <a class="button" href="#analytics-title" data-action="analytics">
          See its analytics
        </a>
      </div>
      <p class="small muted">To fork it, pick a moment in the timeline below and choose “Fork from here”.</p>
      {exported && (
        <p class="small" role="status">
          {exported}
        </p>
      )}
    </div>
  );
}

function NoticeLine({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return <div class="notice-slot" role="status" aria-live="polite" />;
  return (
    <div class={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-notice={notice.kind}>
      <span>
        {notice.kind === 'error' ? 'Refused: ' : ''}
        {notice.text}
        {notice.rule && (
          <code class="rule" data-rule={notice.rule}>
            {' '}
            {notice.rule}
          </code>
        )}
      </span>
      <button type="button" class="link" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
