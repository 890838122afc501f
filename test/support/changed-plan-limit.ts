// Preloaded (`node -r`) by specs that run the command line as a build with a changed rule would:
// a Navigate plan of at most one step instead of 50. Test-only: nothing in apps/ or libs/ loads it.
import { changeRuleValue } from '../../libs/rules/src/testing/changed-rules';

changeRuleValue('maxPlanSteps', 1);
