// A whole Navigation order as one plan: start, every step in order, end — applied whole or not
// at all (a rejected step rejects the command, and a rejected command leaves no events). An
// explore may only be the last step, so no step is ever decided against a tile the plan revealed.
import type { PlayDecision } from '../decision';
import { RuleViolation, ensure } from '../errors';
import { isOver } from '../turn/scenario-end';
import { decideExplore } from './explore';
import { decideMove } from './move';
import type { Navigate, NavigationStep } from './navigation.commands';
import { endOrder, startOrder } from './navigation-order';
import { decideTurn } from './turn-ship';
import { ruleValues } from '../rule-values';

function runStep(decision: PlayDecision, step: NavigationStep): void {
  switch (step.action) {
    case 'move':
      return decideMove(decision);
    case 'turn':
      return decideTurn(decision, step.direction);
    case 'explore':
      return decideExplore(decision, step.rotation);
    default: {
      const unknown: never = step;
      throw new RuleViolation('command.invalid', `Unknown navigation action ${(unknown as { action: string }).action}`);
    }
  }
}

/** Re-throws a step's violation under the same rule id, saying which step broke it. */
function atStep(index: number, step: NavigationStep, run: () => void): void {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) throw new RuleViolation(error.rule, `Step ${index + 1} (${step.action}): ${error.message}`);
    throw error;
  }
}

export function decideNavigate(decision: PlayDecision, command: Navigate): void {
  const steps = command.steps;
  ensure(
    Array.isArray(steps) && steps.length <= ruleValues.maxPlanSteps,
    'command.invalid',
    `steps must be a list of at most ${ruleValues.maxPlanSteps} actions`,
  );
  // [D] navigation.plan-explore-last: steps after an explore would be decided against the tile it
  // reveals, and a refused plan records nothing, so a player could retry for free and learn the
  // hidden tile, which must never leave the server. Refused up front, before anything is decided or drawn, so the answer
  // never depends on the stack. Step by step, the tile is placed (and public) before the next order.
  const early = steps.findIndex((step, index) => step?.action === 'explore' && index < steps.length - 1);
  ensure(
    early === -1,
    'navigation.plan-explore-last',
    `Step ${early + 1} (explore): an explore must be the last step of a plan; give the rest as another order or navigate step by step`,
  );
  startOrder(decision);
  for (const [index, step] of steps.entries()) {
    atStep(index, step, () => runStep(decision, step));
    // [D] a plan that wins the scenario ends there: nothing may happen after the end.
    if (isOver(decision)) return;
    // [D] a step that opens a response window (storm damage, an altar spawn with no free node)
    // interrupts the plan unless it is the last step: the responses may change what the player
    // wants to do next, so the rest cannot be decided in advance. Give such an order step by step.
    ensure(
      !decision.state.pending || index === steps.length - 1,
      'navigation.plan-interrupted',
      `Step ${index + 1} (${step.action}) opens a ${decision.state.pending?.kind} window; make it the last step or navigate step by step`,
    );
  }
  endOrder(decision);
}
