// The Trips view, loaded when it is first shown (main.js): the trip planner.
import { createTrips } from "./trips.js";

export function mount({ getUid }) {
  const trips = createTrips({ getUid });
  return { useUser: (uid) => trips.useUser(uid) };
}
