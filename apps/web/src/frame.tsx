// The game page's frame: the top bar (title, who you are, live or replay) and the zoomable box
// that holds the board.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LiveStatus } from './live';

/** The board fits its box; zooming in makes the box scroll, centred on the seat's ship (or the first). */
export function ZoomableBoard({ children, focus }: { children: ComponentChildren; focus: number | null }) {
  const [zoom, setZoom] = useState(1);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrap = box.current;
    const ship = wrap?.querySelector<SVGGraphicsElement>('svg.board .ship:not(.wrecked)') ?? wrap?.querySelector<SVGGraphicsElement>('svg.board .ship');
    if (!wrap || !ship) return;
    const area = wrap.getBoundingClientRect();
    const at = ship.getBoundingClientRect();
    wrap.scrollLeft += at.left + at.width / 2 - (area.left + area.width / 2);
    wrap.scrollTop += at.top + at.height / 2 - (area.top + area.height / 2);
  }, [zoom, focus]);
  return (
    <div class="board-frame">
      <div class="board-wrap" ref={box} data-zoom={zoom} style={{ '--zoom': String(zoom) }}>
        {children}
      </div>
      <div class="zoom" role="group" aria-label="Zoom">
        <button type="button" aria-label="Zoom in" onClick={() => setZoom(Math.min(4, zoom * 1.5))}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => setZoom(Math.max(1, zoom / 1.5))} disabled={zoom <= 1}>
          −
        </button>
        <button type="button" aria-label="Fit the board" onClick={() => setZoom(1)} disabled={zoom === 1}>
          Fit
        </button>
      </div>
    </div>
  );
}

export function TopBar({ title, liveStatus, who, replayAt }: { title: string; liveStatus: LiveStatus; who?: string; replayAt?: number | null }) {
  const label =
    replayAt !== null && replayAt !== undefined
      ? 'replay'
      : liveStatus === 'live'
        ? 'live'
        : liveStatus === 'reconnecting'
          ? 'reconnecting…'
          : liveStatus === 'connecting'
            ? 'connecting…'
            : 'not following';
  return (
    <header class="topbar">
      <a class="brand" href="#" aria-label="Logbook lobby">
        <span class="brand-mark" aria-hidden="true">
          ⚓
        </span>{' '}
        Logbook
      </a>
      <h1 class="game-title">{title}</h1>
      {who && <span class="who">{who}</span>}
      <span class={`live-status live-${replayAt !== null && replayAt !== undefined ? 'replay' : liveStatus}`} data-live-status={liveStatus} role="status">
        <span class="dot" aria-hidden="true" /> {label}
      </span>
    </header>
  );
}
