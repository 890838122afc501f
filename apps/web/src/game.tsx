// One game: the board (live, or as it stood at any revision), its status, the replay controls
// and timeline, the seat's options, and the analytics place. The view on screen is always one
// the server gave this viewer; the page never works out hidden facts itself.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { commandWords } from '@logbook/projections/history/words';
import { api, ApiError } from './api';
import { Analytics } from './analytics';
import { Board } from './board';
import { BotsPanel } from './bots';
import { ClaimSeat } from './claim';
import { TopBar, ZoomableBoard } from './frame';
import { describeCommand, timelineItems } from './describe';
import { followGame, type LiveStatus } from './live';
import { NotesPanel } from './notes';
import { optionsFromEndpoint, viewerSeat } from './options';
import { PlayPanel } from './play';
import { PresencePanel, usePresence } from './presence';
import { ReplayBar, Timeline } from './replay';
import { replaceRoute, routeHash, seatStore, tokenFromPaste } from './route';
import { PartyPanel, StatusPanel } from './status';
import { TakebackPanel } from './takeback';
import type { Notice } from './notice';
import type { BoardView, Command, NoteView, PlayOption, TimelineItem } from './types';

/**
 * After a navigation order on a one-column page (a phone), the next choice is a highlighted hex:
 * bring the board back into view when the buttons below it had scrolled it away.
 */
function showBoardIfAway(command: Command): void {
  if (commandWords(command.type)?.group !== 'navigation') return;
  const frame = document.querySelector('.board-frame');
  if (!frame) return;
  const { top, bottom } = frame.getBoundingClientRect();
  if (bottom <= 0 || top >= innerHeight || top < 0) frame.scrollIntoView({ block: 'start' });
}

