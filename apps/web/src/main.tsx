// Logbook in the browser: a lobby, and a game page to watch, replay and play.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { GamePage } from './game';
import { Lobby } from './lobby';
import { readRoute, type Route } from './route';

function App() {
  const [route, setRoute] = useState<Route>(readRoute());
  useEffect(() => {
    const onHash = () => setRoute(readRoute());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  if (route.gameId) return <GamePage key={`${route.gameId}|${route.token ?? ''}`} gameId={route.gameId} token={route.token} initialAt={route.at} />;
  return <Lobby />;
}

const root = document.getElementById('app');
// index.html holds the element; a page served without it has nothing to draw into.
if (!root) throw new Error('The page has no #app element');
root.textContent = ''; // the "Loading…" placeholder
render(<App />, root);
