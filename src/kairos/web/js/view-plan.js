// The Plan view, loaded when it is first shown (main.js): the group planner.
import { createPlan } from "./plan.js";

export function mount() {
  const plan = createPlan();
  return { shown: (hash) => plan.shown(hash) };
}
