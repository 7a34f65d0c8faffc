// The Operator view, loaded when it is first shown (main.js): the operator assistant.
import { createOperator } from "./operator.js";

export function mount({ getUid }) {
  const operator = createOperator({ getUid });
  return { useUser: (uid) => operator.useUser(uid) };
}
