// Replay: a scrubber over every revision, steps between actions, playback at a chosen speed, and
// the timeline of actions (undone ones struck through) to jump to any of them.
import { Fragment } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { TimelineNotes } from './notes';
import type { TimelineItem } from './types';

export function ReplayBar(props: {
  current: number;
  latest: number;
  replaying: boolean;
  playing: boolean;
  speed: number;
  onSeek: (revision: number | null) => void;
  onBack: () => void;
  onForward: () => void;
  onPlay: () => void;
  onSpeed: (speed: number) => void;
}) {
  const { current, latest } = props;
  return (
    <div class="replay-bar" role="group" aria-label="Replay">
      <button type="button" data-replay="back" aria-label="Step back" title="Step back (one action)" onClick={props.onBack} disabled={current <= 0}>
        <Icon d="M6 5v14M19 5 9 12l10 7z" />
      </button>
      <button type="button" data-replay="play" aria-label={props.playing ? 'Pause replay' : 'Play replay'} onClick={props.onPlay}>
        {props.playing ? <Icon d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <Icon d="M7 5v14l12-7z" />}
      </button>
      <button
        type="button"
        data-replay="forward"
        aria-label="Step forward"
        title="Step forward (one action)"
        onClick={props.onForward}
        disabled={!props.replaying}
      >
        <Icon d="M18 5v14M5 5l10 7-10 7z" />
      </button>
      <input
        type="range"
        class="scrubber"
        aria-label="Revision"
        min={0}
        max={latest}
        value={current}
        onInput={(e) => props.onSeek(Number((e.target as HTMLInputElement).value))}
      />
      <span class="revision" aria-live="off">
        {current}/{latest}
      </span>
      <label class="speed">
        <span class="sr-only">Speed</span>
        <select value={String(props.speed)} aria-label="Replay speed" onChange={(e) => props.onSpeed(Number((e.target as HTMLSelectElement).value))}>
          {[0.5, 1, 2, 4, 8].map((s) => (
            <option value={String(s)} key={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-replay="live" onClick={() => props.onSeek(null)} disabled={!props.replaying}>
        Live
      </button>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
    </svg>
  );
}

export function Timeline({
  items,
  error,
  current,
  onSeek,
}: {
  items: TimelineItem[];
  /** Why the server's timeline could not be read (the list then shows what it had). */
  error: string | null;
  current: number;
  onSeek: (revision: number | null) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  // Keep the current action in sight while replaying.
  useEffect(() => {
    // Scroll the list only (scrollIntoView would scroll the whole side panel too).
    const box = list.current;
    const el = box?.querySelector<HTMLElement>('.current');
    if (!box || !el) return;
    const top = el.offsetTop - box.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + el.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + el.offsetHeight - box.clientHeight;
  }, [current, items.length]);
  let lastRound: number | undefined;
  return (
    <section class="panel timeline" aria-labelledby="timeline-title" data-timeline={error ? 'error' : 'ready'}>
      <h2 id="timeline-title">Timeline</h2>
      {error && (
        <p class="notice error small" role="alert" data-error="timeline">
          The timeline could not be loaded: {error}
        </p>
      )}
      <ol ref={list} class="timeline-list">
        {items.map((item) => {
          const header = item.round !== lastRound ? item.round : undefined;
          lastRound = item.round;
          const isCurrent = current >= item.from && current <= item.to;
          return (
            <Fragment key={item.key}>
              {header !== undefined && (
                <li class="round-header" aria-hidden="true">
                  {header === 0 ? 'Setting sail' : `Round ${header}`}
                </li>
              )}
              <li
                class={`item kind-${item.kind}${item.undone ? ' undone' : ''}${isCurrent ? ' current' : ''}${item.from > current ? ' future' : ''}`}
                data-from={item.from}
                data-to={item.to}
                data-undone={item.undone ? 'true' : 'false'}
              >
                <button type="button" class="link" onClick={() => onSeek(item.to)} aria-current={isCurrent ? 'step' : undefined}>
                  <span class="rev">{item.from === item.to ? item.to : `${item.from}–${item.to}`}</span>
                  <span class="what">
                    {item.description}
                    {item.undone && <span class="undone-tag">(undone)</span>}
                  </span>
                </button>
                <TimelineNotes notes={item.notes} onSeek={onSeek} />
              </li>
            </Fragment>
          );
        })}
      </ol>
    </section>
  );
}
