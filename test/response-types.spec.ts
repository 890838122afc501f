// The client's types (generated from the document) and the server's (what the routes return) are
// the same types: checked by the compiler (npm run typecheck), both ways, for every named answer.
// Between them stand two generators (the response schemas, then openapi-typescript); this checks
// that neither lost or loosened anything on the way.
import type { Schemas } from '@logbook/api-client';
import type * as Server from '../apps/server/src/openapi/response-types';

type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? true
    : 'the document allows what the server never sends'
  : 'the server sends what the document does not allow';

const agreement: Array<true> = [
  true satisfies Same<Server.Health, Schemas['Health']>,
  true satisfies Same<Server.CreatedGame, Schemas['CreatedGame']>,
  true satisfies Same<Server.GamesPage, Schemas['GamesPage']>,
  true satisfies Same<Server.BoardView, Schemas['BoardView']>,
  true satisfies Same<Server.GameOptions, Schemas['GameOptions']>,
  // Events: the server types data and secret as unknown; the document, each event type's own.
  true satisfies Same<Server.GameEventView, Schemas['EventView']>,
  true satisfies Server.GameEventView extends Server.LiveEvent ? true : 'the document describes events the server cannot send',
  true satisfies Same<{ revision: number; events: Server.GameEventView[] }, Schemas['CommandResult']>,
  true satisfies Same<Server.ForkedGame, Schemas['ForkedGame']>,
  true satisfies Same<Server.ImportedGame, Schemas['ImportedGame']>,
  true satisfies Same<Server.Timeline, Schemas['Timeline']>,
  true satisfies Same<Server.GameNotes, Schemas['GameNotes']>,
  true satisfies Same<Server.ScenarioList, Schemas['ScenarioList']>,
  true satisfies Same<Server.GameAnalytics, Schemas['GameAnalytics']>,
  true satisfies Same<Server.ScenarioAnalytics, Schemas['ScenarioAnalytics']>,
  true satisfies Same<Server.AnalyticsSummary, Schemas['AnalyticsSummary']>,
  true satisfies Same<Server.ExportHeader, Schemas['ExportHeader']>,
  true satisfies Same<Server.ExportLine, Schemas['ExportLine']>,
  true satisfies Same<Server.GameEventView, Schemas['LiveEvent']>,
  true satisfies Same<Server.LiveError, Schemas['LiveError']>,
  true satisfies Same<Server.Problem, Schemas['Problem']>,
];

describe('the typed client and the server', () => {
  it('agree on every answer (a difference is a compile error above)', () => expect(agreement.every((same) => same)).toBe(true));
});
