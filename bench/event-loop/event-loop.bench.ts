// `npm run bench -- event-loop`: work that once held the event loop for seconds, and how long
// the loop now goes without a turn while it runs (every other request waits that long).
import { benchHeatMap } from './heatmap.bench';
import { benchIntegrity } from './integrity.bench';
import { benchReadModelsUndo } from './read-models-undo.bench';
import { benchRedecide } from './redecide.bench';
import { benchUndo } from './undo.bench';

export async function benchEventLoop(dir: string): Promise<void> {
  benchUndo();
  await benchHeatMap();
  await benchRedecide();
  await benchReadModelsUndo();
  await benchIntegrity(dir);
}
