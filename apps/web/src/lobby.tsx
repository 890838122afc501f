// The lobby: games newest first, a form to start one on a built-in scenario, and ways to open a
// game as a spectator or as a seat (a link carrying the token in its fragment, or a pasted token).
import { useEffect, useState } from 'preact/hooks';
import { MyVoyages } from './voyages';
import { api, ApiError } from './api';
import { routeHash, seatStore } from './route';
import type { CreatedGame, GameSummary, ScenarioSummary } from './types';

const ago = (iso: string | null): string => {
  if (!iso) return '';
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
};

export function Lobby() {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const [scenario, setScenario] = useState('first-voyage');
  const [names, setNames] = useState(['Ana', 'Bo', '', '']);
  const [mode, setMode] = useState('standard');
  const [created, setCreated] = useState<CreatedGame | null>(null);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState('');
  const [openToken, setOpenToken] = useState('');

  const load = () =>
    api.listGames().then(
      ({ games }) => {
        // The server lists the newest first.
        setGames(games);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );

  useEffect(() => {
    document.title = 'Logbook — lobby';
    void load();
    api.scenarios().then(
      (body) => {
        setScenarios(body.scenarios);
        setScenario((chosen) => (body.scenarios.some((s) => s.id === chosen) ? chosen : (body.scenarios[0]?.id ?? chosen)));
      },
      (e: Error) => setError(`The scenarios could not be loaded: ${e.message}`),
    );
  }, []);

  const create = async (event: Event) => {
    event.preventDefault();
    const players = names.map((n) => n.trim()).filter(Boolean);
    if (players.length === 0) return setError('Name at least one player.');
    setCreating(true);
    try {
      const game = await api.createGame(scenario, players, mode);
      seatStore.put(game.gameId, game.seats);
      setCreated(game);
      setError(null);
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? `Could not create the game: ${e.message}` : String(e));
    } finally {
      setCreating(false);
    }
  };

  const openAsSeat = (event: Event) => {
    event.preventDefault();
    const id = openId.trim();
    if (!id) return;
    location.hash = routeHash({ gameId: id, token: openToken.trim() || null });
  };

  return (
    <div class="lobby">
      <header class="topbar">
        <a class="brand" href="#">
          <span class="brand-mark" aria-hidden="true">
            ⚓
          </span>{' '}
          Logbook
        </a>
        <span class="tagline">a co-operative voyage, recorded event by event</span>
      </header>

      <main class="lobby-main">
        <section class="panel create" aria-labelledby="create-title">
          <h2 id="create-title">Start a game</h2>
          {/* create reports its own failures on the page, so nothing awaits it */}
          <form onSubmit={(event) => void create(event)}>
            <label>
              Scenario
              <select name="scenario" value={scenario} onChange={(e) => setScenario((e.target as HTMLSelectElement).value)}>
                {scenarios.map((s) => (
                  <option value={s.id} key={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend>Players (one seat each; leave blank for fewer)</legend>
              {names.map((name, i) => (
                <input
                  key={i}
                  name={`player-${i + 1}`}
                  aria-label={`Player ${i + 1}`}
                  placeholder={`Player ${i + 1}`}
                  value={name}
                  maxLength={40}
                  onInput={(e) => setNames(names.map((n, j) => (j === i ? (e.target as HTMLInputElement).value : n)))}
                />
              ))}
            </fieldset>
            <label>
              Mode
              <select name="mode" value={mode} onChange={(e) => setMode((e.target as HTMLSelectElement).value)}>
                <option value="standard">Standard: undo your own moves this turn</option>
                <option value="sandbox">Sandbox: undo anything</option>
              </select>
            </label>
            <button type="submit" class="primary" disabled={creating}>
              {creating ? 'Creating…' : 'Create game'}
            </button>
          </form>

          {created && (
            <div class="created" role="status" data-created-game={created.gameId}>
              <h3>Game created</h3>
              <p>
                Each link opens the game as that seat. The token is in the part after <code>#</code>, which the browser never sends to the server; share each
                link only with its player. Tokens are shown once (this browser remembers them).
              </p>
              <ul class="seat-links">
                {created.seats.map((s) => (
                  <li key={s.seat}>
                    <a class="button primary" href={routeHash({ gameId: created.gameId, token: s.token })} data-seat-link={s.seat}>
                      Play as {s.name} (seat {s.seat})
                    </a>
                    <button
                      type="button"
                      onClick={() => void navigator.clipboard?.writeText(`${location.origin}/${routeHash({ gameId: created.gameId, token: s.token })}`)}
                    >
                      Copy link
                    </button>
                  </li>
                ))}
                <li>
                  <a class="button" href={routeHash({ gameId: created.gameId })}>
                    Watch as a spectator
                  </a>
                </li>
              </ul>
            </div>
          )}
        </section>

        <section class="panel games" aria-labelledby="games-title">
          <div class="panel-head">
            <h2 id="games-title">Games</h2>
            <button type="button" onClick={() => void load()}>
              Refresh
            </button>
          </div>
          {error && (
            <p class="notice error" role="alert">
              {error}
            </p>
          )}
          {games === null ? (
            <p class="muted">Loading…</p>
          ) : games.length === 0 ? (
            <p class="muted">No games yet: start one.</p>
          ) : (
            <div class="table-wrap">
              <table class="games-table">
                <thead>
                  <tr>
                    <th scope="col">Scenario</th>
                    <th scope="col">Status</th>
                    <th scope="col">Round</th>
                    <th scope="col">Clues</th>
                    <th scope="col">Seats</th>
                    <th scope="col">
                      <span class="sr-only">Open</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {games.map((g) => {
                    const mine = seatStore.get(g.gameId);
                    return (
                      <tr key={g.gameId} data-game={g.gameId}>
                        <td>
                          <strong>{scenarios.find((s) => s.id === g.scenarioId)?.name ?? g.scenarioId}</strong>
                          <div class="muted small">
                            {g.mode} · {g.gameId.slice(0, 8)} {g.createdAt ? `· ${ago(g.createdAt)}` : ''}
                          </div>
                        </td>
                        <td data-label="Status">
                          <span class={`status status-${g.status}`}>{g.status}</span>
                        </td>
                        <td data-label="Round">
                          {g.round} <span class="muted small">act {g.act}</span>
                        </td>
                        <td data-label="Clues">
                          {g.clues}/{g.clueGoal}
                        </td>
                        <td data-label="Seats">{g.seats}</td>
                        <td class="actions">
                          <div class="row-actions">
                            <a class="button" href={routeHash({ gameId: g.gameId })} data-watch={g.gameId}>
                              Watch
                            </a>
                            {mine.map((s) => (
                              <a class="button" key={s.seat} href={routeHash({ gameId: g.gameId, token: s.token })}>
                                Play as {s.name}
                              </a>
                            ))}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}

          <form class="open-seat" onSubmit={openAsSeat}>
            <h3>Open a game as a seat</h3>
            <label>
              Game id
              <input name="open-game" value={openId} onInput={(e) => setOpenId((e.target as HTMLInputElement).value)} required />
            </label>
            <label>
              Seat token (blank to watch)
              <input
                name="open-token"
                type="password"
                autoComplete="off"
                value={openToken}
                onInput={(e) => setOpenToken((e.target as HTMLInputElement).value)}
              />
            </label>
            <button type="submit">Open</button>
          </form>
        </section>
        <MyVoyages />
      </main>
    </div>
  );
}
