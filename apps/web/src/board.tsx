// The hex sea as SVG, drawn from the board view alone: the view holds only what its viewer may
// see, so nothing hidden can be drawn. Hexes the seat may act on are highlighted and clickable
// (and reachable with Tab, Enter or Space).
import { facingName } from './describe';
import { facingDegrees, frontier, hexCorners, hexKey, hexToPixel } from './hex';
import { hiddenReason } from './options';
import type { BoardView, Hex, PlayOption, ShipView } from './types';

const SIZE = 40;

const TERRAIN_LABEL: Record<string, string> = {
  sea: 'open sea',
  rough: 'rough sea',
  port: 'port',
  shipwreck: 'shipwreck',
  island: 'island',
  altar: 'altar',
};

interface Piece {
  key: string;
  hex: Hex;
  render: (x: number, y: number) => preact.JSX.Element;
}

export function Board({ view, options, onOption, busy }: { view: BoardView; options: PlayOption[]; onOption?: (option: PlayOption) => void; busy?: boolean }) {
  const covered = view.tiles.flatMap((tile) => tile.hexes.map((h) => ({ ...h, tile })));
  const edge = frontier(covered);
  const stormKeys = new Set(covered.filter((h) => h.storm).map(hexKey));
  const all = [...covered, ...edge];
  const points = all.map((h) => hexToPixel(h, SIZE));
  const pad = SIZE * 1.3;
  const minX = Math.min(...points.map((p) => p.x)) - pad;
  const maxX = Math.max(...points.map((p) => p.x)) + pad;
  const minY = Math.min(...points.map((p) => p.y)) - pad;
  const maxY = Math.max(...points.map((p) => p.y)) + pad;
  const targets = options.filter((o): o is PlayOption & { hex: Hex } => o.hex !== undefined);

  // Pieces sharing a hex stand side by side.
  const pieces: Piece[] = [
    ...view.ships.map((ship) => ({ key: `ship-${ship.shipId}`, hex: ship.hex, render: (x: number, y: number) => <PlayerShip ship={ship} x={x} y={y} /> })),
    ...view.enemyShips.map((enemy) => ({
      key: `enemy-${enemy.enemyShipId}`,
      hex: enemy.hex,
      render: (x: number, y: number) => (
        <g class="enemy-ship" data-enemy-ship={enemy.enemyShipId} data-hex={hexKey(enemy.hex)} transform={`translate(${x} ${y})`}>
          <title>{`${enemy.name} (enemy ship) at ${hexKey(enemy.hex)}, facing ${facingName(enemy.facing)}`}</title>
          <g transform={`rotate(${facingDegrees(enemy.facing)})`}>
            <Hull fill="#2b1d1d" stroke="#e35d5d" />
            <path d="M0 -10 L8 2 L0 2 Z" fill="#c0392b" />
          </g>
          <text class="piece-label enemy" y={SIZE * 0.62}>
            {enemy.name}
          </text>
        </g>
      ),
    })),
    ...view.characters
      .filter((c) => c.shipId === null)
      .map((c) => ({
        key: `character-${c.characterId}`,
        hex: c.hex,
        render: (x: number, y: number) => (
          <g class="character" data-character={c.characterId} transform={`translate(${x} ${y})`}>
            <title>{`${c.name} ashore or adrift at ${hexKey(c.hex)}`}</title>
            <circle r="6" fill="#f4d35e" stroke="#3d2c00" />
          </g>
        ),
      })),
  ];
  const byHex = new Map<string, Piece[]>();
  for (const piece of pieces) byHex.set(hexKey(piece.hex), [...(byHex.get(hexKey(piece.hex)) ?? []), piece]);

  return (
    <svg
      class="board"
      viewBox={`${minX.toFixed(1)} ${minY.toFixed(1)} ${(maxX - minX).toFixed(1)} ${(maxY - minY).toFixed(1)}`}
      // A group, not an image: an image's children are hidden from screen readers, and the
      // highlighted hexes inside are buttons.
      role="group"
      aria-label={`The sea: ${view.tiles.length} tile(s), ${view.ships.length} ship(s), ${view.enemyShips.length} enemy ship(s)`}
      data-revision={view.revision}
    >
      <defs>
        <pattern id="waves" width="16" height="10" patternUnits="userSpaceOnUse">
          <path d="M0 6 q4 -5 8 0 t8 0" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="1.4" />
        </pattern>
        <radialGradient id="sea" cx="50%" cy="40%" r="70%">
          <stop offset="0%" stop-color="#3f8fb5" />
          <stop offset="100%" stop-color="#2a6b8f" />
        </radialGradient>
      </defs>

      {edge.map((h) => {
        const { x, y } = hexToPixel(h, SIZE);
        return (
          <g class="hex unexplored" data-hex={hexKey(h)} key={`edge-${hexKey(h)}`}>
            <title>{`Unexplored water at ${hexKey(h)}`}</title>
            <polygon points={hexCorners(x, y, SIZE - 1.5)} />
            <text x={x} y={y + 5} class="fog">
              ?
            </text>
          </g>
        );
      })}

      {covered.map((h) => {
        const { x, y } = hexToPixel(h, SIZE);
        const label = `${TERRAIN_LABEL[h.terrain] ?? h.terrain}${h.storm ? ', storm' : ''}${h.altarPurged ? ', purged' : ''} at ${hexKey(h)}`;
        return (
          <g class={`hex terrain-${h.terrain}`} data-hex={hexKey(h)} data-terrain={h.terrain} data-tile={h.tile.tileId} key={hexKey(h)}>
            <title>{label}</title>
            <polygon points={hexCorners(x, y, SIZE - 1)} class="ground" />
            {h.terrain === 'rough' && <polygon points={hexCorners(x, y, SIZE - 1)} fill="url(#waves)" />}
            {h.terrain === 'island' && (
              <g class="island-mark">
                <ellipse cx={x - 4} cy={y + 4} rx="17" ry="11" fill="#d9c38f" />
                <ellipse cx={x - 3} cy={y + 1} rx="12" ry="8" fill="#5f8f4e" />
                <ellipse cx={x + 10} cy={y - 10} rx="7" ry="5" fill="#d9c38f" />
              </g>
            )}
            {h.terrain === 'port' && (
              <text x={x} y={y + 7} class="glyph port-glyph">
                ⚓
              </text>
            )}
            {h.terrain === 'shipwreck' && (
              <g class="wreck-mark" stroke="#2f2a24" stroke-width="2.5" stroke-linecap="round">
                <path d={`M${x - 12} ${y + 8} L${x + 12} ${y + 4}`} />
                <path d={`M${x - 2} ${y + 6} L${x + 6} ${y - 12}`} />
              </g>
            )}
            {h.terrain === 'altar' && (
              <g class={`altar-mark${h.altarPurged ? ' purged' : ''}`}>
                <path d={`M${x} ${y - 15} L${x + 10} ${y} L${x} ${y + 15} L${x - 10} ${y} Z`} />
                <text x={x} y={y + 26} class="small-label">
                  {h.altarPurged ? 'purged' : 'altar'}
                </text>
              </g>
            )}
            {h.enemyShipSpawn && (
              <path class="spawn-mark" d={`M${x + 18} ${y - 22} l6 10 h-12 z`}>
                <title>Enemy ships appear here when an act ends</title>
              </path>
            )}
            {stormKeys.has(hexKey(h)) && (
              <g class="storm">
                <polygon points={hexCorners(x, y, SIZE - 1)} class="storm-shade" />
                <text x={x + 14} y={y - 12} class="glyph storm-glyph">
                  ⚡
                </text>
              </g>
            )}
          </g>
        );
      })}

      {/* tile borders and the clues still on each tile */}
      {view.tiles.map((tile) => {
        const { x, y } = hexToPixel(tile.anchor, SIZE);
        return (
          <g class="tile-info" key={`tile-${tile.tileId}`} data-tile-info={tile.tileId}>
            {tile.clues > 0 && (
              <g class="clue-badge" transform={`translate(${x - 20} ${y - 24})`}>
                <title>{`${tile.clues} clue(s) on this tile`}</title>
                <circle r="9" />
                <text y="4">{tile.clues}</text>
              </g>
            )}
          </g>
        );
      })}

      {[...byHex.values()].flatMap((group) =>
        group.map((piece, i) => {
          const { x, y } = hexToPixel(piece.hex, SIZE);
          const shift = group.length === 1 ? 0 : (i - (group.length - 1) / 2) * SIZE * 0.62;
          return <g key={piece.key}>{piece.render(x + shift, y)}</g>;
        }),
      )}

      {targets.map((option) => {
        const { x, y } = hexToPixel(option.hex, SIZE);
        const act = () => !busy && onOption?.(option);
        return (
          <g
            class="target"
            key={`target-${option.label}`}
            data-target={option.command.type}
            data-hex={hexKey(option.hex)}
            role="button"
            tabindex={0}
            // While an order is on its way a target takes no click: it says so (and a test's click waits).
            aria-disabled={busy ? 'true' : undefined}
            aria-label={`${option.label}, on the board${option.command.type === 'MoveShip' ? '' : ` at ${hexKey(option.hex)}`}${option.hiddenDependent ? ` (${hiddenReason(option)})` : ''}`}
            onClick={act}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                act();
              }
            }}
          >
            <title>
              {option.label}
              {option.hiddenDependent ? ` (${hiddenReason(option)})` : ''}
            </title>
            <polygon points={hexCorners(x, y, SIZE - 4)} />
            <text x={x} y={y + 5} class="target-label">
              {option.command.type === 'ExploreTile' ? 'explore' : 'move'}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Hull({ fill, stroke }: { fill: string; stroke: string }) {
  return <path d="M0 -20 C9 -12 10 4 7 16 L-7 16 C-10 4 -9 -12 0 -20 Z" fill={fill} stroke={stroke} stroke-width="2" />;
}

function PlayerShip({ ship, x, y }: { ship: ShipView; x: number; y: number }) {
  const enemies = ship.enemiesOnDeck.length;
  const state = ship.wrecked ? 'wrecked, face down' : ship.anchored ? 'at anchor' : `facing ${facingName(ship.facing)}`;
  return (
    <g
      class={`ship${ship.wrecked ? ' wrecked' : ''}`}
      data-ship={ship.shipId}
      data-hex={hexKey(ship.hex)}
      data-facing={ship.facing}
      transform={`translate(${x} ${y})`}
    >
      <title>{`${ship.name} (${ship.class}) at ${hexKey(ship.hex)}, ${state}${enemies ? `, ${enemies} enem${enemies === 1 ? 'y' : 'ies'} on deck` : ''}`}</title>
      <g transform={`rotate(${facingDegrees(ship.facing)})`}>
        {ship.wrecked ? (
          <>
            <Hull fill="#6b6258" stroke="#2d2721" />
            <path d="M-6 -6 L6 8 M6 -6 L-6 8" stroke="#2d2721" stroke-width="2.5" />
          </>
        ) : (
          <>
            <Hull fill="#8a5a33" stroke="#fdf6e3" />
            <path d="M0 -12 L0 10" stroke="#3b2614" stroke-width="1.5" />
            <path d="M1 -11 C9 -6 9 4 1 8 Z" fill="#fdf6e3" />
            <path d="M0 -20 L0 -27" stroke="#fdf6e3" stroke-width="2" />
          </>
        )}
      </g>
      {ship.anchored && !ship.wrecked && (
        <text class="glyph anchor-badge" x="14" y="18">
          ⚓
        </text>
      )}
      {enemies > 0 && (
        <g class="on-deck-badge" transform="translate(15 -16)" data-enemies-on-deck={enemies}>
          <circle r="8" />
          <text y="4">{enemies}</text>
        </g>
      )}
      <text class="piece-label" y={SIZE * 0.62 + 4}>
        {ship.name}
      </text>
    </g>
  );
}
