// "My voyages": a player profile kept in this browser (its id and secret), the games it sat in, its
// figures, and the games it played with chosen companions ("our last ten voyages").
import { useEffect, useState } from 'preact/hooks';
import { api, type Profile } from './api';
import { routeHash } from './route';
import type { PlayerFigures, PlayerGames } from './types';

const PROFILE_KEY = 'logbook.profile';

export const profileStore = {
  get(): Profile | null {
    try {
      const value = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Profile | null;
      return value && typeof value.playerId === 'string' && typeof value.secret === 'string' ? value : null;
    } catch {
      return null;
    }
  },
  set(profile: Profile | null): void {
    if (profile) localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
    else localStorage.removeItem(PROFILE_KEY);
  },
};

const percent = (rate: number | null) => (rate === null ? 'no game finished' : `${Math.round(rate * 100)}% won`);

export function MyVoyages() {
  const [profile, setProfile] = useState<Profile | null>(profileStore.get());
  const [name, setName] = useState('');
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const register = async (event: Event) => {
    event.preventDefault();
    if (!name.trim()) return setError('Type the name your profile shows.');
    try {
      const created = await api.registerPlayer(name.trim());
      profileStore.set(created);
      setProfile(created);
      setShownSecret(created.secret);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const forget = () => {
    profileStore.set(null);
    setProfile(null);
    setShownSecret(null);
  };

  return (
    <section class="panel voyages" aria-labelledby="voyages-title" data-voyages>
      <h2 id="voyages-title">My voyages</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {profile ? (
        <>
          {shownSecret && (
            <p class="notice" role="status">
              Your profile's secret, kept in this browser: <code data-player-secret>{shownSecret}</code>. Note it to use the profile elsewhere; the server shows
              it only this once.
            </p>
          )}
          <Voyages profile={profile} onError={setError} />
          <p class="small">
            Profile <code data-player-id>{profile.playerId}</code>.{' '}
            <button type="button" onClick={forget} title="Removes the profile's id and secret from this browser; the profile stays on the server">
              Forget it on this browser
            </button>
          </p>
        </>
      ) : (
        <form onSubmit={(event) => void register(event)}>
          <p class="small">A profile links your seats across games: create one, then take a seat with it when a game is created.</p>
          <label>
            Your name
            <input name="profile-name" value={name} maxLength={40} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" data-command="RegisterPlayer">
            Create my profile
          </button>
        </form>
      )}
    </section>
  );
}

function Voyages(props: { profile: Profile; onError: (message: string | null) => void }) {
  const { profile, onError } = props;
  const [figures, setFigures] = useState<PlayerFigures | null>(null);
  const [games, setGames] = useState<PlayerGames | null>(null);
  const [companions, setCompanions] = useState<string[]>([]);

  useEffect(() => {
    api.playerFigures(profile).then(setFigures, (e: Error) => onError(`Your figures could not be loaded: ${e.message}`));
  }, [profile.playerId]);
  useEffect(() => {
    api.playerGames(profile, companions).then(setGames, (e: Error) => onError(`Your games could not be loaded: ${e.message}`));
  }, [profile.playerId, companions.join(',')]);

  const toggle = (playerId: string) => setCompanions((chosen) => (chosen.includes(playerId) ? chosen.filter((id) => id !== playerId) : [...chosen, playerId]));

  return (
    <div>
      {figures && (
        <p data-player-figures>
          {figures.games} game{figures.games === 1 ? '' : 's'}, {figures.won} won, {figures.lost} lost ({percent(figures.winRate)})
          {figures.favouriteCharacter ? `; most often ${figures.favouriteCharacter.characterId}` : ''}.
        </p>
      )}
      {figures && figures.playedWith.length > 0 && (
        <fieldset>
          <legend>With whom (only the games all of you sat in)</legend>
          {figures.playedWith.map((other) => (
            <label key={other.playerId}>
              <input type="checkbox" checked={companions.includes(other.playerId)} onChange={() => toggle(other.playerId)} data-companion={other.playerId} />{' '}
              {other.name} ({other.games})
            </label>
          ))}
        </fieldset>
      )}
      {games && (
        <>
          <h3>{companions.length ? 'Our last voyages' : 'My last voyages'}</h3>
          {games.voyages.length === 0 ? (
            <p class="small">No games yet{companions.length ? ' with all of them' : ''}.</p>
          ) : (
            <>
              <p data-voyages-summary>
                {games.summary.games} voyage{games.summary.games === 1 ? '' : 's'}: {games.summary.won} won, {games.summary.lost} lost (
                {percent(games.summary.winRate)}).
              </p>
              <ul>
                {games.voyages.map((v) => (
                  <li key={v.gameId} data-voyage={v.gameId}>
                    <a href={routeHash({ gameId: v.gameId })}>{v.scenarioName}</a> — {v.status}, {v.rounds} round{v.rounds === 1 ? '' : 's'},{' '}
                    {v.seats.map((s) => s.name).join(', ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
