// ANALYTICS — the place for the analytics issue's charts (issue 10), for this game and its
// scenario. Until a server has them (`/analytics/...` answers 404) this says so; when it answers,
// its figures are shown. Wire the charts here once the endpoint's shape is settled.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';

const CANDIDATES = (gameId: string, scenarioId: string) => [
  { title: 'This game', path: `/analytics/games/${encodeURIComponent(gameId)}` },
  { title: 'This scenario', path: `/analytics/scenarios/${encodeURIComponent(scenarioId)}` },
];

export function Analytics({ gameId, scenarioId }: { gameId: string; scenarioId: string }) {
  const [found, setFound] = useState<Array<{ title: string; body: unknown }> | null>(null);
  useEffect(() => {
    let stale = false;
    Promise.all(
      CANDIDATES(gameId, scenarioId).map((c) =>
        api.analytics(c.path).then(
          (body) => ({ title: c.title, body }),
          () => null,
        ),
      ),
    ).then((results) => !stale && setFound(results.filter((r): r is { title: string; body: unknown } => r !== null)));
    return () => {
      stale = true;
    };
  }, [gameId, scenarioId]);

  return (
    <section class="panel analytics" aria-labelledby="analytics-title" data-analytics={found === null ? 'loading' : found.length ? 'ready' : 'pending'}>
      <h2 id="analytics-title">Analytics</h2>
      {found === null ? (
        <p class="muted small">Looking for analytics…</p>
      ) : found.length === 0 ? (
        <p class="muted small">Charts for this game and its scenario appear here once the server has analytics.</p>
      ) : (
        found.map((f) => (
          <div key={f.title}>
            <h3>{f.title}</h3>
            <Figures body={f.body} />
          </div>
        ))
      )}
    </section>
  );
}

/** The numbers of an analytics answer, as a small table, until proper charts are wired. */
function Figures({ body }: { body: unknown }) {
  const rows = body && typeof body === 'object' ? Object.entries(body as Record<string, unknown>).filter(([, v]) => typeof v === 'number' || typeof v === 'string') : [];
  if (rows.length === 0) return <p class="muted small">No figures yet.</p>;
  return (
    <table class="figures">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{String(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
