// Calls to the Kairos API. Errors carry the problem-details message so the UI can show it.
export class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

async function problem(response) {
  try {
    const body = await response.json();
    return body.detail || body.title || `HTTP ${response.status}`;
  } catch { return `HTTP ${response.status}`; }
}

export async function request(path, { method = "GET", body, headers = {} } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError("Kairos cannot be reached. Check that the server is running.", 0);
  }
  if (!response.ok) throw new ApiError(await problem(response), response.status);
  return response.status === 204 ? null : response.json();
}

export const api = {
  session: (uid) => request("/demo/session", { method: "POST", body: uid ? { uid } : {} }),
  users: () => request("/demo/users"),
  profile: () => request("/demo/profile"),
  saveProfile: (preferences) => request("/demo/profile", { method: "PATCH", body: { preferences } }),
  saveAllergies: (allergies) => request("/demo/allergies", { method: "PATCH", body: allergies }),
  feed: (uid, refresh = false) =>
    request(`/recommendations/${uid}?limit=10${refresh ? "&refresh=true" : ""}`, { headers: { "X-User-ID": uid } }),
  expand: (uid, id) => request(`/recommendations/${uid}/${id}/expand`, { headers: { "X-User-ID": uid } }),
};

// POST /chat read as a stream with fetch (EventSource cannot send headers).
export function streamChat(uid, message, history, session, onEvent, signal) {
  return streamPost("/chat", { message, conversation_history: history, session_id: session },
    { "X-User-ID": uid }, onEvent, signal);
}

// Any POST that answers server-sent events: each `event:` block goes to onEvent(name, data).
// A refused request (4xx/5xx before the stream starts) throws its problem detail.
export async function streamPost(path, body, headers, onEvent, signal) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream", ...headers },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("Kairos cannot be reached. Check that the server is running.", 0);
  }
  if (!response.ok) throw new ApiError(await problem(response), response.status);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new ApiError("The connection to Kairos was lost while it was answering.", 0);
    }
    const { value, done } = chunk;
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = parseBlock(block);
      if (event) onEvent(event.name, event.data);
    }
  }
}

// One SSE block: `event:` names it, `data:` lines join with newlines, `:` lines are heartbeats.
function parseBlock(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (!data.length) return null;
  try {
    return { name, data: JSON.parse(data.join("\n")) };
  } catch {
    throw new ApiError("Kairos sent an answer this page cannot read. Try again.", 0);
  }
}
