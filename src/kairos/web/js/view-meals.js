// The Meals view, loaded when it is first shown (main.js): the meal coach and the kitchen.
import { createKitchen } from "./kitchen.js";
import { createMeals } from "./meals.js";

export function mount({ getUid }) {
  const meals = createMeals({ getUid });
  const kitchen = createKitchen({ getUid });
  return { useUser() { meals.reset(); kitchen.reload(); } };
}