/** What a failed request says on the page. */
const failure = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function GamePage({ gameId, token, initialAt }: { gameId: string; token: string | null; initialAt: number | null }) {
  const [live, setLive] = useState<BoardView | null>(null);
  const [past, setPast] = useState<BoardView | null>(null);
  const [at, setAt] = useState<number | null>(initialAt);
  const [fatal, setFatal] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [timeline, setTimeline] = useState<TimelineItem[]>([]);
  const [timelineError, setTimelineError] = useState<string | null>(null);
  const [notes, setNotes] = useState<NoteView[]>([]);
  const [options, setOptions] = useState<PlayOption[]>([]);
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting');
  const [busy, setBusy] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);

  const { presence, client, onPresence } = usePresence(gameId, token, liveStatus);
  const refreshing = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const liveRef = useRef<BoardView | null>(null);

  // The server's options answer names the token's seat, also once the game is over (when every
  // hand shows and the view alone cannot tell whose page this is).
  const [tokenSeat, setTokenSeat] = useState<number | null>(null);
  const seat = useMemo(() => {
    if (!live || !token) return null;
    return viewerSeat(live) ?? tokenSeat ?? seatStore.get(gameId).find((s) => s.token === token)?.seat ?? null;
  }, [live, token, gameId, tokenSeat]);

  // A failed timeline or options request is shown where they would be (never guessed from the
  // board); the next refresh asks again.
  const loadTimeline = useCallback(async () => {
    try {
      const answer = await api.timeline(gameId);
      setTimeline(timelineItems(answer));
      setNotes(answer.notes);
      setTimelineError(null);
    } catch (e) {
      setTimelineError(failure(e));
    }
  }, [gameId]);

  const loadOptions = useCallback(
    async (view: BoardView) => {
      if (!token) {
        setOptions([]);
        setOptionsError(null);
        return;
      }
      try {
        const body = await api.options(gameId, token);
        setTokenSeat(body.seat);
        setOptions(view.status === 'active' && body.seat !== null ? optionsFromEndpoint(body, view, body.seat) : []);
        setOptionsError(null);
      } catch (e) {
        setOptions([]);
        setOptionsError(failure(e));
      }
    },
    [gameId, token],
  );

  /** Fetches the view, options and timeline; calls made while one runs are folded into one more. */
  const refresh = useCallback((): Promise<void> => {
    if (refreshing.current) {
      again.current = true;
      return refreshing.current;
    }
    const run = async () => {
      do {
        again.current = false;
        try {
          const view = await api.view(gameId, token);
          liveRef.current = view;
          setLive(view);
          setFatal(null);
          document.title = `Logbook — ${view.scenario.name}, round ${view.round}`;
          await Promise.all([loadOptions(view), loadTimeline()]);
        } catch (e) {
          if (e instanceof ApiError && [401, 403, 404].includes(e.status) && !liveRef.current) {
            setFatal(e.status === 404 ? `There is no game ${gameId}.` : `This link's seat token is not a seat of this game: ${e.message}.`);
          } else if (e instanceof ApiError) {
            setNotice({ kind: 'error', text: e.message });
          }
        }
      } while (again.current);
    };
    refreshing.current = run().finally(() => (refreshing.current = null));
    return refreshing.current;
  }, [gameId, token, loadOptions, loadTimeline]);

  // A sandbox game's end can be undone: then it is followed again.
  const ended = live?.status === 'won' || live?.status === 'lost';
  // First load, then follow the live feed from the revision after the one shown.
  useEffect(() => {
    let feed: { close(): void } | undefined;
    let cancelled = false;
    const over = () => liveRef.current?.status === 'won' || liveRef.current?.status === 'lost';
    void refresh().then(() => {
      if (cancelled || !liveRef.current) return;
      // A finished game has nothing more to say (its feed ends): no need to follow it.
      if (over()) return setLiveStatus('closed');
      feed = followGame(
        gameId,
        liveRef.current.revision + 1,
        (revision, type) => {
          if ((liveRef.current?.revision ?? -1) < revision) void refresh();
          if (type === 'ScenarioWon' || type === 'ScenarioLost') feed?.close();
        },
        setLiveStatus,
        { client, onPresence },
      );
    });
    return () => {
      cancelled = true;
      feed?.close();
    };
  }, [gameId, refresh, ended, client, onPresence]);

  // Seeking: the board as it stood at `at`, as this viewer may see it.
  useEffect(() => {
    replaceRoute({ gameId, token, at });
    if (at === null) return setPast(null);
    let stale = false;
    api.view(gameId, token, at).then(
      (view) => !stale && setPast(view),
      (e: Error) => !stale && setNotice({ kind: 'error', text: e.message }),
    );
    return () => {
      stale = true;
    };
  }, [at, gameId, token]);

  const latest = live?.revision ?? 0;
  // Stops between actions: the last revision of each (every revision when there is no timeline yet).
  const stops = useMemo(() => {
    const ends = new Set(timeline.map((item) => item.to));
    ends.add(latest);
    return [...ends].filter((r) => r <= latest).sort((a, b) => a - b);
  }, [timeline, latest]);

  const seek = useCallback(
    (revision: number | null) => {
      if (revision === null || revision >= latest) {
        setAt(null);
        setPlaying(false);
      } else setAt(Math.max(0, revision));
    },
    [latest],
  );

  const current = at ?? latest;
  const stepBack = () => {
    const prev = [...stops].reverse().find((r) => r < current);
    seek(prev ?? 0);
  };
  const stepForward = () => seek(stops.find((r) => r > current) ?? null);

  // Playing the replay: one step per second at 1×.
  useEffect(() => {
    if (!playing) return;
    if (at === null) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(stepForward, 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, at, speed, stops]);

  const send = async (command: Command) => {
    if (!token) return;
    setBusy(true);
    try {
      const sentFrom = liveRef.current;
      const result = await api.command(gameId, token, command);
      setNotice({ kind: 'info', text: `${sentFrom ? describeCommand(command, sentFrom) : command.type}: done (revision ${result.revision}).` });
      await refresh();
      showBoardIfAway(command);
    } catch (e) {
      if (e instanceof ApiError) setNotice({ kind: 'error', text: e.message, rule: e.problem.rule });
      else setNotice({ kind: 'error', text: String(e) });
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  /** A new game from the moment shown, played from the same seat. */
  const forkHere = async (revision: number) => {
    if (!token) return;
    try {
      const fork = await api.fork(gameId, token, revision);
      seatStore.put(fork.gameId, fork.seats);
      const mine = fork.seats.find((s) => s.seat === seat) ?? fork.seats[0];
      location.hash = routeHash({ gameId: fork.gameId, token: mine?.token ?? null });
    } catch (e) {
      if (e instanceof ApiError) setNotice({ kind: 'error', text: e.message, rule: e.problem.rule });
      else setNotice({ kind: 'error', text: String(e) });
    }
  };

  if (fatal) {
    return (
      <div class="game-page">
        <TopBar title={token ? 'A seat link that does not fit' : 'No such game'} liveStatus="closed" />
        <main class="fatal">
          <p class="notice error" role="alert">
            {fatal}
          </p>
          {token && <SeatLinkHelp gameId={gameId} />}
          <a class="button" href="#">
            Back to the lobby
          </a>
        </main>
      </div>
    );
  }
  if (!live) {
    return (
      <div class="game-page">
        <TopBar title="Logbook" liveStatus={liveStatus} />
        <main class="fatal">
          <p class="muted">Loading the game…</p>
        </main>
      </div>
    );
  }

  const shown = at !== null && past ? past : live;
  const replaying = at !== null;
  const seatName = seat === null ? null : (live.seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`);
  const boardOptions = replaying ? [] : options;

  return (
    <div class={`game-page${replaying ? ' replaying' : ''}`} data-game={gameId} data-viewer={seat === null ? 'spectator' : `seat-${seat}`}>
      <TopBar
        title={live.scenario.name}
        liveStatus={liveStatus}
        who={seatName ? `Playing as ${seatName}` : 'Watching as a spectator'}
        replayAt={replaying ? current : null}
      />
      <main class="game-main">
        <section class="board-area" aria-label="Board">
          {replaying && (
            <div class="replay-banner" role="status">
              Replay: the board at revision <strong data-replay-at={current}>{current}</strong> of {latest}
              <button type="button" onClick={() => seek(null)}>
                Back to live
              </button>
              {token && seat !== null && (
                <button type="button" data-action="fork" onClick={() => void forkHere(current)}>
                  Fork from here
                </button>
              )}
            </div>
          )}
          <ZoomableBoard focus={seat}>
            <Board view={shown} options={boardOptions} onOption={(o) => void send(o.command)} busy={busy} />
          </ZoomableBoard>
          <ReplayBar
            current={current}
            latest={latest}
            replaying={replaying}
            playing={playing}
            speed={speed}
            onSeek={seek}
            onBack={stepBack}
            onForward={stepForward}
            onPlay={() => {
              if (!replaying) seek(stops.length > 1 ? stops[0] : 0);
              setPlaying(!playing);
            }}
            onSpeed={setSpeed}
          />
        </section>
        <aside class="side">
          <PresencePanel view={live} presence={presence} seat={seat} />
          <StatusPanel view={shown} />
          <TakebackPanel view={live} seat={seat} busy={busy} replaying={replaying} onSend={(c) => void send(c)} />
          <PlayPanel
            view={live}
            gameId={gameId}
            token={token}
            seat={seat}
            options={options}
            optionsError={optionsError}
            replaying={replaying}
            busy={busy}
            notice={notice}
            onSend={(c) => void send(c)}
            onDismiss={() => setNotice(null)}
            onReplay={() => seek(stops[0] ?? 0)}
          />
          <BotsPanel view={live} gameId={gameId} token={token} seat={seat} replaying={replaying} onChanged={() => void refresh()} />
          <ClaimSeat view={live} gameId={gameId} token={token} seat={seat} onChanged={() => void refresh()} />
          <Timeline items={timeline} error={timelineError} current={current} onSeek={seek} />
          <NotesPanel gameId={gameId} token={seat === null ? null : token} current={current} notes={notes} onAdded={() => void loadTimeline()} />
          <PartyPanel view={shown} />
          <Analytics gameId={gameId} scenarioId={live.scenario.id} revision={live.revision} />
        </aside>
      </main>
    </div>
  );
}

/** A link whose token is no seat of the game: watch it instead, or paste the token again. */
function SeatLinkHelp({ gameId }: { gameId: string }) {
  const [pasted, setPasted] = useState('');
  return (
    <div class="seat-link-help">
      <p>
        <a class="button primary" href={routeHash({ gameId })} data-action="spectate">
          Watch this game as a spectator
        </a>
      </p>
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const token = tokenFromPaste(pasted);
          if (token) location.hash = routeHash({ gameId, token });
        }}
      >
        <label for="seat-token-again">Or paste your seat token (or the whole seat link) again:</label>
        <input
          id="seat-token-again"
          type="password"
          name="token"
          placeholder="seat token"
          autoComplete="off"
          value={pasted}
          onInput={(e) => setPasted((e.target as HTMLInputElement).value)}
        />
        <button type="submit">Take my seat</button>
      </form>
    </div>
  );
}
