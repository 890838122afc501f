// "Link this seat to my profile": the seat's own page, with the profile "My voyages" keeps in this
// browser, claims the seat into it (the seat then shows the profile's name and counts in its games).
import { useState } from 'preact/hooks';
import { api } from './api';
import type { BoardView } from './types';
import { profileStore } from './voyages';

export function ClaimSeat(props: { view: BoardView; gameId: string; token: string | null; seat: number | null; onChanged: () => void }) {
  const { view, gameId, token, seat } = props;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const profile = profileStore.get();
  const mine = seat === null ? undefined : view.seats.find((s) => s.seat === seat);
  if (!token || seat === null || !profile || !mine || mine.playerId !== undefined) return null;

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.claimSeat(gameId, token, seat, profile);
      props.onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="claim-seat">
      <button type="button" data-action="claim-seat" disabled={busy} onClick={() => void claim()}>
        Link this seat to my profile
      </button>
      {error && (
        <p class="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
