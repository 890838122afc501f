// The rule ids each command can be refused with (HTTP 422), for the OpenAPI document: each
// command table's own `rules` (libs/rules, checked against what the rules raise by
// libs/rules/src/command-rules.spec.ts), and the history commands' refusals. A test checks that
// every id here is in RULES.md.
import { COMMAND_SPECS, PIPELINE_RULES as RULES_PIPELINE, type GameCommandType, type HistoryCommand } from '@logbook/rules';

type TableCommandType = Exclude<GameCommandType, 'CreateGame'>;
type SeatCommandType = TableCommandType | HistoryCommand['type'];

/** Refusals any command can meet before its own rules (RULES.md, "Rule ids of the command pipeline"). */
export const PIPELINE_RULES: readonly string[] = RULES_PIPELINE;

/** Undo, Redo and takebacks are decided against the game's history (`decideWithHistory`), not by a command table. */
const TAKEBACK_ANSWER_RULES = ['takeback.sandbox', 'takeback.unknown-request', 'takeback.expired', 'takeback.closed'];
const HISTORY_RULES: Record<HistoryCommand['type'], readonly string[]> = {
  Undo: ['undo.nothing-to-undo', 'undo.not-your-action', 'undo.not-this-turn', 'undo.revealed', 'undo.window-open'],
  Redo: ['redo.nothing-to-redo', 'redo.not-your-action', 'redo.taken-back'],
  RequestTakeback: [
    'takeback.sandbox',
    'takeback.no-one-to-ask',
    'takeback.already-open',
    'takeback.unknown-action',
    'takeback.nothing-to-take-back',
    'takeback.revealed',
    'takeback.past-round-start',
  ],
  AnswerTakeback: [...TAKEBACK_ANSWER_RULES, 'takeback.own-request', 'takeback.already-answered'],
  WithdrawTakeback: [...TAKEBACK_ANSWER_RULES, 'takeback.not-your-request'],
};

const tableRules = Object.fromEntries(Object.entries(COMMAND_SPECS).map(([type, spec]) => [type, spec.rules])) as Record<TableCommandType, readonly string[]>;

export const COMMAND_RULES: Record<SeatCommandType, readonly string[]> = { ...tableRules, ...HISTORY_RULES };
