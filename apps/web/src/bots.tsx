// Bots in seats, in the page: which seats a bot plays, a seat's own "play for me" and "take my
// seat back", and the Hint button (what the greedy bot would do now, and why; the server works it
// out from what this seat may see only).
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import type { BoardView, GameHint } from './types';

const failure = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function BotsPanel(props: { view: BoardView; gameId: string; token: string | null; seat: number | null; replaying: boolean; onChanged: () => void }) {
  const { view, gameId, token, seat } = props;
  const [hint, setHint] = useState<GameHint['hint'] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A hint is for the position it was asked at: a new revision clears it.
  useEffect(() => {
    setHint(undefined);
    setError(null);
  }, [view.revision]);

  const nameOf = (n: number) => view.seats.find((s) => s.seat === n)?.name ?? `seat ${n}`;
  const mine = seat === null ? undefined : view.bots.find((b) => b.seat === seat);
  const active = view.status === 'active' && !props.replaying;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel bots-panel" aria-labelledby="bots-title" data-bots={view.bots.map((b) => b.seat).join(',')}>
      <h2 id="bots-title">Bots</h2>
      {view.bots.length === 0 ? (
        <p class="muted small">Every seat is played by its player.</p>
      ) : (
        <ul class="bot-seats">
          {view.bots.map((b) => (
            <li key={b.seat} data-bot-seat={b.seat}>
              {nameOf(b.seat)} (seat {b.seat}) is played by the <strong>{b.bot}</strong> bot
            </li>
          ))}
        </ul>
      )}
      {token && seat !== null && active && (
        <div class="bot-actions">
          {mine ? (
            <button
              type="button"
              data-action="take-seat-back"
              disabled={busy}
              onClick={() => void run(() => api.takeSeatBack(gameId, token, seat).then(props.onChanged))}
            >
              Take my seat back
            </button>
          ) : (
            <>
              <button
                type="button"
                data-action="hint"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    setHint((await api.hint(gameId, token)).hint);
                  })
                }
              >
                Hint
              </button>
              <button
                type="button"
                data-action="hand-to-bot"
                disabled={busy}
                onClick={() => void run(() => api.handToBot(gameId, token, seat, 'greedy').then(props.onChanged))}
              >
                Let a bot play my seat
              </button>
            </>
          )}
        </div>
      )}
      {hint !== undefined && (
        <p class="hint" data-hint={hint ? hint.command.type : 'none'} role="status">
          {hint ? (
            <>
              <strong>{hint.label}</strong> — {hint.why}
            </>
          ) : (
            'Nothing to advise: the game is not waiting for you.'
          )}
        </p>
      )}
      {error && (
        <p class="error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
