import { builtInScenario } from '@logbook/content';
import { decideAndApply, decideWithHistory, GameHistory, seededRng, type LogCommand } from '@logbook/rules';
import { createGameCommand } from '@logbook/rules/testing/fixtures';
const history = new GameHistory();
const rng = seededRng(1);
let seq = 0;
const send = (seat: number | null, command: LogCommand) => {
  const decided = decideWithHistory(history, command, { seat, rng });
  history.record(`c${++seq}`, seat, decided.events, decided.state);
};
send(null, createGameCommand(builtInScenario('twin-sails')!, { players: 2, mode: 'standard' }));
send(1, { type: 'StartNavigation' });
const s = history.state;
const cpu = (f: () => void, n: number) => { for (let i = 0; i < 500; i++) f(); const c = process.cpuUsage(); for (let i = 0; i < n; i++) f(); const u = process.cpuUsage(c); return ((u.user + u.system) / n).toFixed(1) + ' µs'; };
console.log('decideAndApply MoveShip', cpu(() => decideAndApply(s, { type: 'MoveShip' }, { seat: 1, rng }), 5000));
send(1, { type: 'MoveShip' });
console.log('undo+redo pair', cpu(() => { send(1, { type: 'Undo' }); send(1, { type: 'Redo' }); }, 5000));
